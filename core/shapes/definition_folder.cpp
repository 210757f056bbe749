// See definition_folder.h.
#include "shapes/definition_folder.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>
#include <QTemporaryDir>

#include <map>

namespace katlas {

namespace {

// name -> file of every <name>.json under `folder`.
std::map<std::string, QString> definitionFiles(const QString &folder)
{
    std::map<std::string, QString> out;
    QDirIterator it(folder, {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        out.emplace(QFileInfo(path).completeBaseName().toStdString(), path);
    }
    return out;
}

QJsonObject readObject(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

} // namespace

QByteArray definitionJson(const KernelDefinition &definition)
{
    return QJsonDocument(definition.json).toJson(QJsonDocument::Indented);
}

FolderWrite writeDefinitionFolder(const std::vector<KernelDefinition> &definitions, const QString &dir,
                                  const QString &existing)
{
    FolderWrite w;
    const std::map<std::string, QString> known = existing.isEmpty() ? std::map<std::string, QString>{} : definitionFiles(existing);
    std::vector<const KernelDefinition *> toWrite;
    for (const KernelDefinition &d : definitions) {
        if (const auto it = known.find(d.name); it != known.end()) {
            if (readObject(it->second) == d.json)
                w.skipped.push_back(d.opType + "/" + d.name + ".json");
            else
                w.conflicts.push_back(d.name + ": differs from " + it->second.toStdString());
            continue;
        }
        toWrite.push_back(&d);
    }

    const QFileInfo target(dir);
    if (!QDir().mkpath(target.absolutePath())) {
        w.error = "cannot create " + target.absolutePath().toStdString();
        return w;
    }
    QTemporaryDir staging(target.absolutePath() + QStringLiteral("/.") + target.fileName() + QStringLiteral(".partial-XXXXXX"));
    if (!staging.isValid()) {
        w.error = "cannot write in " + target.absolutePath().toStdString();
        return w;
    }
    for (const KernelDefinition *d : toWrite) {
        const QString relative = QString::fromStdString(d->opType + "/" + d->name + ".json");
        QDir(staging.path()).mkpath(QString::fromStdString(d->opType));
        QSaveFile f(staging.path() + QLatin1Char('/') + relative);
        if (!f.open(QIODevice::WriteOnly) || f.write(definitionJson(*d)) < 0 || !f.commit()) {
            w.error = "cannot write " + relative.toStdString();
            return w;
        }
        w.written.push_back(relative.toStdString());
    }
    // Into place: the whole folder when DIR is new, else file by file.
    if (!target.exists()) {
        if (!QDir().rename(staging.path(), target.absoluteFilePath())) {
            w.error = "cannot move the definitions into " + dir.toStdString();
            w.written.clear();
        }
        return w;
    }
    for (const std::string &relative : w.written) {
        const QString to = target.absoluteFilePath() + QLatin1Char('/') + QString::fromStdString(relative);
        QDir().mkpath(QFileInfo(to).absolutePath());
        QFile::remove(to);
        if (!QFile::rename(staging.path() + QLatin1Char('/') + QString::fromStdString(relative), to)) {
            w.error = "cannot move " + relative + " into " + dir.toStdString();
            return w;
        }
    }
    return w;
}

} // namespace katlas
