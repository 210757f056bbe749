// Which functions a call runs: the bound method for a known receiver, every
// override for a receiver known only by its declared base class (restricted
// to registered classes where the hierarchy has a registry).
#include "resolve/evaluator.h"
#include "resolve/chain.h"
#include "resolve/registry_index.h"

#include <algorithm>
#include <map>

namespace katlas {
namespace {

constexpr size_t kMaxOverrides = 256;

// Union of the values of each dimension over the alternatives: the target is
// taken when any of the classes sharing it is selected.
ConditionSet unionByDimension(const std::vector<const ConditionSet *> &alternatives)
{
    for (const ConditionSet *set : alternatives)
        if (!set || set->empty())
            return {}; // one alternative needs nothing: neither does the target
    if (alternatives.size() == 1)
        return *alternatives.front();
    // A dimension every alternative constrains: the union of positive values,
    // or an exclusion they all share; any other dimension is free.
    ConditionSet out;
    for (const Condition &first : *alternatives.front()) {
        Condition u = first;
        bool kept = true;
        for (size_t i = 1; i < alternatives.size() && kept; ++i) {
            const auto it = std::find_if(alternatives[i]->begin(), alternatives[i]->end(),
                                         [&](const Condition &c) { return c.dimension == first.dimension; });
            if (it == alternatives[i]->end() || it->negated != first.negated
                || (first.negated && it->values != first.values)) {
                kept = false;
                break;
            }
            for (const std::string &v : it->values)
                if (std::find(u.values.begin(), u.values.end(), v) == u.values.end())
                    u.values.push_back(v);
        }
        if (kept) {
            std::sort(u.values.begin(), u.values.end());
            out.push_back(std::move(u));
        }
    }
    return out;
}

} // namespace

std::vector<DispatchTarget> Evaluator::overrides(SymbolId root, const std::string &name, Resolution how)
{
    std::vector<SymbolId> classes = m_table.subclassesOf(root);
    if (classes.size() > kMaxOverrides)
        classes.resize(kMaxOverrides);
    const bool registered = m_registries && m_registries->anyRegistered(classes);

    // Group the classes by the function they run. A function that does not
    // call through self is the same for every class that inherits it; one
    // that does is specialised per class.
    struct Group {
        SymbolId selfClass = 0;
        std::vector<const ConditionSet *> conditions;
    };
    std::map<std::pair<SymbolId, SymbolId>, Group> groups;
    for (SymbolId cls : classes) {
        const ConditionSet *reg = m_registries ? m_registries->forClass(cls) : nullptr;
        if (registered && !reg)
            continue;
        const SymbolId impl = m_table.lookupMethod(cls, name);
        if (!impl)
            continue;
        const FunctionInfo *fi = m_table.function(impl);
        const SymbolId self = fi && fi->callsOnSelf ? cls : 0;
        Group &g = groups[{impl, self}];
        g.selfClass = self ? cls : (g.selfClass ? g.selfClass : cls);
        g.conditions.push_back(reg);
    }
    std::vector<DispatchTarget> out;
    for (const auto &[key, g] : groups) {
        DispatchTarget t;
        t.function = key.first;
        t.selfClass = g.selfClass;
        t.how = weaker(how, registered ? Resolution::Registry : Resolution::Override);
        if (registered)
            t.conditions = unionByDimension(g.conditions);
        out.push_back(std::move(t));
    }
    return out;
}

std::vector<DispatchTarget> Evaluator::dispatch(const Value &fn)
{
    if (fn.kind != Value::Kind::Function)
        return {};
    const DispatchTarget direct{fn.id, fn.selfClass, fn.how, {}};
    if (!fn.declared || !fn.selfClass)
        return {direct};
    std::vector<DispatchTarget> out = overrides(fn.selfClass, m_table.symbol(fn.id).name, fn.how);
    return out.empty() ? std::vector<DispatchTarget>{direct} : out;
}

Values Evaluator::subclassMethods(const Value &instance, const std::string &name)
{
    Values out;
    for (const DispatchTarget &t : overrides(instance.selfClass, name, instance.how)) {
        Value f;
        f.kind = Value::Kind::Function;
        f.id = t.function;
        f.selfClass = t.selfClass;
        f.how = t.how;
        f.conditions = t.conditions;
        out.push_back(std::move(f));
    }
    return out;
}

std::vector<DispatchTarget> Evaluator::instanceCall(const Value &instance, const std::vector<std::string> &callMethods)
{
    if (instance.callable)
        return {}; // a function known only by what it returns
    for (const std::string &m : callMethods) {
        Values fns = attribute(instance, m);
        fns.erase(std::remove_if(fns.begin(), fns.end(), [](const Value &v) { return v.kind != Value::Kind::Function; }),
                  fns.end());
        if (fns.empty())
            continue;
        std::vector<DispatchTarget> out;
        for (const Value &f : fns)
            for (DispatchTarget t : dispatch(f)) {
                addConditions(t.conditions, f.conditions);
                out.push_back(std::move(t));
            }
        return out;
    }
    return {};
}

bool Evaluator::callRuns(const ValueFact &call, const Scope &scope, SymbolId function)
{
    const auto segs = splitChain(call.chain);
    return runs(evalSegments(segs, segs.size() - 1, scope), function);
}

bool Evaluator::runs(const Values &callee, SymbolId function)
{
    for (const Value &v : callee) {
        if (v.kind != Value::Kind::Function)
            continue;
        if (v.id == function)
            return true;
        const std::vector<DispatchTarget> targets = dispatch(v);
        if (std::any_of(targets.begin(), targets.end(), [&](const DispatchTarget &t) { return t.function == function; }))
            return true;
    }
    return false;
}

} // namespace katlas
