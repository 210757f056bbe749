// Attributes a subclass's __init__ sets again after `super().__init__()`
// (see evaluator.h, docs/guard-evaluation.md "An attribute a subclass's
// __init__ sets again"): what the base's __init__ assigned holds for
// instances of the subclass only where the subclass's assignment does not run.
#include "resolve/evaluator.h"


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
        // After the `super().__init__(...)` it makes (a fact of the function:
        // its calls need not be loaded, as in an incremental build).
        const FunctionInfo *init = m_table.function(method);
        if (!init || init->fact->superInitLine == 0 || init->fact->superInitLine >= assignment->value.line)
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
