// Index figures counted in memory (see index_stats.h).
#include "graph/index_stats.h"

#include <algorithm>
#include <vector>

namespace katlas {

IndexStats statsOf(const CallGraph &graph)
{
    IndexStats s;
    s.files = static_cast<int>(graph.files.size());
    s.symbols = static_cast<int>(graph.symbols.size());
    s.callSites = static_cast<int>(graph.callSites.size());
    s.edges = static_cast<int>(graph.edges.size());
    s.diagnostics = static_cast<int>(graph.diagnostics.size());
    std::vector<char> resolved(graph.callSites.size() + 1, 0);
    for (const Edge &e : graph.edges) {
        ++s.edgesByResolution[resolutionName(e.resolution)];
        if (e.calleeId && static_cast<size_t>(e.callSiteId) < resolved.size())
            resolved[static_cast<size_t>(e.callSiteId)] = 1;
    }
    s.resolvedCallSites = static_cast<int>(std::count(resolved.begin(), resolved.end(), 1));
    for (const Kernel &k : graph.kernels)
        ++s.kernelsBySource[k.source];
    return s;
}

} // namespace katlas
