// Backtraces of a kernel: every chain of call sites from the kernel up to the
// model's entry, merged into a tree where chains share their lower part, the
// way formats.md's "Detailed Call Chains" draws them.
#pragma once

#include "trace/call_index.h"
#include "trace/dimension_filter.h"

#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace katlas {

struct BacktraceNode {
    std::int64_t siteId = 0;     // the call site in `callerId`
    std::int64_t callerId = 0;
    std::string conditions;      // of the edge taken at this site
    PathConditions edgeConditions; // the same, structured
    std::vector<BacktraceNode> callers;
};

struct Backtrace {
    std::int64_t kernelId = 0;
    std::vector<BacktraceNode> sites; // the call sites that call the kernel
    size_t notShown = 0;
};

// The number of calls from `entries` down to each symbol they reach
// (breadth-first); with `stopAtKernels`, kernels are reached but not entered.
std::unordered_map<std::int64_t, int> callDepthsFrom(const CallIndex &index, const std::vector<std::int64_t> &entries,
                                                     bool stopAtKernels = false);
// Symbols reached going down from `entries` (the forward closure).
std::unordered_set<std::int64_t> reachableFrom(const CallIndex &index, const std::vector<std::int64_t> &entries);

// `within`: only callers in this set are followed (empty: all). Chains stop
// at an entry, at a function nobody calls, or at the depth cap.
Backtrace buildBacktrace(const CallIndex &index, std::int64_t kernelId, const std::unordered_set<std::int64_t> &within,
                         const std::vector<std::int64_t> &entries, const DimensionFilter &filter, int maxDepth = 24,
                         size_t maxNodes = 4000);

} // namespace katlas
