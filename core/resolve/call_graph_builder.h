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
#include <memory>
#include <set>
#include <vector>

namespace katlas {

struct BuildProgress {
    std::function<void(int done, int total)> report;
    const std::atomic_bool *cancel = nullptr;
    // When set, call sites and their edges are handed over in chunks as they
    // are resolved (a module at a time) instead of kept in the graph, so that
    // they can be stored while the rest resolves.
    std::function<void(std::vector<CallSite> &&sites, std::vector<Edge> &&edges)> emit;
    // When set (a whole build), the definitions' symbols are handed over as
    // soon as they are numbered, before resolving, instead of kept in the
    // graph (which then holds the symbols the resolver added only).
    std::function<void(const std::vector<Symbol> &definitions)> definitions;
    // When set with `definitions`, the symbols the resolver adds (externals,
    // per-receiver and per-argument copies) are handed over too, with each
    // chunk of call sites, instead of kept in the graph.
    std::function<void(std::vector<Symbol> &&added)> added;
    // When set, the resolver's world (symbol table, memo: large) is handed
    // over at the end instead of destroyed, to be freed on another core.
    std::function<void(std::shared_ptr<void> world)> release;
};

// An incremental build: the index already holds the graph of `files` but for
// the call sites of `modules`, whose files changed in their calls only (their
// definitions, imports, assignments and returns are the same but for lines).
// Only those call sites, and those of the per-receiver copies of their
// functions, are resolved again.
struct IncrementalBuild {
    std::vector<int> modules;           // file indexes
    std::vector<Symbol> addedSymbols;   // externals and per-receiver copies already in the index
    std::int64_t lastCallSiteId = 0;    // new call sites are numbered after it
    // The calls and locals of files whose facts came without them (a copy
    // specialised anew needs the calls of its function's file; evaluating in
    // a function needs the locals of its file).
    std::function<std::vector<CallFact>(int fileIndex)> loadCalls;
    std::function<std::vector<AssignmentFact>(int fileIndex)> loadLocals;
    // The file indexes of the index's call sites calling `name` (by the
    // callee's last component): guard evaluation looks for the calls of a
    // function there.
    std::function<std::vector<int>(const std::string &name)> filesCalling;
    // The kernels already in the index: a new per-receiver copy of a
    // kernel-library method is a kernel when its method is.
    std::set<std::int64_t> kernelsBefore;
    // Out: symbols already in the index whose lines follow the changed files.
    std::vector<Symbol> movedSymbols;
};

// Fills symbols, callSites, edges and kernels of a CallGraph whose files are
// `files` in order (file id = index + 1). Returns false when cancelled.
// With `incremental`, they hold only what is new: symbols and kernels not yet
// in the index, and the call sites resolved again, numbered after the last.
// Also false when the index's added symbols do not fit the definitions (then
// the index cannot be patched).
bool buildCallGraph(const std::vector<ModuleFacts> &files, const Profile &profile, CallGraph &graph,
                    const BuildProgress &progress = {}, IncrementalBuild *incremental = nullptr);

} // namespace katlas
