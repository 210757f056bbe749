// Changes an index in place, in one SQLite transaction, for an incremental
// re-index: the rows of the files whose calls changed are replaced, the call
// sites resolved again are inserted, and the symbols the resolver had added
// for them alone (externals, per-receiver copies) are dropped when nothing
// calls them any more. A failed or cancelled patch is rolled back: the index
// is then exactly as it was.
#pragma once

#include "graph/call_graph.h"
#include "graph/setting_defaults.h"
#include "graph/index_stats.h"
#include "store/index_writer.h"

#include <QString>

#include <atomic>
#include <optional>
#include <vector>

namespace katlas {

struct IndexPatch {
    std::vector<Repo> repos;                 // their commits are updated
    std::vector<SourceFile> files;           // rows of the changed files
    std::vector<const ModuleFacts *> facts;  // their facts, parallel to `files`
    std::vector<SourceFile> restamped;       // unchanged files read again: their mtime
    std::vector<Symbol> newSymbols;
    std::vector<Symbol> movedSymbols;        // lines updated
    std::vector<CallSite> callSites;         // of the changed files, all of them
    std::vector<Edge> edges;
    std::vector<Kernel> kernels;             // of the new symbols
    std::vector<FileDiagnostic> diagnostics; // of the changed files
    IndexMeta meta;                          // keys set
    SettingDefaults settingDefaults;         // met by the changed call sites: added to the index's
};

// `stats`: the index's figures after the patch, updated from those it kept
// (nullopt when it kept none).
bool patchIndex(const QString &dbPath, const IndexPatch &patch, const std::atomic_bool *cancel, QString *error,
                std::optional<IndexStats> *stats = nullptr);

} // namespace katlas
