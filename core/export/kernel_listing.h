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
    CodeLocation definition; // empty file for kernels outside the index (torch.ops)
    std::vector<CodeLocation> callSites;
    std::vector<std::string> ops; // model ops that reach it, filled by the tracer
};

// Kernels sorted by category, then name. Specialised copies of a method are
// listed once, under the method.
std::vector<KernelListing> listKernels(const CallGraph &graph);
std::string kernelDisplayName(const CallGraph &graph, const Symbol &s);
QJsonObject kernelsToJson(const std::vector<KernelListing> &kernels);

} // namespace katlas
