// The model's op execution graph: from the model's forward, the ops of model
// code in execution order. Containers only orchestrate (self.model, layer,
// self.self_attn); leaves reach kernels. Alternatives (attention paths, the
// classes self.mlp can be) become labelled branches.
#pragma once

#include "profile/profile.h"
#include "trace/call_index.h"
#include "trace/dimension_filter.h"
#include "trace/path_finder.h"

#include <set>
#include <string>
#include <vector>

namespace katlas {

struct OpNode {
    enum class Kind { Container, Leaf };
    std::string id;          // stable: the names of the ops above it and its own, joined by '/'
    std::string name;        // the callee as written: "self.q_b_proj", "layer", "bmm_fp8"
    Kind kind = Kind::Leaf;
    std::string label;       // branch label: "MLA", "DeepseekV2MoE", ... (empty if none)
    std::vector<std::int64_t> callSites; // every call site of this op under its parent
    std::int64_t function = 0;           // containers: the model-code function expanded
    // The building places of the instances on its own way down the graph
    // (allocation conditions): the same call site under the shared experts'
    // DeepseekV2MLP and under a dense layer's is two ops with two contexts.
    ConditionSet context;
    std::vector<OpNode> children;
};

struct NonModelOp {
    std::string name;        // the profile's entry name, e.g. "Sampler"
    std::string group;
    std::int64_t function = 0;
    std::vector<std::int64_t> callSites; // the kernel-reaching call sites in it
};

struct OpGraph {
    std::string model;
    std::string label;
    std::int64_t entry = 0;  // the entry function
    std::vector<OpNode> roots;
    std::vector<NonModelOp> nonModel;
    std::vector<std::string> opsWithoutKernel; // names of ops in model code that reach no kernel
    // The building places of the instances through which each call site of
    // the graph is reached (allocation conditions; empty where not known or
    // where ways in disagree): pass it to findPaths for ops merged by name;
    // for given ops, contextsOf(their nodes) tells them apart.
    SiteContexts siteContext;
    std::string error;       // set when the model or its entry is unknown
};

// `compute`: also keep the ops that reach none of the kernels but one of
// these calls under the filter (a plain torch GEMM: `katlas definitions`).
OpGraph buildOpGraph(const CallIndex &index, const Profile &profile, const std::string &model,
                     const DimensionFilter &filter, const PathTargets *compute = nullptr);

// The contexts of the call sites of these ops, for findPaths: each op's own
// way down; a site two of them share under different ways keeps what the
// ways agree on.
SiteContexts contextsOf(const std::vector<const OpNode *> &nodes);

// Depth-first visit of every node; `fn(node, depth)`.
template<typename F>
void forEachOp(const std::vector<OpNode> &nodes, F fn, int depth = 0)
{
    for (const OpNode &n : nodes) {
        fn(n, depth);
        forEachOp(n.children, fn, depth + 1);
    }
}

// The id of the first op (depth first) whose id or name is `idOrName`;
// empty when none is.
// `idle`: ops that do not run under the configuration (opsWithoutPath): by
// name, the first that runs is preferred.
std::string findOpId(const OpGraph &graph, const std::string &idOrName, const std::set<std::string> &idle = {});

// Where an op stands, for a reader: the ops from the top down to it, each
// with its branch label, "self.model › layer › self.mlp [DeepseekV2MoE] ›
// self.experts". `dropLast` leaves out that many trailing ops (1: the
// containers above the op).
std::string opTrail(const std::string &id, size_t dropLast = 0);

// How far opsWithoutPath looks: at each leaf's kernel paths, or only at the
// branches into the containers above it (much cheaper; a leaf under branches
// the filter lets through counts as running).
enum class OpRunCheck { Paths, Branches };

// The ids of the ops that do not run under `filter`: leaves with no kernel
// path under it, containers all of whose children do not run. The window
// greys them out under a configuration.
std::set<std::string> opsWithoutPath(const CallIndex &index, const OpGraph &graph, const DimensionFilter &filter,
                                     OpRunCheck check = OpRunCheck::Paths);

// The ops that run under none of the profile's named configurations, by
// their branches (OpRunCheck::Branches): with no configuration chosen,
// search ranks them after the others.
std::set<std::string> opsOutsideConfigurations(const CallIndex &index, const OpGraph &graph, const Profile &profile);

// Where an op is called: "repo/path.py:line" of its first call site ("" when
// it has none).
std::string opLocation(const CallIndex &index, const OpNode &op);

// True when a module's dotted name matches one of the globs (`*` any text).
bool moduleMatches(const std::vector<std::string> &globs, const std::string &module);

} // namespace katlas
