// What both markdown reports and the JSON export say, gathered once: the op
// graph under a filter, every leaf op's paths, the kernels they reach and
// which ops reach each kernel.
#pragma once

#include "trace/config_matrix.h"
#include "trace/op_graph.h"
#include "trace/path_finder.h"
#include "trace/trace_session.h"

#include <map>
#include <set>

namespace katlas {

struct LeafOp {
    std::string name;
    std::vector<std::int64_t> callSites;
    OpPaths paths;
    std::set<std::int64_t> kernels;
    bool direct = false; // the op is itself a kernel call in model code
};

struct ReportKernel {
    std::int64_t id = 0;
    std::string name;
    std::string source;
    std::string category;
    std::vector<std::string> aliases;      // its second names ("top_k_renorm_prob")
    std::vector<std::string> ops;          // leaf ops reaching it
    std::vector<std::int64_t> opSites;     // their call sites
    std::int64_t primarySite = 0;          // the kernel's call site closest to model code
};

struct TraceReport {
    OpGraph graph;
    DimensionFilter filter;                 // as asked (a configuration combined with --filter)
    DimensionFilter effective;              // what the paths were found under (see configuration.h)
    std::vector<std::string> conflicts;     // contradictions the filter holds
    std::vector<LeafOp> leafOps;            // merged by name, in execution order
    std::vector<LeafOp> nonModelOps;
    std::vector<ReportKernel> kernels;      // sorted by category, then name
    std::vector<std::string> modelKernelsWithoutOp; // cross-check
    std::string generated;                  // date (SOURCE_DATE_EPOCH when set)
    std::string index;                      // repos with commits
};

// `deployed`: what the paths are traced under when it is not `filter` itself
// (the filter with the checkpoint it deploys, core/trace/default_checkpoint.h);
// the report names `filter`.
// `compute`: the graph keeps ops reaching only these calls (buildOpGraph).
TraceReport buildTraceReport(const TraceSession &session, const std::string &model, const DimensionFilter &filter,
                             const DimensionFilter *deployed = nullptr, const PathTargets *compute = nullptr);

// "# <Model> <kind>" and the Generated/Index/Filters line.
std::string reportHeader(const TraceReport &report, const char *kind);

// The date reports are stamped with: SOURCE_DATE_EPOCH when set, else today.
std::string reportDate();

} // namespace katlas
