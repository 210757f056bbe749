#include "resolve/effect_conditions.h"

namespace katlas {

ConditionSet effectConditions(ConditionMapper &mapper, const SymbolTable &table, SymbolId method)
{
    ConditionSet out;
    if (!method)
        return out;
    const Symbol &s = table.symbol(method);
    if (std::optional<Condition> byName = mapper.forFunction(s.name))
        addCondition(out, *byName);
    if (std::optional<Condition> bySymbol = mapper.forSymbol(s.qualName))
        addCondition(out, *bySymbol);
    return out;
}

} // namespace katlas
