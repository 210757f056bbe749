// See indexed_source.h.
#include "shapes/indexed_source.h"

#include <QFile>

namespace katlas {

std::optional<std::string> readIndexedSource(const CallIndex &index, std::int64_t fileId)
{
    const SourceFile *f = index.file(fileId);
    if (!f)
        return std::nullopt;
    for (const Repo &r : index.graph().repos) {
        if (r.id != f->repoId)
            continue;
        QFile file(QString::fromStdString(r.path + "/" + f->path));
        if (!file.open(QIODevice::ReadOnly))
            return std::nullopt;
        return file.readAll().toStdString();
    }
    return std::nullopt;
}

} // namespace katlas
