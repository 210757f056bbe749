// See built_member.h.
#include "shapes/built_member.h"

#include <algorithm>

namespace katlas {
namespace {

constexpr int kMaxDepth = 3; // calls followed below the factory's

std::string trimmed(const std::string &s)
{
    const size_t b = s.find_first_not_of(" \t\n");
    const size_t e = s.find_last_not_of(" \t\n");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

bool sameValue(const KnownValue &a, const KnownValue &b)
{
    return a.number == b.number && a.name == b.name && a.truth == b.truth;
}

std::optional<KnownValue> known(const ShapeValue &v)
{
    if (v.known())
        return KnownValue::of(*v.value);
    return std::nullopt;
}

} // namespace

BuiltMembers::BuiltMembers(const CallIndex &index, const SourceCalls &calls, std::vector<DimensionRule> guardRules)
    : m_index(index), m_calls(calls)
{
    for (DimensionRule &r : guardRules)
        if (r.target == DimensionRule::Target::Guard)
            m_rules.push_back(std::move(r));
}

std::int64_t BuiltMembers::initOf(const std::string &cls) const
{
    if (m_inits.empty()) {
        for (const Symbol &s : m_index.graph().symbols)
            if (s.name == "__init__" && !s.originId && s.fileId)
                m_inits.emplace(m_index.classOf(s.id), s.id);
        m_inits.emplace(std::string(), 0); // looked once
    }
    const auto it = m_inits.find(cls);
    return it == m_inits.end() ? 0 : it->second;
}

BuiltMembers::Names BuiltMembers::bind(Context &c, const SourceCall &call, std::int64_t callee, const Names &names) const
{
    Names out;
    const std::optional<SourceFunction> fn = m_calls.function(callee);
    if (!fn)
        return out;
    const ShapeEnvironment env{c.shapes.config(), names};
    for (const std::string &p : fn->params)
        if (p != "*" && p != "self")
            if (const std::optional<std::string> arg = argumentFor(call, *fn, p, true))
                out[p] = evaluateShape(*arg, env);
    return out;
}

void BuiltMembers::objectsBuilt(Context &c, std::int64_t site, const Names &names, int depth,
                                std::vector<Built> &out) const
{
    if (depth > kMaxDepth || --c.budget < 0)
        return;
    const std::optional<SourceCall> call = m_calls.call(site);
    if (!call)
        return;
    for (size_t e : m_index.edgesOf(site)) {
        const Edge &edge = m_index.edge(e);
        if (!edge.calleeId || edge.resolution == Resolution::NameOnly)
            continue;
        const Symbol &s = m_index.symbol(edge.calleeId);
        if (s.name == "__init__") {
            // The class called, which may inherit its `__init__`.
            const size_t dot = call->callee.rfind('.');
            out.push_back({edge.calleeId, bind(c, *call, edge.calleeId, names),
                           dot == std::string::npos ? call->callee : call->callee.substr(dot + 1)});
            continue;
        }
        if (s.kind != SymbolKind::Function)
            continue; // a method's objects are its receiver's business
        const Names inner = bind(c, *call, edge.calleeId, names);
        for (std::int64_t inside : m_index.sitesOf(edge.calleeId))
            objectsBuilt(c, inside, inner, depth + 1, out);
    }
}

std::optional<bool> BuiltMembers::flag(const Context &c, const std::string &text) const
{
    for (const DimensionRule &r : m_rules) {
        const std::optional<std::string> value = r.pattern.substitute(text, r.value, true);
        if (!value)
            continue;
        const auto allowed = c.dimensions.find(r.dimension);
        if (allowed == c.dimensions.end() || allowed->second.empty())
            return std::nullopt;
        if (!allowed->second.count(*value))
            return false;
        if (allowed->second.size() == 1)
            return true;
        return std::nullopt;
    }
    return std::nullopt;
}

void BuiltMembers::fillTables() const
{
    if (!m_methods.empty())
        return;
    for (const Symbol &s : m_index.graph().symbols) {
        if (s.parentId && !s.originId && s.fileId && s.name != "__init__"
            && (s.kind == SymbolKind::Function || s.kind == SymbolKind::Method))
            m_methods[s.parentId].push_back(s.id);
        if (s.kind == SymbolKind::Class)
            m_classes[s.name].push_back(s.id);
    }
    m_methods[0]; // filled
}

bool BuiltMembers::setElsewhere(std::int64_t cls, const std::string &member) const
{
    fillTables();
    const auto methods = m_methods.find(cls);
    if (methods == m_methods.end())
        return false;
    const std::string target = "self." + member;
    for (std::int64_t id : methods->second)
        if (const std::optional<SourceFunction> fn = m_calls.function(id); fn && fn->assignments.count(target))
            return true;
    return false;
}

bool BuiltMembers::setElsewhere(const std::string &cls, const std::string &member) const
{
    fillTables();
    const auto it = m_classes.find(cls);
    return it != m_classes.end()
        && std::any_of(it->second.begin(), it->second.end(), [&](std::int64_t id) { return setElsewhere(id, member); });
}

std::optional<KnownValue> BuiltMembers::memberOf(Context &c, std::int64_t init, const Names &names,
                                                 const std::string &member, int depth, bool &found) const
{
    found = false;
    const std::optional<SourceFunction> fn = m_calls.function(init);
    if (!fn || depth > 8)
        return std::nullopt;
    if (setElsewhere(m_index.symbol(init).parentId, member)) {
        found = true;
        return std::nullopt;
    }
    const ValueLookup lookup = [&](const std::string &expression) -> std::optional<KnownValue> {
        if (const std::optional<bool> f = flag(c, expression))
            return KnownValue::truthOf(*f);
        if (expression.rfind("self.", 0) == 0 && expression.find_first_of(".[(", 5) == std::string::npos) {
            bool set = false;
            return memberOf(c, init, names, expression.substr(5), depth + 1, set);
        }
        if (const auto it = names.find(expression); it != names.end())
            return known(it->second);
        return std::nullopt;
    };
    const auto made = fn->assignments.find("self." + member);
    std::optional<KnownValue> agreed;
    bool unknown = false;
    if (made != fn->assignments.end())
        for (const SourceAssignment &a : made->second) {
            bool dead = false;
            for (const auto &[test, needed] : a.tests) {
                const std::optional<bool> holds = conditionTruth(test, lookup);
                dead = dead || (holds && *holds != needed);
            }
            if (dead)
                continue;
            std::optional<KnownValue> v;
            if (a.value == "True" || a.value == "False")
                v = KnownValue::truthOf(a.value == "True");
            else
                v = known(evaluateShape(a.value, ShapeEnvironment{c.shapes.config(), names}));
            if (!v || (found && agreed && !sameValue(*v, *agreed)))
                unknown = true;
            found = true;
            agreed = v;
        }
    if (found)
        return unknown ? std::nullopt : agreed;
    // Not set here: as the base's `__init__` this one calls sets it.
    for (std::int64_t site : m_index.sitesOf(init)) {
        const std::string &callee = m_index.site(site).callee;
        if (callee.size() < 9 || callee.compare(callee.size() - 9, 9, "__init__") != 0)
            continue;
        const std::optional<SourceCall> call = m_calls.call(site);
        if (!call)
            continue;
        for (size_t e : m_index.edgesOf(site)) {
            const Edge &edge = m_index.edge(e);
            if (!edge.calleeId || edge.calleeId == init || m_index.symbol(edge.calleeId).name != "__init__")
                continue;
            return memberOf(c, edge.calleeId, bind(c, *call, edge.calleeId, names), member, depth + 1, found);
        }
    }
    return std::nullopt;
}

std::optional<KnownValue> BuiltMembers::value(ModelShapes &shapes,
                                              const std::map<std::string, std::set<std::string>> &dimensions,
                                              const std::string &owner, const std::string &target,
                                              const std::string &member) const
{
    const std::int64_t init = initOf(owner);
    const std::optional<SourceFunction> fn = init ? m_calls.function(init) : std::nullopt;
    if (!fn)
        return std::nullopt;
    const auto made = fn->assignments.find(target);
    if (made == fn->assignments.end())
        return std::nullopt;
    std::set<std::pair<std::string, int>> calls; // what builds it, where (`None` elsewhere is no object)
    for (const SourceAssignment &a : made->second)
        if (const size_t paren = a.value.find('('); paren != std::string::npos && paren > 0)
            calls.emplace(trimmed(a.value.substr(0, paren)), a.line);
    if (calls.empty())
        return std::nullopt;
    Context c{shapes, dimensions};
    const Names names = shapes.scope(owner).names;
    std::vector<Built> built;
    for (std::int64_t site : m_index.sitesOf(init))
        if (calls.count({m_index.site(site).callee, m_index.site(site).line}))
            objectsBuilt(c, site, names, 0, built);
    if (built.empty() || c.budget < 0)
        return std::nullopt;
    std::optional<KnownValue> agreed;
    for (const Built &b : built) {
        bool found = false;
        std::optional<KnownValue> v = memberOf(c, b.init, b.names, member, 0, found);
        if (found && setElsewhere(b.cls, member))
            v.reset();
        if (!found)
            continue; // an object of a class without the attribute is not the one read
        if (!v || (agreed && !sameValue(*v, *agreed)))
            return std::nullopt;
        agreed = v;
    }
    return agreed;
}

} // namespace katlas
