// The indexing pipeline: find the repos' Python files, parse them on all
// cores (reusing the facts of files unchanged since the previous index),
// resolve the call graph and write it as one new database that replaces the
// old one only when complete.
#pragma once

#include "graph/call_graph.h"
#include "graph/index_stats.h"
#include "profile/profile.h"

#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <map>
#include <vector>

namespace katlas {

struct RepoInput {
    std::string name;
    QString path;
};

struct IndexRequest {
    QString dbPath;
    std::vector<RepoInput> repos;
    Profile profile;
    bool reuseUnchanged = true; // read facts of unchanged files from the old database
    int threads = 0;            // 0: all cores
    bool followOutsideLinks = false; // follow symbolic links that leave a repository
};

struct IndexProgress {
    enum class Phase { Scanning, Parsing, Resolving, Writing };
    Phase phase = Phase::Scanning;
    int done = 0;
    int total = 0;
};
QString phaseName(IndexProgress::Phase phase);

struct IndexReport {
    bool ok = false;
    bool cancelled = false;
    QString error;              // why the index failed; the old database is untouched
    QStringList warnings;       // files skipped or read with trouble, each naming the file
    bool upToDate = false;      // nothing changed since the previous index: it was kept as it is
    IndexStats stats;           // of the index now at the database path
    int parsedFiles = 0;
    int reusedFiles = 0;
    // The previous index was patched in place: only the call sites of the
    // changed files were resolved again (they changed in their calls only).
    bool patched = false;
    qint64 bytes = 0;
    qint64 scanMs = 0, parseMs = 0, resolveMs = 0, writeMs = 0, totalMs = 0;
};

using ProgressCallback = std::function<void(const IndexProgress &)>;

IndexReport runIndex(const IndexRequest &request, const ProgressCallback &progress = {},
                     const std::atomic_bool *cancel = nullptr);

} // namespace katlas
