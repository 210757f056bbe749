// Extraction of the embedded demo workspace (see demo_workspace.h).
#include "index/demo_workspace.h"

#include "profile/builtin_resources.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QStandardPaths>

namespace katlas {

QString cacheFolder()
{
    const QString env = qEnvironmentVariable("KATLAS_CACHE_DIR");
    if (!env.isEmpty())
        return env;
    const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
    return (base.isEmpty() ? QDir::tempPath() : base) + QStringLiteral("/kernel-atlas");
}

std::optional<DemoWorkspace> demoWorkspace(QString *error)
{
    ensureBuiltinResources();
    ProfileError perr;
    std::optional<Profile> profile = loadBuiltinProfile(QStringLiteral("demo"), &perr);
    if (!profile) {
        if (error)
            *error = perr.toString();
        return std::nullopt;
    }
    DemoWorkspace demo;
    demo.root = cacheFolder() + QStringLiteral("/demo-") + QStringLiteral(KATLAS_VERSION);
    demo.defaultDbPath = cacheFolder() + QStringLiteral("/demo-") + QStringLiteral(KATLAS_VERSION) + QStringLiteral(".katlas");
    const QString prefix = QStringLiteral(":/katlas/demo/");
    QDirIterator it(prefix, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString src = it.next();
        const QString rel = src.mid(prefix.size());
        if (rel == QLatin1String("profile.json"))
            continue;
        const QString dst = demo.root + QLatin1Char('/') + rel;
        QFile in(src);
        QFile existing(dst);
        if (existing.open(QIODevice::ReadOnly) && in.open(QIODevice::ReadOnly) && existing.readAll() == in.readAll())
            continue;
        existing.close();
        QDir().mkpath(QFileInfo(dst).absolutePath());
        QFile::remove(dst);
        if (!QFile::copy(src, dst)) {
            if (error)
                *error = QCoreApplication::translate("Demo", "cannot write the demo workspace to %1").arg(dst);
            return std::nullopt;
        }
        QFile::setPermissions(dst, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    }
    for (const RepoRule &r : profile->repos)
        demo.repos.push_back({r.name, demo.root + QLatin1Char('/') + QString::fromStdString(r.name)});
    demo.profile = std::move(*profile);
    return demo;
}

} // namespace katlas
