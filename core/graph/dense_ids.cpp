// Dense renumbering of a call graph's ids (see dense_ids.h).
#include "graph/dense_ids.h"

#include <unordered_map>

namespace katlas {
namespace {

// Old id -> new id, for the ids of `rows` in order; empty when already dense.
template <typename Row>
std::unordered_map<std::int64_t, std::int64_t> renumbering(const std::vector<Row> &rows)
{
    std::unordered_map<std::int64_t, std::int64_t> map;
    if (rows.empty() || rows.back().id == static_cast<std::int64_t>(rows.size()))
        return map;
    map.reserve(rows.size());
    for (size_t i = 0; i < rows.size(); ++i)
        map.emplace(rows[i].id, static_cast<std::int64_t>(i) + 1);
    return map;
}

void renumber(std::int64_t &id, const std::unordered_map<std::int64_t, std::int64_t> &map)
{
    if (id == 0 || map.empty())
        return;
    const auto it = map.find(id);
    id = it == map.end() ? 0 : it->second; // a reference to nothing stays nothing
}

} // namespace

void makeIdsDense(CallGraph &g)
{
    const auto symbols = renumbering(g.symbols);
    const auto sites = renumbering(g.callSites);
    if (symbols.empty() && sites.empty())
        return;
    for (Symbol &s : g.symbols) {
        renumber(s.id, symbols);
        renumber(s.parentId, symbols);
        renumber(s.originId, symbols);
    }
    for (CallSite &c : g.callSites) {
        renumber(c.id, sites);
        renumber(c.callerId, symbols);
    }
    for (Edge &e : g.edges) {
        renumber(e.callSiteId, sites);
        renumber(e.calleeId, symbols);
    }
    for (Kernel &k : g.kernels)
        renumber(k.symbolId, symbols);
}

std::string firstBadReference(const CallGraph &g)
{
    const auto nSymbols = static_cast<std::int64_t>(g.symbols.size());
    const auto nSites = static_cast<std::int64_t>(g.callSites.size());
    const auto symbol = [&](std::int64_t id, bool optional) { return (optional && id == 0) || (id >= 1 && id <= nSymbols); };
    for (size_t i = 0; i < g.symbols.size(); ++i) {
        const Symbol &s = g.symbols[i];
        if (s.id != static_cast<std::int64_t>(i) + 1 || !symbol(s.parentId, true) || !symbol(s.originId, true))
            return "symbol " + std::to_string(s.id) + " refers to a symbol that is not there";
    }
    for (size_t i = 0; i < g.callSites.size(); ++i) {
        const CallSite &c = g.callSites[i];
        if (c.id != static_cast<std::int64_t>(i) + 1 || !symbol(c.callerId, true))
            return "call site " + std::to_string(c.id) + " refers to a symbol that is not there";
    }
    for (const Edge &e : g.edges)
        if (e.callSiteId < 1 || e.callSiteId > nSites || !symbol(e.calleeId, true))
            return "an edge of call site " + std::to_string(e.callSiteId) + " refers to what is not there";
    for (const Kernel &k : g.kernels)
        if (!symbol(k.symbolId, false))
            return "kernel symbol " + std::to_string(k.symbolId) + " is not there";
    return {};
}

} // namespace katlas
