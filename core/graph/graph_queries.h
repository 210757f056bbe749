// Small queries over an in-memory call graph: symbols by name (with the
// closest names when none matches), callers and callees, locations.
#pragma once

#include "graph/call_graph.h"

#include <string>
#include <vector>

namespace katlas {

// Symbols whose qualified name is `name`, ends with ".name", or whose last
// component is `name`.
std::vector<std::int64_t> findSymbolIds(const CallGraph &graph, const std::string &name);
// Names closest to `name` by edit distance, for "did you mean".
std::vector<std::string> closestSymbolNames(const CallGraph &graph, const std::string &name, size_t count);
std::vector<std::string> closestNames(const std::vector<std::string> &candidates, const std::string &name, size_t count);

struct CallRow {
    std::string location;   // "repo/path:line" of the call site
    std::string symbol;     // the caller (for callers) or callee (for callees)
    Resolution resolution = Resolution::Exact;
    std::string conditions;
};
std::vector<CallRow> callersOf(const CallGraph &graph, const std::vector<std::int64_t> &ids);
std::vector<CallRow> calleesOf(const CallGraph &graph, const std::vector<std::int64_t> &ids);

// "repo/path" of a file id, or "" for 0.
std::string filePath(const CallGraph &graph, std::int64_t fileId);
const std::string &repoName(const CallGraph &graph, std::int64_t fileId);

} // namespace katlas
