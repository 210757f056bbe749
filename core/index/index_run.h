// The state one index run shares between its stages (indexer.cpp runs
// them; incremental_index.cpp patches the previous index when it can).
#pragma once

#include "index/file_job.h"
#include "index/indexer.h"
#include "store/database.h"
#include "store/index_writer.h"

#include <QElapsedTimer>
#include <QThreadPool>

#include <memory>
#include <optional>

namespace katlas {

struct IndexRun {
    const IndexRequest &request;
    const ProgressCallback &progress;
    const std::atomic_bool *cancel;
    IndexReport report;
    QElapsedTimer total, phase;
    CallGraph graph;                 // repos and the walk's diagnostics so far
    std::vector<FileJob> jobs;       // in file id order
    std::unique_ptr<Database> old;   // the previous index, when its profile is the same
    std::map<std::string, std::string> oldMeta;
    PreviousFiles previous;
    std::string reposJson;
    std::int64_t scanStartNs = 0;

    bool cancelled() const { return cancel && cancel->load(); }
    void say(IndexProgress::Phase p, int done, int all) const
    {
        if (progress)
            progress({p, done, all});
    }
    IndexReport fail(const QString &why);
    // The meta rows of an index written now.
    IndexMeta meta() const;
};

// Patches the previous index in place when every changed file changed in
// its calls only, and no file came or went. nullopt when that is not the
// case (then nothing was written); else the run's report, failed or not.
std::optional<IndexReport> patchPreviousIndex(IndexRun &run, QThreadPool &pool);

} // namespace katlas
