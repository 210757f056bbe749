// Adjacency over a loaded call graph, built once: call sites by caller (in
// line order), edges by call site and by callee, kernels by symbol, and which
// symbols can reach a kernel at all. Every trace query runs on it. Edges
// resolved by method name only are left out of traces.
#pragma once

#include "graph/call_graph.h"
#include "trace/path_judge.h"

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace katlas {

class CallIndex {
public:
    explicit CallIndex(CallGraph graph);

    const CallGraph &graph() const { return m_graph; }
    const Symbol &symbol(std::int64_t id) const { return m_graph.symbols[static_cast<size_t>(id - 1)]; }
    const CallSite &site(std::int64_t id) const { return m_graph.callSites[static_cast<size_t>(id - 1)]; }
    const Edge &edge(size_t index) const { return m_graph.edges[index]; }
    const SourceFile *file(std::int64_t id) const;
    const std::string &repoOfFile(std::int64_t fileId) const;
    const std::string &moduleOf(std::int64_t symbolId) const;
    // A function's name as its file reads it: `Class.method` for a method,
    // the qualified name for a method a class inherits from another module.
    std::string nameInFile(std::int64_t symbolId) const;
    // The name of the class a method is defined in (its row's class, for a
    // method a subclass inherits); empty for a plain function.
    std::string classOf(std::int64_t functionId) const;

    const std::vector<std::int64_t> &sitesOf(std::int64_t caller) const;
    const std::vector<size_t> &edgesOf(std::int64_t site) const;
    const std::vector<size_t> &edgesInto(std::int64_t callee) const;
    const Kernel *kernel(std::int64_t symbol) const;
    bool reachesKernel(std::int64_t symbol) const;
    // Per symbol id: whether it is one of `targets` or calls its way to one.
    std::vector<char> reaching(const std::vector<std::int64_t> &targets) const;
    // Symbols by full qualified name (several for redefinitions).
    std::vector<std::int64_t> byQualName(const std::string &name) const;

    // What decides guard text the graph leaves open (trace/path_judge.h);
    // null when nothing does.
    const PathJudge *pathJudge() const { return m_judge.get(); }
    void setPathJudge(std::shared_ptr<const PathJudge> judge) { m_judge = std::move(judge); }

private:
    CallGraph m_graph;
    std::vector<std::vector<std::int64_t>> m_sitesByCaller;
    std::vector<std::vector<size_t>> m_edgesBySite;
    std::vector<std::vector<size_t>> m_edgesByCallee;
    std::vector<int> m_kernelOf; // index into graph.kernels + 1, 0 if none
    std::vector<char> m_reaches;
    std::unordered_multimap<std::string, std::int64_t> m_byName;
    std::shared_ptr<const PathJudge> m_judge;
};

} // namespace katlas
