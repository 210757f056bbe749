// The kernels of an index with their definitions and call sites, and their
// JSON form (formats.md §3, `katlas kernels --json`).
#pragma once

#include "graph/call_graph.h"

#include <QJsonObject>

#include <string>
#include <vector>

namespace katlas {

struct CodeLocation {
    std::string repo;
    std::string file;
    int line = 0;
    std::string function;
};

struct KernelListing {
    std::int64_t symbolId = 0;
    std::string name;       // "rmsnorm", or "Wrapper.run" for a method
    std::string qualName;
    std::string source;
    std::string category;
    std::vector<std::string> aliases; // qualified second names (`alias = kernel` at module level)
    CodeLocation definition; // empty file for kernels outside the index (torch.ops)
    std::vector<CodeLocation> callSites;
    std::vector<std::string> ops; // model ops that reach it, filled by the tracer
};

// Kernels sorted by category, then name. Specialised copies of a method are
// listed once, under the method.
std::vector<KernelListing> listKernels(const CallGraph &graph);
std::string kernelDisplayName(const CallGraph &graph, const Symbol &s);
// The last components of a kernel's aliases: "top_k_renorm_prob".
std::vector<std::string> kernelAliasNames(const Kernel &k);
// "name" or "name (= alias, alias)".
std::string withAliases(const std::string &name, const std::vector<std::string> &aliasNames);
// Whether `query` names the kernel by one of its aliases (last component or qualified).
bool namesKernelAlias(const Kernel &k, const std::string &query);
QJsonObject kernelsToJson(const std::vector<KernelListing> &kernels);

} // namespace katlas
