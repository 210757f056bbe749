// Adjacency over a call graph (see call_index.h).
#include "trace/call_index.h"

#include <algorithm>
#include <deque>

namespace katlas {

CallIndex::CallIndex(CallGraph graph) : m_graph(std::move(graph))
{
    const size_t nSymbols = m_graph.symbols.size() + 1;
    m_sitesByCaller.resize(nSymbols);
    m_edgesByCallee.resize(nSymbols);
    m_edgesBySite.resize(m_graph.callSites.size() + 1);
    m_kernelOf.assign(nSymbols, 0);
    m_reaches.assign(nSymbols, 0);
    for (const CallSite &s : m_graph.callSites)
        if (s.callerId > 0 && static_cast<size_t>(s.callerId) < nSymbols)
            m_sitesByCaller[static_cast<size_t>(s.callerId)].push_back(s.id);
    for (auto &sites : m_sitesByCaller)
        // Execution order: by line; within a line nested calls run inside
        // out, and they were recorded outside in, so later ids come first.
        std::sort(sites.begin(), sites.end(), [this](std::int64_t a, std::int64_t b) {
            return site(a).line != site(b).line ? site(a).line < site(b).line : a > b;
        });
    for (size_t i = 0; i < m_graph.edges.size(); ++i) {
        const Edge &e = m_graph.edges[i];
        // Traces follow what was resolved; a method matched by name alone
        // (x.max() to the only class with a max) would send paths astray.
        if (e.resolution == Resolution::NameOnly)
            continue;
        m_edgesBySite[static_cast<size_t>(e.callSiteId)].push_back(i);
        if (e.calleeId > 0)
            m_edgesByCallee[static_cast<size_t>(e.calleeId)].push_back(i);
    }
    for (size_t i = 0; i < m_graph.kernels.size(); ++i)
        m_kernelOf[static_cast<size_t>(m_graph.kernels[i].symbolId)] = static_cast<int>(i) + 1;
    // Which functions can reach a kernel: backwards from the kernels.
    std::vector<std::int64_t> kernels;
    for (const Kernel &k : m_graph.kernels)
        kernels.push_back(k.symbolId);
    m_reaches = reaching(kernels);
    for (const Symbol &s : m_graph.symbols)
        m_byName.emplace(s.qualName, s.id);
}

const SourceFile *CallIndex::file(std::int64_t id) const
{
    return id > 0 && static_cast<size_t>(id) <= m_graph.files.size() ? &m_graph.files[static_cast<size_t>(id - 1)] : nullptr;
}

const std::string &CallIndex::repoOfFile(std::int64_t fileId) const
{
    static const std::string none;
    const SourceFile *f = file(fileId);
    if (!f || f->repoId <= 0 || static_cast<size_t>(f->repoId) > m_graph.repos.size())
        return none;
    return m_graph.repos[static_cast<size_t>(f->repoId - 1)].name;
}

const std::string &CallIndex::moduleOf(std::int64_t symbolId) const
{
    static const std::string none;
    const SourceFile *f = file(symbol(symbolId).fileId);
    return f ? f->module : none;
}

std::string CallIndex::nameInFile(std::int64_t symbolId) const
{
    const std::string &qualName = symbol(symbolId).qualName;
    const std::string &module = moduleOf(symbolId);
    return !module.empty() && qualName.rfind(module + ".", 0) == 0 ? qualName.substr(module.size() + 1) : qualName;
}

const std::vector<std::int64_t> &CallIndex::sitesOf(std::int64_t caller) const
{
    return m_sitesByCaller[static_cast<size_t>(caller)];
}

const std::vector<size_t> &CallIndex::edgesOf(std::int64_t s) const { return m_edgesBySite[static_cast<size_t>(s)]; }

const std::vector<size_t> &CallIndex::edgesInto(std::int64_t callee) const
{
    return m_edgesByCallee[static_cast<size_t>(callee)];
}

const Kernel *CallIndex::kernel(std::int64_t symbol) const
{
    const int k = symbol > 0 && static_cast<size_t>(symbol) < m_kernelOf.size() ? m_kernelOf[static_cast<size_t>(symbol)] : 0;
    return k ? &m_graph.kernels[static_cast<size_t>(k - 1)] : nullptr;
}

std::vector<char> CallIndex::reaching(const std::vector<std::int64_t> &targets) const
{
    std::vector<char> out(m_graph.symbols.size() + 1, 0);
    std::deque<std::int64_t> queue;
    for (std::int64_t t : targets)
        if (t > 0 && static_cast<size_t>(t) < out.size() && !out[static_cast<size_t>(t)]) {
            out[static_cast<size_t>(t)] = 1;
            queue.push_back(t);
        }
    while (!queue.empty()) {
        const std::int64_t s = queue.front();
        queue.pop_front();
        if (static_cast<size_t>(s) >= m_edgesByCallee.size())
            continue;
        for (size_t ei : m_edgesByCallee[static_cast<size_t>(s)]) {
            const std::int64_t caller = site(m_graph.edges[ei].callSiteId).callerId;
            if (caller > 0 && static_cast<size_t>(caller) < out.size() && !out[static_cast<size_t>(caller)]) {
                out[static_cast<size_t>(caller)] = 1;
                queue.push_back(caller);
            }
        }
    }
    return out;
}

bool CallIndex::reachesKernel(std::int64_t symbol) const
{
    return symbol > 0 && static_cast<size_t>(symbol) < m_reaches.size() && m_reaches[static_cast<size_t>(symbol)];
}

std::vector<std::int64_t> CallIndex::byQualName(const std::string &name) const
{
    std::vector<std::int64_t> out;
    auto [a, b] = m_byName.equal_range(name);
    for (; a != b; ++a)
        out.push_back(a->second);
    std::sort(out.begin(), out.end());
    return out;
}

std::string CallIndex::classOf(std::int64_t functionId) const
{
    const Symbol &fn = symbol(functionId);
    if (!fn.parentId)
        return {};
    const Symbol &parent = symbol(fn.parentId);
    return parent.kind == SymbolKind::Class ? parent.name : std::string();
}

} // namespace katlas
