// Depth-first enumeration of op -> kernel paths (see path_finder.h).
#include "trace/path_finder.h"

#include "trace/filter_check.h"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace katlas {
namespace {

class PathWalk {
public:
    // `targets`: where paths end (with what reaches them); nullptr: the kernels.
    PathWalk(const CallIndex &index, const DimensionFilter &filter, const PathLimits &limits, OpPaths &out,
             const PathTargets *targets = nullptr)
        : m_index(index), m_check(filter, &index.graph().settingDefaults), m_limits(limits), m_out(out), m_targets(targets),
          m_judge(index.pathJudge() ? index.pathJudge()->under(filter) : nullptr),
          m_countCap(limits.maxPaths + limits.countBeyond)
    {
    }

    bool reaches(std::int64_t symbol) const
    {
        if (!m_targets)
            return m_index.reachesKernel(symbol);
        return symbol > 0 && static_cast<size_t>(symbol) < m_targets->reaching.size() && m_targets->reaching[static_cast<size_t>(symbol)];
    }

    bool ends(std::int64_t symbol) const
    {
        return m_targets ? m_targets->symbols.count(symbol) > 0 : m_index.kernel(symbol) != nullptr;
    }

    void fromSite(std::int64_t site, const PathConditions &conds, std::vector<PathFrame> &frames, int depth)
    {
        if (depth > m_limits.maxDepth)
            return;
        for (size_t ei : m_index.edgesOf(site)) {
            if (m_counted >= m_countCap)
                return;
            const Edge &e = m_index.edge(ei);
            if (!e.calleeId || !reaches(e.calleeId) || m_onStack.count(e.calleeId))
                continue;
            // Most edges are unguarded: they keep the conditions (already
            // checked against the filter) without copying them.
            PathConditions guarded;
            if (!e.conditions.empty()) {
                guarded = conds;
                if (!guarded.add(prepared(ei, e)))
                    continue;
                if (auto dim = guarded.rejectedBy(m_check)) {
                    m_filteredDimension = *dim;
                    continue;
                }
            }
            const PathConditions &next = e.conditions.empty() ? conds : guarded;
            frames.push_back({site, m_index.site(site).callerId, e.calleeId});
            if (ends(e.calleeId)) {
                PathConditions judged = next;
                if (m_judge && judged.hasGuardText() && !m_judge->judge(frames, judged)) {
                    frames.pop_back();
                    continue;
                }
                ++m_counted;
                // Past the cap a kernel no path shown reaches yet still gets
                // one: the cap drops ways to a kernel, never the kernel.
                if (m_shownKernels.insert(e.calleeId).second || m_out.paths.size() < m_limits.maxPaths)
                    m_out.paths.push_back({e.calleeId, frames, std::move(judged)});
                else
                    ++m_out.notShown;
            } else {
                m_onStack.insert(e.calleeId);
                for (std::int64_t s : m_index.sitesOf(e.calleeId))
                    fromSite(s, next, frames, depth + 1);
                m_onStack.erase(e.calleeId);
            }
            frames.pop_back();
        }
    }

    const std::string &filteredDimension() const { return m_filteredDimension; }
    bool capped() const { return m_counted >= m_countCap; }

private:
    // An edge's conditions, interned the first time a path takes it.
    const PreparedConditions &prepared(size_t edgeIndex, const Edge &e)
    {
        const auto [it, fresh] = m_prepared.try_emplace(edgeIndex);
        if (fresh)
            it->second = prepareConditions(e.conditions);
        return it->second;
    }

    const CallIndex &m_index;
    FilterCheck m_check;
    std::unordered_map<size_t, PreparedConditions> m_prepared;
    const PathLimits &m_limits;
    OpPaths &m_out;
    std::unordered_set<std::int64_t> m_shownKernels; // ends a path shown reaches
    const PathTargets *m_targets;
    std::unique_ptr<const PathJudgement> m_judge; // null when it has nothing to say under the filter
    std::unordered_set<std::int64_t> m_onStack;
    std::string m_filteredDimension;
    size_t m_counted = 0;
    size_t m_countCap; // beyond this we stop counting: "more than N"
};

// Paths through the same calls that differ only in building places (one
// edge per place a value came from) are one path to the reader. Conditions
// are written out only for paths that share their calls with another.
void dropSameCallsAndConditions(std::vector<KernelPath> &paths)
{
    const auto sameCalls = [](const KernelPath &a, const KernelPath &b) {
        return a.kernelId == b.kernelId && a.frames.size() == b.frames.size()
            && std::equal(a.frames.begin(), a.frames.end(), b.frames.begin(), [](const PathFrame &x, const PathFrame &y) {
                   return x.siteId == y.siteId && x.calleeId == y.calleeId;
               });
    };
    const auto callsHash = [](const KernelPath &p) {
        size_t h = std::hash<std::int64_t>{}(p.kernelId);
        for (const PathFrame &f : p.frames)
            h = h * 1000003u ^ std::hash<std::int64_t>{}(f.siteId * 31 + f.calleeId);
        return h;
    };
    const auto conditionsText = [](const KernelPath &p) {
        std::string key = p.conditions.toString();
        for (const std::string &t : p.conditions.otherConditions())
            key += '|' + t;
        return key;
    };
    std::unordered_map<size_t, std::vector<size_t>> byCalls;
    for (size_t i = 0; i < paths.size(); ++i)
        byCalls[callsHash(paths[i])].push_back(i);
    std::vector<bool> dropped(paths.size(), false);
    for (const auto &[hash, group] : byCalls) {
        if (group.size() < 2)
            continue;
        std::vector<std::string> texts(group.size());
        for (size_t a = 0; a < group.size(); ++a) {
            texts[a] = conditionsText(paths[group[a]]);
            for (size_t b = 0; b < a && !dropped[group[a]]; ++b)
                dropped[group[a]] = !dropped[group[b]] && texts[a] == texts[b] && sameCalls(paths[group[a]], paths[group[b]]);
        }
    }
    std::vector<KernelPath> kept;
    kept.reserve(paths.size());
    for (size_t i = 0; i < paths.size(); ++i)
        if (!dropped[i])
            kept.push_back(std::move(paths[i]));
    paths = std::move(kept);
}

} // namespace

PathTargets pathTargets(const CallIndex &index, const std::vector<std::int64_t> &symbols)
{
    PathTargets t;
    t.symbols.insert(symbols.begin(), symbols.end());
    t.reaching = index.reaching(symbols);
    return t;
}

OpPaths findPaths(const CallIndex &index, const std::vector<std::int64_t> &siteIds, const DimensionFilter &filter,
                  const PathLimits &limits, const SiteContexts *contexts, const PathTargets *targets)
{
    OpPaths out;
    PathWalk walk(index, filter, limits, out, targets);
    std::vector<PathFrame> frames;
    for (std::int64_t site : siteIds) {
        PathConditions start;
        if (contexts)
            if (const auto it = contexts->find(site); it != contexts->end())
                start.add(it->second);
        walk.fromSite(site, start, frames, 0);
    }
    dropSameCallsAndConditions(out.paths);
    out.notShownCapped = walk.capped();
    if (out.paths.empty()) {
        out.reason = !walk.filteredDimension().empty() ? OpPaths::Empty::FilteredOut : OpPaths::Empty::NoKernel;
        out.filteredDimension = walk.filteredDimension();
    }
    return out;
}

} // namespace katlas
