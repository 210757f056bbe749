// Queries over an in-memory call graph (see graph_queries.h).
#include "graph/graph_queries.h"

#include "graph/condition_text.h"

#include <algorithm>
#include <unordered_set>

namespace katlas {
namespace {

size_t editDistance(const std::string &a, const std::string &b)
{
    std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j)
        prev[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (size_t j = 1; j <= b.size(); ++j)
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

} // namespace

std::vector<std::int64_t> findSymbolIds(const CallGraph &graph, const std::string &name)
{
    std::vector<std::int64_t> exact, suffix, last;
    const std::string dotted = "." + name;
    for (const Symbol &s : graph.symbols) {
        if (s.qualName == name)
            exact.push_back(s.id);
        else if (s.qualName.size() > dotted.size()
                 && s.qualName.compare(s.qualName.size() - dotted.size(), dotted.size(), dotted) == 0)
            suffix.push_back(s.id);
    }
    if (exact.empty() && suffix.empty())
        // A kernel known by a module-level alias (`alias = kernel`).
        for (const Kernel &k : graph.kernels)
            for (const std::string &a : k.aliases)
                if (a == name || (a.size() > dotted.size() && a.compare(a.size() - dotted.size(), dotted.size(), dotted) == 0))
                    suffix.push_back(k.symbolId);
    return !exact.empty() ? exact : suffix;
}

std::vector<std::string> closestNames(const std::vector<std::string> &candidates, const std::string &name, size_t count)
{
    std::vector<std::pair<size_t, std::string>> scored;
    std::unordered_set<std::string> seen;
    for (const std::string &c : candidates) {
        if (!seen.insert(c).second)
            continue;
        // Containing the query is as good as a small edit.
        const size_t d = c.find(name) != std::string::npos ? c.size() - name.size() : editDistance(c, name) + 2;
        scored.emplace_back(d, c);
    }
    std::sort(scored.begin(), scored.end());
    std::vector<std::string> out;
    for (size_t i = 0; i < scored.size() && i < count; ++i)
        out.push_back(scored[i].second);
    return out;
}

std::vector<std::string> closestSymbolNames(const CallGraph &graph, const std::string &name, size_t count)
{
    std::vector<std::string> names;
    names.reserve(graph.symbols.size());
    for (const Symbol &s : graph.symbols)
        names.push_back(s.name);
    return closestNames(names, name, count);
}

std::string filePath(const CallGraph &graph, std::int64_t fileId)
{
    if (fileId <= 0 || static_cast<size_t>(fileId) > graph.files.size())
        return {};
    const SourceFile &f = graph.files[static_cast<size_t>(fileId - 1)];
    return repoName(graph, fileId) + "/" + f.path;
}

const std::string &repoName(const CallGraph &graph, std::int64_t fileId)
{
    static const std::string none;
    if (fileId <= 0 || static_cast<size_t>(fileId) > graph.files.size())
        return none;
    const std::int64_t repo = graph.files[static_cast<size_t>(fileId - 1)].repoId;
    return repo > 0 && static_cast<size_t>(repo) <= graph.repos.size() ? graph.repos[static_cast<size_t>(repo - 1)].name
                                                                       : none;
}

std::vector<CallRow> callersOf(const CallGraph &graph, const std::vector<std::int64_t> &ids)
{
    const std::unordered_set<std::int64_t> wanted(ids.begin(), ids.end());
    std::vector<CallRow> out;
    for (const Edge &e : graph.edges) {
        if (!wanted.count(e.calleeId))
            continue;
        const CallSite &site = graph.callSites[static_cast<size_t>(e.callSiteId - 1)];
        out.push_back({filePath(graph, site.fileId) + ":" + std::to_string(site.line),
                       graph.symbols[static_cast<size_t>(site.callerId - 1)].qualName, e.resolution,
                       conditionsText(e.conditions)});
    }
    return out;
}

std::vector<CallRow> calleesOf(const CallGraph &graph, const std::vector<std::int64_t> &ids)
{
    const std::unordered_set<std::int64_t> wanted(ids.begin(), ids.end());
    std::vector<CallRow> out;
    for (const Edge &e : graph.edges) {
        const CallSite &site = graph.callSites[static_cast<size_t>(e.callSiteId - 1)];
        if (!wanted.count(site.callerId))
            continue;
        out.push_back({filePath(graph, site.fileId) + ":" + std::to_string(site.line),
                       e.calleeId ? graph.symbols[static_cast<size_t>(e.calleeId - 1)].qualName : site.callee + " (?)",
                       e.resolution, conditionsText(e.conditions)});
    }
    return out;
}

} // namespace katlas
