// Every path from an op's call sites down to a kernel: the chain of call
// sites, the kernel, and the merged conditions. Contradictory paths and those
// a filter rejects are dropped; depth and count are capped so that any query
// answers quickly.
#pragma once

#include "trace/call_index.h"
#include "trace/dimension_filter.h"

#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace katlas {

struct PathFrame {
    std::int64_t siteId = 0;   // the call site
    std::int64_t callerId = 0; // the function it is in
    std::int64_t calleeId = 0; // what it reaches on this path
};

struct KernelPath {
    std::int64_t kernelId = 0;      // the kernel symbol
    std::vector<PathFrame> frames;  // top-down: the op's call site first, the kernel call last
    PathConditions conditions;
};

struct PathLimits {
    int maxDepth = 24;
    size_t maxPaths = 2000;
    size_t countBeyond = 8000;  // paths past maxPaths still counted for "N more"; then "more than N"
};

struct OpPaths {
    enum class Empty { None, NoKernel, FilteredOut, Truncated };
    std::vector<KernelPath> paths;
    size_t notShown = 0;           // paths beyond the cap
    bool notShownCapped = false;   // counting stopped there too: notShown is a lower bound
    Empty reason = Empty::None;    // why `paths` is empty
    std::string filteredDimension; // for FilteredOut: a dimension that removed paths
};

// Where a call site is reached from above (OpGraph::siteContext): the
// building places of the instances on the way (graph/allocation_condition.h),
// which its paths start with.
using SiteContexts = std::unordered_map<std::int64_t, ConditionSet>;

// Other ends than the kernels: symbols (a torch GEMM, `torch.nn.functional.linear`)
// with every function that calls its way to one.
struct PathTargets {
    std::unordered_set<std::int64_t> symbols;
    std::vector<char> reaching; // by symbol id
};
PathTargets pathTargets(const CallIndex &index, const std::vector<std::int64_t> &symbols);

// `targets`: paths end there instead of at kernels (nullptr: the kernels).
OpPaths findPaths(const CallIndex &index, const std::vector<std::int64_t> &siteIds, const DimensionFilter &filter,
                  const PathLimits &limits = {}, const SiteContexts *contexts = nullptr, const PathTargets *targets = nullptr);

} // namespace katlas
