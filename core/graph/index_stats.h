// The summary figures of an index (katlas stats, the indexer's report),
// counted from a call graph in memory or read back from a database.
#pragma once

#include "graph/call_graph.h"

#include <map>
#include <string>

namespace katlas {

struct IndexStats {
    int files = 0;
    int symbols = 0;
    int callSites = 0;
    int edges = 0;
    int resolvedCallSites = 0;
    int diagnostics = 0;
    std::map<std::string, int> kernelsBySource;
    std::map<std::string, int> edgesByResolution;
    double resolvedPercent() const { return callSites ? 100.0 * resolvedCallSites / callSites : 0.0; }
};

IndexStats statsOf(const CallGraph &graph);

} // namespace katlas
