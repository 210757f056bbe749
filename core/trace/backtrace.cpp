// Kernel backtraces (see backtrace.h).
#include "trace/backtrace.h"

#include "graph/condition_text.h"

#include <algorithm>
#include <deque>

namespace katlas {

std::unordered_map<std::int64_t, int> callDepthsFrom(const CallIndex &index, const std::vector<std::int64_t> &entries,
                                                     bool stopAtKernels)
{
    std::unordered_map<std::int64_t, int> depth;
    std::deque<std::int64_t> queue;
    for (std::int64_t e : entries)
        if (depth.emplace(e, 0).second)
            queue.push_back(e);
    while (!queue.empty()) {
        const std::int64_t f = queue.front();
        queue.pop_front();
        if (stopAtKernels && index.kernel(f))
            continue;
        for (std::int64_t s : index.sitesOf(f))
            for (size_t ei : index.edgesOf(s)) {
                const std::int64_t c = index.edge(ei).calleeId;
                if (c && depth.emplace(c, depth[f] + 1).second)
                    queue.push_back(c);
            }
    }
    return depth;
}

std::unordered_set<std::int64_t> reachableFrom(const CallIndex &index, const std::vector<std::int64_t> &entries)
{
    std::unordered_set<std::int64_t> out;
    for (const auto &[symbol, depth] : callDepthsFrom(index, entries))
        out.insert(symbol);
    return out;
}

namespace {

class BacktraceWalk {
public:
    BacktraceWalk(const CallIndex &index, const std::unordered_set<std::int64_t> &within,
                  const std::vector<std::int64_t> &entries, const DimensionFilter &filter, int maxDepth, size_t maxNodes)
        : m_index(index), m_within(within), m_entries(entries.begin(), entries.end()), m_filter(filter),
          m_maxDepth(maxDepth), m_maxNodes(maxNodes)
    {
    }

    // The call sites that call `callee`, each with its own callers below.
    std::vector<BacktraceNode> callersOf(std::int64_t callee, int depth, Backtrace &out)
    {
        std::vector<BacktraceNode> nodes;
        if (depth > m_maxDepth || m_entries.count(callee))
            return nodes;
        m_stack.push_back(callee);
        for (size_t ei : m_index.edgesInto(callee)) {
            const Edge &e = m_index.edge(ei);
            const CallSite &site = m_index.site(e.callSiteId);
            if (!m_within.empty() && !m_within.count(site.callerId))
                continue;
            if (std::find(m_stack.begin(), m_stack.end(), site.callerId) != m_stack.end())
                continue;
            PathConditions pc;
            if (!pc.add(e.conditions) || !pc.passes(m_filter, &m_index.graph().settingDefaults))
                continue;
            // Edges of one call site that differ only in what is not shown
            // (the building places of instances) are one row: the same
            // caller has the same callers above it.
            std::string shown = pc.toString();
            if (std::any_of(nodes.begin(), nodes.end(), [&](const BacktraceNode &n) { return n.siteId == site.id && n.conditions == shown; }))
                continue;
            if (m_nodes >= m_maxNodes) {
                ++out.notShown;
                continue;
            }
            ++m_nodes;
            BacktraceNode n{site.id, site.callerId, std::move(shown), pc, {}};
            n.callers = callersOf(site.callerId, depth + 1, out);
            nodes.push_back(std::move(n));
        }
        m_stack.pop_back();
        mergeAlike(nodes);
        std::sort(nodes.begin(), nodes.end(), [&](const BacktraceNode &a, const BacktraceNode &b) {
            return std::make_pair(m_index.site(a.siteId).fileId, m_index.site(a.siteId).line)
                < std::make_pair(m_index.site(b.siteId).fileId, m_index.site(b.siteId).line);
        });
        return nodes;
    }

private:
    // Rows a reader cannot tell apart (one line of one file, one callee,
    // the same conditions: copies of a function specialised per call) are
    // one, with the callers of all of them.
    void mergeAlike(std::vector<BacktraceNode> &nodes) const
    {
        auto alike = [&](const BacktraceNode &a, const BacktraceNode &b) {
            const CallSite &x = m_index.site(a.siteId), &y = m_index.site(b.siteId);
            return x.fileId == y.fileId && x.line == y.line && x.callee == y.callee && a.conditions == b.conditions;
        };
        std::vector<BacktraceNode> merged;
        for (BacktraceNode &n : nodes) {
            auto same = std::find_if(merged.begin(), merged.end(), [&](const BacktraceNode &m) { return alike(m, n); });
            if (same == merged.end()) {
                merged.push_back(std::move(n));
                continue;
            }
            for (BacktraceNode &c : n.callers)
                same->callers.push_back(std::move(c));
            mergeAlike(same->callers);
        }
        nodes = std::move(merged);
    }

    const CallIndex &m_index;
    const std::unordered_set<std::int64_t> &m_within;
    std::unordered_set<std::int64_t> m_entries;
    const DimensionFilter &m_filter;
    int m_maxDepth;
    size_t m_maxNodes;
    size_t m_nodes = 0;
    std::vector<std::int64_t> m_stack;
};

} // namespace

Backtrace buildBacktrace(const CallIndex &index, std::int64_t kernelId, const std::unordered_set<std::int64_t> &within,
                         const std::vector<std::int64_t> &entries, const DimensionFilter &filter, int maxDepth,
                         size_t maxNodes)
{
    Backtrace bt;
    bt.kernelId = kernelId;
    BacktraceWalk walk(index, within, entries, filter, maxDepth, maxNodes);
    bt.sites = walk.callersOf(kernelId, 0, bt);
    return bt;
}

} // namespace katlas
