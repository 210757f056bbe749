// Finds the Python files of a repository to index, with the profile's
// include/exclude globs, and reports what it had to skip and why.
#pragma once

#include "profile/profile.h"

#include <QString>

#include <functional>
#include <string>
#include <vector>

namespace katlas {

struct SourceFileRef {
    std::string repo;
    std::string relPath; // '/'-separated, relative to the repo root
    QString absPath;
    qint64 size = 0;
    qint64 mtimeNs = 0; // modification time, ns since the epoch
};

struct WalkIssue {
    QString path;
    QString message;
};

struct WalkResult {
    std::vector<SourceFileRef> files; // sorted by relPath
    std::vector<WalkIssue> issues;
    bool rootMissing = false;
};

// Files the caller read before and knows unchanged since (same size and
// time): they are not opened again to check they are readable text.
using KnownFile = std::function<bool(const SourceFileRef &)>;
// Larger files are generated code, not worth parsing: skipped with a warning.
constexpr qint64 kMaxSourceFileSize = 4 * 1024 * 1024;

// Symbolic links whose targets lie outside `root` are not followed (each is
// reported) unless `followOutsideLinks`.
WalkResult walkRepo(const std::string &repoName, const QString &root, const RepoRule *rule,
                    qint64 maxFileSize = kMaxSourceFileSize, const KnownFile &known = {}, bool followOutsideLinks = false);

// The dotted module name of a file below the nearest (longest) package root.
std::string moduleNameFor(const std::string &relPath, const std::vector<std::string> &packageRoots, bool *isPackage);

} // namespace katlas
