// Index figures counted in memory (see index_stats.h).
#include "graph/index_stats.h"

#include <unordered_set>
#include <utility>

namespace katlas {

IndexStats statsOf(const CallGraph &graph, IndexStats handedOver)
{
    IndexStats s = std::move(handedOver);
    s.files = static_cast<int>(graph.files.size());
    s.symbols += static_cast<int>(graph.symbols.size());
    s.diagnostics = static_cast<int>(graph.diagnostics.size());
    for (const Kernel &k : graph.kernels)
        ++s.kernelsBySource[k.source];
    countCalls(s, graph.callSites, graph.edges);
    return s;
}

void countCalls(IndexStats &s, const std::vector<CallSite> &sites, const std::vector<Edge> &edges)
{
    s.callSites += static_cast<int>(sites.size());
    s.edges += static_cast<int>(edges.size());
    std::unordered_set<std::int64_t> resolved;
    for (const Edge &e : edges) {
        ++s.edgesByResolution[resolutionName(e.resolution)];
        if (e.calleeId)
            resolved.insert(e.callSiteId);
    }
    s.resolvedCallSites += static_cast<int>(resolved.size());
}

} // namespace katlas
