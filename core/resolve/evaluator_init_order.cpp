// Attributes a subclass's __init__ sets again after `super().__init__()`
// (see evaluator.h, docs/guard-evaluation.md "An attribute a subclass's
// __init__ sets again"): what the base's __init__ assigned holds for
// instances of the subclass only where the subclass's assignment does not run.
#include "resolve/evaluator.h"

#include <algorithm>

namespace katlas {

namespace {

bool isInit(const SymbolTable &table, SymbolId method)
{
    return method && table.symbol(method).name == "__init__";
}

} // namespace

std::optional<ConditionSet> Evaluator::replacedByInit(SymbolId klass, const std::string &name)
{
    const ClassInfo *k = m_table.cls(klass);
    const auto it = k ? k->selfAttrs.find(name) : decltype(k->selfAttrs)::const_iterator{};
    if (!k || it == k->selfAttrs.end())
        return std::nullopt;
    for (const auto &[assignment, method] : it->second) {
        if (!isInit(m_table, method))
            continue;
        const FunctionInfo *init = m_table.function(method);
        // The line of the `super().__init__(...)` the assignment follows.
        const ModuleFacts &facts = m_table.files()[static_cast<size_t>(m_table.moduleAt(init->module).fileIndex)];
        const bool afterSuper = std::any_of(facts.calls.begin(), facts.calls.end(), [&](const CallFact &c) {
            return c.scope == init->fact->qualName && c.line < assignment->value.line
                && (c.callee.starts_with("super().__init__") || c.callee.ends_with(".__init__"));
        });
        if (!afterSuper)
            continue;
        const GuardList &guards = assignment->value.guards;
        if (guards.empty())
            return ConditionSet{}; // replaced everywhere: the base's value never reaches the instance
        if (guards.size() != 1)
            continue;
        // One test the profile maps to a dimension: the base's value holds where it fails.
        Condition c = m_mapper.map(guards.front());
        if (c.dimension.empty())
            continue;
        c.negated = !c.negated;
        return ConditionSet{c};
    }
    return std::nullopt;
}

} // namespace katlas
