// Named read queries over an index; each returns plain structs, never a SQL
// handle, so views and the CLI stay free of SQL.
#pragma once

#include "graph/call_graph.h"
#include "graph/index_stats.h"
#include "store/database.h"

#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace katlas {

// Its symbols and call sites numbered densely (see graph/dense_ids.h).
// `withGuards`: also the raw guard text of each call site (its mapped form is
// on the edges already; tracing never reads it, and it is a third of the load).
CallGraph loadCallGraph(const Database &db, bool withGuards = true);
// The facts of every file in file id order; not `whole`: their declarations
// only, locals and calls left empty. Empty when any is damaged.
std::vector<ModuleFacts> loadFacts(const Database &db, bool whole = true);
// The file indexes (file id - 1) of the call sites calling each name: by
// the callee's last component (`self.norm` calls `norm`), read in one pass.
std::unordered_map<std::string, std::vector<int>> filesCallingByName(const Database &db);
std::vector<CallFact> loadCalls(const Database &db, std::int64_t fileId);
std::vector<AssignmentFact> loadLocals(const Database &db, std::int64_t fileId);
// What the index knows of each file to tell whether it changed, keyed "repo/path".
struct FileStamp {
    std::int64_t id = 0;
    std::string hash;
    std::int64_t size = 0;
    std::int64_t mtimeNs = 0;
};
std::unordered_map<std::string, FileStamp> fileStamps(const Database &db);
// The symbols the resolver adds to the definitions: externals and the
// per-receiver copies of inherited methods.
std::vector<Symbol> loadAddedSymbols(const Database &db);
std::int64_t lastCallSiteId(const Database &db);
// The symbol ids of the kernel table, as stored.
std::set<std::int64_t> loadKernelIds(const Database &db);
std::map<std::string, std::string> loadMeta(const Database &db);
// The figures the index keeps in its meta table (counted when it has none).
IndexStats loadStats(const Database &db);
// The figures counted from the tables.
IndexStats countStats(const Database &db);
// Rows whose foreign keys point nowhere (PRAGMA foreign_key_check): 0 for a sound index.
int foreignKeyViolations(const Database &db);
std::vector<FileDiagnostic> loadDiagnostics(const Database &db);
// Full-text prefix search over symbol names; any user text is safe.
std::vector<Symbol> searchSymbols(const Database &db, const std::string &query, int limit);

} // namespace katlas
