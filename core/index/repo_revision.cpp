// Commit id of a git checkout (see repo_revision.h).
#include "index/repo_revision.h"

#include <QDir>
#include <QFile>

namespace katlas {
namespace {

QString readLine(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readLine()).trimmed();
}

} // namespace

QString gitRevision(const QString &repoPath)
{
    QString gitDir = repoPath + QStringLiteral("/.git");
    const QFileInfo info(gitDir);
    if (info.isFile()) { // worktrees and submodules: "gitdir: <path>"
        const QString line = readLine(gitDir);
        if (!line.startsWith(QLatin1String("gitdir:")))
            return {};
        gitDir = QDir(repoPath).absoluteFilePath(line.mid(7).trimmed());
    } else if (!info.isDir()) {
        return {};
    }
    const QString head = readLine(gitDir + QStringLiteral("/HEAD"));
    if (!head.startsWith(QLatin1String("ref:")))
        return head;
    const QString ref = head.mid(4).trimmed();
    const QString loose = readLine(gitDir + QLatin1Char('/') + ref);
    if (!loose.isEmpty())
        return loose;
    QFile packed(gitDir + QStringLiteral("/packed-refs"));
    if (packed.open(QIODevice::ReadOnly)) {
        while (!packed.atEnd()) {
            const QString line = QString::fromUtf8(packed.readLine()).trimmed();
            if (line.endsWith(QLatin1Char(' ') + ref))
                return line.section(QLatin1Char(' '), 0, 0);
        }
    }
    return {};
}

} // namespace katlas
