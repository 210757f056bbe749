// The call hierarchy (see call_hierarchy.h).
#include "trace/call_hierarchy.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace katlas {
namespace {

bool validSymbol(const CallIndex &index, std::int64_t id)
{
    return id > 0 && static_cast<size_t>(id) <= index.graph().symbols.size();
}

// Is `copy` (or a function it copies) `symbolId` under its name? A copy of a
// copy leads back in a few steps; the bound guards a damaged index.
bool copies(const CallIndex &index, std::int64_t copy, std::int64_t symbolId)
{
    for (int i = 0; i < 8 && validSymbol(index, copy); ++i) {
        if (namedSymbol(index, copy) == symbolId)
            return true;
        copy = index.symbol(copy).originId;
    }
    return false;
}

// The symbol and its copies (per receiver class, per argument shape).
std::vector<std::int64_t> withCopies(const CallIndex &index, std::int64_t symbolId)
{
    std::vector<std::int64_t> out{symbolId};
    for (const Symbol &s : index.graph().symbols)
        if (s.id != symbolId && copies(index, s.id, symbolId))
            out.push_back(s.id);
    return out;
}

// Keeps one step per symbol, call line and conditions: the copies of a
// function repeat its call sites.
class StepSet {
public:
    explicit StepSet(const CallIndex &index) : m_index(index) {}
    void add(std::int64_t symbolId, size_t edgeIndex)
    {
        const Edge &e = m_index.edge(edgeIndex);
        CallStep step{namedSymbol(m_index, symbolId), e.callSiteId, e.resolution, {}};
        if (!step.conditions.add(e.conditions))
            return; // a way that contradicts itself is never taken
        const CallSite &site = m_index.site(e.callSiteId);
        if (m_seen.emplace(step.symbolId, site.fileId, site.line, site.callee, step.conditions.toString()).second)
            m_steps.push_back(std::move(step));
    }
    std::vector<CallStep> take() { return std::move(m_steps); }

private:
    const CallIndex &m_index;
    std::set<std::tuple<std::int64_t, std::int64_t, int, std::string, std::string>> m_seen;
    std::vector<CallStep> m_steps;
};

bool endsWithExpression(const std::string &callee, std::string_view expression)
{
    if (callee == expression)
        return true;
    return callee.size() > expression.size() && callee.compare(callee.size() - expression.size(), expression.size(), expression) == 0
        && callee[callee.size() - expression.size() - 1] == '.';
}

} // namespace

std::int64_t namedSymbol(const CallIndex &index, std::int64_t symbolId)
{
    if (!validSymbol(index, symbolId))
        return symbolId;
    // The first of the symbols of that name defined at the same place: a
    // redefinition elsewhere in the file stays a function of its own.
    const Symbol &s = index.symbol(symbolId);
    for (std::int64_t same : index.byQualName(s.qualName))
        if (index.symbol(same).fileId == s.fileId && index.symbol(same).line == s.line)
            return same;
    return symbolId;
}

std::vector<std::int64_t> callSitesAt(const CallIndex &index, std::int64_t fileId, int line, std::string_view expression)
{
    std::vector<std::int64_t> out;
    for (const CallSite &s : index.graph().callSites)
        if (s.fileId == fileId && s.line == line && (expression.empty() || endsWithExpression(s.callee, expression)))
            out.push_back(s.id);
    return out;
}

std::vector<CallStep> callTargets(const CallIndex &index, const std::vector<std::int64_t> &sites)
{
    StepSet steps(index);
    for (std::int64_t s : sites)
        for (size_t ei : index.edgesOf(s))
            if (index.edge(ei).calleeId > 0)
                steps.add(index.edge(ei).calleeId, ei);
    return steps.take();
}

std::vector<CallStep> callsInto(const CallIndex &index, std::int64_t symbolId)
{
    StepSet steps(index);
    for (std::int64_t callee : withCopies(index, symbolId))
        for (size_t ei : index.edgesInto(callee))
            steps.add(index.site(index.edge(ei).callSiteId).callerId, ei);
    std::vector<CallStep> out = steps.take();
    std::stable_sort(out.begin(), out.end(), [&](const CallStep &a, const CallStep &b) {
        const CallSite &x = index.site(a.siteId), &y = index.site(b.siteId);
        return std::tie(x.fileId, x.line) < std::tie(y.fileId, y.line);
    });
    return out;
}

std::vector<CallStep> callsFrom(const CallIndex &index, std::int64_t symbolId)
{
    StepSet steps(index);
    for (std::int64_t caller : withCopies(index, symbolId))
        for (std::int64_t s : index.sitesOf(caller))
            for (size_t ei : index.edgesOf(s))
                if (index.edge(ei).calleeId > 0)
                    steps.add(index.edge(ei).calleeId, ei);
    std::vector<CallStep> out = steps.take();
    std::stable_sort(out.begin(), out.end(),
                     [&](const CallStep &a, const CallStep &b) { return index.site(a.siteId).line < index.site(b.siteId).line; });
    return out;
}

} // namespace katlas
