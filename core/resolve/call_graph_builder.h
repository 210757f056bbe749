// Turns the syntax facts of all files into the resolved call graph: symbols,
// call sites, edges with their conditions and resolution kind, and kernels.
// Inherited methods that call through `self` are specialised per receiver
// class, so that RMSNorm.forward inherited from a base dispatches to
// RMSNorm's own forward_cuda, not to every subclass's.
#pragma once

#include "graph/call_graph.h"
#include "profile/profile.h"

#include <atomic>
#include <functional>
#include <vector>

namespace katlas {

struct BuildProgress {
    std::function<void(int done, int total)> report;
    const std::atomic_bool *cancel = nullptr;
    // When set, call sites and their edges are handed over in chunks as they
    // are resolved (a module at a time) instead of kept in the graph, so that
    // they can be stored while the rest resolves.
    std::function<void(std::vector<CallSite> &&sites, std::vector<Edge> &&edges)> emit;
};

// Fills symbols, callSites, edges and kernels of a CallGraph whose files are
// `files` in order (file id = index + 1). Returns false when cancelled.
bool buildCallGraph(const std::vector<ModuleFacts> &files, const Profile &profile, CallGraph &graph,
                    const BuildProgress &progress = {});

} // namespace katlas
