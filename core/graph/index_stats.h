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

// `handedOver`: the counts of the call sites and symbols the graph no longer
// holds (see BuildProgress::emit and ::definitions), to which the graph's are added.
IndexStats statsOf(const CallGraph &graph, IndexStats handedOver = {});
// Adds call sites and their edges to the counts; every edge of a site must
// come in the same call as the site.
void countCalls(IndexStats &stats, const std::vector<CallSite> &sites, const std::vector<Edge> &edges);

} // namespace katlas
