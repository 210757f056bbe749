// Where a method can run: only where an instance of its class exists, so
// only where the places building one run (see guard_evaluator.h,
// docs/guard-evaluation.md "An assignment made where its function is called").
#include "resolve/guard_evaluator.h"
#include "resolve/guard_limits.h"

#include "resolve/instantiation_index.h"

#include <algorithm>
#include <set>

namespace katlas {

using namespace guard_limits;

std::vector<ConditionSet> GuardEvaluator::instanceConditions(SymbolId cls, int depth)
{
    constexpr size_t kMaxPlaces = 8;
    const InstantiationIndex &sites = m_evaluator.instantiations();
    std::vector<ConditionSet> out;
    size_t places = 0;
    for (SymbolId k : m_table.subclassesOf(cls)) {
        const ClassInfo *info = m_table.cls(k);
        const std::string &name = m_table.symbol(k).name;
        // A class handed on as a value, registered by a decorator, bound to
        // another name or returned by a factory may be built where the index
        // cannot see it.
        if (!info || !info->fact->decorators.empty() || !sites.passesOf(name).empty() || !sites.aliasesOf(name).empty()
            || sites.returnedByAFunction(name))
            return {{}};
        std::set<std::pair<int, int>> seen;
        for (const Instantiation &at : sites.callsOf(name))
            seen.insert({at.module, sites.call(at).line});
        // A call of its name whose value is not assigned or returned
        // (`Cls().run()`) builds one too, unseen: anywhere.
        for (const auto &[module, call] : callsNamed(name))
            if (!seen.count({module, call->line}))
                return {{}};
        for (const Instantiation &at : buildingSites(k)) {
            const ValueFact &call = sites.call(at);
            const Scope scope{at.module, at.function, 0};
            if (++places > kMaxPlaces)
                return {{}};
            const std::optional<std::vector<ConditionSet>> ways = guardConditions(call.guards, scope, depth, call.line);
            if (!ways)
                continue; // a place that cannot run
            // Built in a plain function: where that function is called.
            const FunctionInfo *builder = at.function ? m_table.function(at.function) : nullptr;
            const std::vector<ConditionSet> outer = builder && !builder->cls ? callerConditions(at.function, depth + 1)
                                                                             : std::vector<ConditionSet>{{}};
            for (ConditionSet &way : crossWays(outer, *ways))
                out.push_back(std::move(way));
            if (out.size() > kMaxPlaces)
                return {{}};
        }
    }
    // Built nowhere the index sees (a framework builds it): anywhere.
    if (out.empty())
        return {{}};
    return out;
}

} // namespace katlas
