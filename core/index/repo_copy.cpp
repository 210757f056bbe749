// Copying the files an index reads (see repo_copy.h).
#include "index/repo_copy.h"

#include "parse/source_walker.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace katlas {

std::vector<RepoInput> copyIndexedFiles(const std::vector<RepoInput> &repos, const Profile &profile, const QString &root)
{
    std::vector<RepoInput> copies;
    for (const RepoInput &r : repos) {
        const QString to = root + QLatin1Char('/') + QString::fromStdString(r.name);
        for (const SourceFileRef &f : walkRepo(r.name, r.path, profile.repo(r.name)).files) {
            const QString target = to + QLatin1Char('/') + QString::fromStdString(f.relPath);
            QDir().mkpath(QFileInfo(target).absolutePath());
            QFile::copy(f.absPath, target);
            QFile copy(target); // with its time, as files in a checkout are not all new
            if (copy.open(QIODevice::ReadWrite))
                copy.setFileTime(QFileInfo(f.absPath).lastModified(), QFileDevice::FileModificationTime);
        }
        copies.push_back({r.name, to});
    }
    return copies;
}

} // namespace katlas
