// State handed with an argument, as guard evaluation reads it (see
// resolve/argument_state.h and docs/guard-evaluation.md).
#include "resolve/guard_evaluator.h"

#include "resolve/argument_shape.h"

#include <algorithm>

namespace katlas {

using Kind = GuardEvaluator::Abstract::Kind;

GuardEvaluator::Outcomes GuardEvaluator::boundKindValues(ArgKind k)
{
    return {{{k == 'N' ? Kind::None : k == 'T' || k == 'F' ? Kind::Bool : Kind::NotNone, k == 'T', {}, {}}, {}}};
}

GuardEvaluator::Outcomes GuardEvaluator::withoutNone(Outcomes passed)
{
    std::erase_if(passed, [](const Outcome &o) { return o.value.kind == Kind::None; });
    for (Outcome &o : passed)
        if (o.value.kind == Kind::Unknown)
            o.value = {Kind::NotNone, false, {}, {}};
    if (passed.empty())
        passed.push_back({{Kind::NotNone, false, {}, {}}, {}});
    return passed;
}

std::optional<GuardEvaluator::Outcomes> GuardEvaluator::handedStateValues(const Chain &chain, const Scope &scope) const
{
    if (!scope.variant || scope.variant->find("|%") == std::string::npos)
        return std::nullopt;
    const FunctionInfo *fn = m_table.function(scope.function);
    if (!fn)
        return std::nullopt;
    const size_t dot = chain.find('.');
    const auto bound = bindArguments(*fn->fact, fn->cls && !fn->isStatic, *scope.variant);
    const auto it = bound.find(chain);
    if (it == bound.end() || dot == std::string::npos)
        return std::nullopt;
    // A function that sets the attribute itself reads what it set.
    if (const auto set = m_foreignAssignments.find(chain.substr(dot + 1)); set != m_foreignAssignments.end()
        && std::any_of(set->second.begin(), set->second.end(), [&](const auto &a) {
               return a.second->scope == fn->scope && a.second->object == chain.substr(0, dot);
           }))
        return std::nullopt;
    return boundKindValues(it->second);
}

} // namespace katlas
