// Building the op execution graph (see op_graph.h).
#include "trace/op_graph.h"

#include "graph/allocation_condition.h"
#include "graph/graph_queries.h"
#include "resolve/condition_mapper.h"
#include "trace/configuration.h"
#include "trace/path_finder.h"

#include <QCoreApplication>

#include <algorithm>
#include <functional>
#include <map>
#include <unordered_set>

namespace katlas {
namespace {

bool wildcardMatch(const char *p, const char *s)
{
    if (*p == '\0')
        return *s == '\0';
    if (*p == '*')
        return wildcardMatch(p + 1, s) || (*s && wildcardMatch(p, s + 1));
    return *s && *p == *s && wildcardMatch(p + 1, s + 1);
}

// A site reached through several ways keeps what they agree on, or nothing.
void noteContext(SiteContexts &contexts, std::int64_t site, const ConditionSet &context)
{
    const auto [it, added] = contexts.try_emplace(site, context);
    if (!added && !mergeAlternative(it->second, context))
        it->second.clear();
}

class OpGraphBuilder {
public:
    OpGraphBuilder(const CallIndex &index, const Profile &profile, const ModelEntry &model, const DimensionFilter &filter,
                   const PathTargets *compute)
        : m_index(index), m_profile(profile), m_model(model), m_filter(filter), m_compute(compute)
    {
    }

    void expand(std::int64_t function, std::vector<OpNode> &out, const std::string &prefix, int depth,
                const ConditionSet &context = {})
    {
        if (depth > 32 || m_stack.count(function))
            return;
        m_stack.insert(function);
        for (std::int64_t site : m_index.sitesOf(function)) {
            noteContext(siteContext, site, context);
            addSite(site, out, prefix, depth, context);
        }
        m_stack.erase(function);
    }

    std::vector<std::string> withoutKernel;
    SiteContexts siteContext;

private:
    void noteWithoutKernel(const std::string &op)
    {
        if (std::find(withoutKernel.begin(), withoutKernel.end(), op) == withoutKernel.end())
            withoutKernel.push_back(op);
    }

    bool isModelCode(std::int64_t symbol) const
    {
        const Symbol &s = m_index.symbol(symbol);
        return (s.kind == SymbolKind::Function || s.kind == SymbolKind::Method)
            && (moduleMatches(m_model.modelModules, m_index.moduleOf(symbol)) || moduleMatches(m_model.containers, s.qualName));
    }

    // The label of a branch: the attention-path value its guards select, else
    // the first dimension value it requires.
    std::string pathLabel(const ConditionSet &conds) const
    {
        for (const Condition &c : conds)
            if (c.dimension != "attn_path" && m_profile.dimension(c.dimension) && !c.negated && c.values.size() == 1
                && !std::any_of(conds.begin(), conds.end(), [](const Condition &o) { return o.dimension == "attn_path"; }))
                return c.dimension + "=" + c.values.front();
        for (const Condition &c : conds) {
            if (c.dimension != "attn_path" || c.values.empty())
                continue;
            if (!c.negated)
                return c.values.front();
            // "not MHA" among known values is the others.
            if (const Dimension *d = m_profile.dimension(c.dimension)) {
                std::vector<std::string> rest;
                for (const std::string &v : d->values)
                    if (std::find(c.values.begin(), c.values.end(), v) == c.values.end())
                        rest.push_back(v);
                if (rest.size() == 1)
                    return rest.front();
            }
        }
        return {};
    }


    // The building places an edge into a container adds to the context, and
    // the dimensions its branch needs: what runs inside a branch taken
    // under `attn_path=MHA_CHUNKED_KV` runs under it too.
    static ConditionSet within(const ConditionSet &context, const ConditionSet &edge)
    {
        ConditionSet out = context;
        for (const Condition &c : edge)
            if (isAllocationDimension(c.dimension)) {
                std::erase_if(out, [&](const Condition &o) { return o.dimension == c.dimension; });
                out.push_back(c);
            } else if (!c.dimension.empty()) {
                addCondition(out, c);
            }
        return out;
    }

    void addSite(std::int64_t siteId, std::vector<OpNode> &out, const std::string &prefix, int depth,
                 const ConditionSet &context)
    {
        const CallSite &site = m_index.site(siteId);
        std::vector<std::pair<std::int64_t, const Edge *>> containers;
        bool reaches = false, computes = false;
        for (size_t ei : m_index.edgesOf(siteId)) {
            const Edge &e = m_index.edge(ei);
            if (!e.calleeId)
                continue;
            PathConditions pc;
            if (!pc.add(context) || !pc.add(e.conditions) || !pc.passes(m_filter, &m_index.graph().settingDefaults))
                continue;
            if (isModelCode(e.calleeId) && !m_index.kernel(e.calleeId) && !m_index.sitesOf(e.calleeId).empty())
                containers.push_back({e.calleeId, &e});
            else if (m_index.reachesKernel(e.calleeId))
                reaches = true;
            if (m_compute && static_cast<size_t>(e.calleeId) < m_compute->reaching.size()
                && m_compute->reaching[static_cast<size_t>(e.calleeId)])
                computes = true;
        }
        const std::string id = prefix + "/" + site.callee;
        if (!containers.empty()) {
            const bool branches = containers.size() > 1;
            for (const auto &[callee, edge] : containers) {
                OpNode node;
                node.name = site.callee;
                node.kind = OpNode::Kind::Container;
                node.function = callee;
                node.callSites = {siteId};
                node.context = context;
                node.label = pathLabel(edge->conditions);
                if (branches && node.label.empty())
                    node.label = m_index.symbol(m_index.symbol(callee).parentId).name;
                node.id = id + (node.label.empty() ? "" : "#" + node.label);
                expand(callee, node.children, node.id, depth + 1, within(context, edge->conditions));
                if (node.children.empty()) {
                    noteWithoutKernel(site.callee);
                    continue;
                }
                // The same container reached again (e.g. a second call of self.mlp): merge.
                auto same = std::find_if(out.begin(), out.end(), [&](const OpNode &o) { return o.id == node.id; });
                if (same != out.end())
                    same->callSites.push_back(siteId);
                else
                    out.push_back(std::move(node));
            }
            return;
        }
        const SiteContexts own{{siteId, context}};
        const bool kernels = reaches && !findPaths(m_index, {siteId}, m_filter, {24, 1, 0}, &own).paths.empty();
        if (!kernels && !(computes && !findPaths(m_index, {siteId}, m_filter, {24, 1, 0}, &own, m_compute).paths.empty())) {
            if (!reaches && site.callee.rfind("self.", 0) == 0)
                noteWithoutKernel(site.callee);
            return;
        }
        auto same = std::find_if(out.begin(), out.end(), [&](const OpNode &o) {
            return o.kind == OpNode::Kind::Leaf && o.name == site.callee;
        });
        if (same != out.end()) {
            same->callSites.push_back(siteId);
            return;
        }
        OpNode leaf;
        leaf.id = id;
        leaf.name = site.callee;
        leaf.kind = OpNode::Kind::Leaf;
        leaf.callSites = {siteId};
        leaf.context = context;
        out.push_back(std::move(leaf));
    }

    const CallIndex &m_index;
    const Profile &m_profile;
    const ModelEntry &m_model;
    const DimensionFilter &m_filter;
    const PathTargets *m_compute;
    std::unordered_set<std::int64_t> m_stack;
};

} // namespace

std::set<std::string> opsWithoutPath(const CallIndex &index, const OpGraph &graph, const DimensionFilter &filter,
                                     OpRunCheck check)
{
    std::set<std::string> out;
    // Can the way into a container (its call site's edge to the function it
    // expands) be taken under the filter, given the ways above it?
    auto entered = [&](const OpNode &n, const PathConditions &above, PathConditions &into) {
        for (std::int64_t site : n.callSites)
            for (size_t ei : index.edgesOf(site)) {
                const Edge &e = index.edge(ei);
                if (e.calleeId != n.function)
                    continue;
                PathConditions pc = above;
                if (pc.add(e.conditions) && pc.passes(filter, &index.graph().settingDefaults)) {
                    into = pc;
                    return true;
                }
            }
        return false;
    };
    // Returns whether the op runs; records those that do not.
    std::function<bool(const OpNode &, const PathConditions &)> runs = [&](const OpNode &n, const PathConditions &above) {
        bool any = false;
        PathConditions into = above;
        if (n.kind == OpNode::Kind::Leaf && check == OpRunCheck::Branches) {
            any = true;
        } else if (n.kind == OpNode::Kind::Leaf) {
            const SiteContexts own = contextsOf({&n});
            any = !findPaths(index, n.callSites, filter, {24, 1, 0}, &own).paths.empty();
        } else if (!entered(n, above, into)) {
            // A branch the filter rules out: nothing below it runs.
            forEachOp(std::vector<OpNode>{n}, [&](const OpNode &d, int) { out.insert(d.id); });
            return false;
        }
        for (const OpNode &c : n.children)
            any = runs(c, into) || any;
        if (!any)
            out.insert(n.id);
        return any;
    };
    for (const OpNode &n : graph.roots)
        runs(n, {});
    return out;
}

std::set<std::string> opsOutsideConfigurations(const CallIndex &index, const OpGraph &graph, const Profile &profile)
{
    std::set<std::string> out;
    bool first = true;
    for (const Configuration &c : profile.configurations) {
        const std::set<std::string> off =
            opsWithoutPath(index, graph, effectiveFilter(configurationFilter(c), profile), OpRunCheck::Branches);
        if (first)
            out = off;
        else
            std::erase_if(out, [&](const std::string &id) { return !off.count(id); });
        first = false;
    }
    return out;
}

SiteContexts contextsOf(const std::vector<const OpNode *> &nodes)
{
    SiteContexts out;
    for (const OpNode *n : nodes)
        for (std::int64_t site : n->callSites)
            noteContext(out, site, n->context);
    std::erase_if(out, [](const auto &entry) { return entry.second.empty(); });
    return out;
}

std::string opLocation(const CallIndex &index, const OpNode &op)
{
    if (op.callSites.empty())
        return {};
    const CallSite &s = index.site(op.callSites.front());
    return filePath(index.graph(), s.fileId) + ':' + std::to_string(s.line);
}

bool moduleMatches(const std::vector<std::string> &globs, const std::string &module)
{
    return std::any_of(globs.begin(), globs.end(),
                       [&](const std::string &g) { return wildcardMatch(g.c_str(), module.c_str()); });
}

OpGraph buildOpGraph(const CallIndex &index, const Profile &profile, const std::string &modelName,
                     const DimensionFilter &filter, const PathTargets *compute)
{
    OpGraph graph;
    graph.model = modelName.empty() ? profile.defaultModel : modelName;
    const ModelEntry *model = profile.model(graph.model);
    if (!model) {
        QStringList known;
        for (const ModelEntry &m : profile.models)
            known << QString::fromStdString(m.model);
        graph.error = QCoreApplication::translate("OpGraph", "unknown model '%1' (models of this profile: %2)")
                          .arg(QString::fromStdString(graph.model), known.join(QStringLiteral(", ")))
                          .toStdString();
        return graph;
    }
    graph.label = model->label.empty() ? model->model : model->label;
    const std::vector<std::int64_t> entries = index.byQualName(model->function);
    if (entries.empty()) {
        graph.error = QCoreApplication::translate("OpGraph", "the entry %1 of model '%2' is not in the index")
                          .arg(QString::fromStdString(model->function), QString::fromStdString(graph.model))
                          .toStdString();
        return graph;
    }
    graph.entry = entries.front();
    OpGraphBuilder builder(index, profile, *model, filter, compute);
    builder.expand(graph.entry, graph.roots, "", 0);
    graph.opsWithoutKernel = builder.withoutKernel;
    graph.siteContext = std::move(builder.siteContext);
    std::erase_if(graph.siteContext, [](const auto &entry) { return entry.second.empty(); });
    for (const ExtraEntry &e : profile.extraEntries) {
        const std::vector<std::int64_t> fns = index.byQualName(e.function);
        if (fns.empty() || !e.runsUnder(filter.allowed()))
            continue;
        NonModelOp op{e.name, e.group, fns.front(), {}};
        for (std::int64_t s : index.sitesOf(fns.front()))
            for (size_t ei : index.edgesOf(s))
                if (index.reachesKernel(index.edge(ei).calleeId)
                    && std::find(op.callSites.begin(), op.callSites.end(), s) == op.callSites.end())
                    op.callSites.push_back(s);
        graph.nonModel.push_back(std::move(op));
    }
    return graph;
}

std::string findOpId(const OpGraph &graph, const std::string &idOrName, const std::set<std::string> &idle)
{
    std::string byName;
    std::string running; // the first of that name that runs
    bool byId = false;
    forEachOp(graph.roots, [&](const OpNode &n, int) {
        if (n.id == idOrName)
            byId = true;
        else if (n.name == idOrName) {
            if (byName.empty())
                byName = n.id;
            if (running.empty() && !idle.count(n.id))
                running = n.id;
        }
    });
    return byId ? idOrName : !running.empty() ? running : byName;
}

std::string opTrail(const std::string &id, size_t dropLast)
{
    std::vector<std::string> parts;
    for (size_t at = 0; at < id.size();) {
        const size_t slash = id.find('/', at);
        const std::string part = id.substr(at, slash == std::string::npos ? std::string::npos : slash - at);
        if (!part.empty()) {
            const size_t hash = part.find('#');
            parts.push_back(hash == std::string::npos ? part : part.substr(0, hash) + " [" + part.substr(hash + 1) + "]");
        }
        if (slash == std::string::npos)
            break;
        at = slash + 1;
    }
    parts.resize(parts.size() > dropLast ? parts.size() - dropLast : 0);
    std::string out;
    for (const std::string &p : parts)
        out += (out.empty() ? "" : " \u203a ") + p;
    return out;
}

} // namespace katlas
