// Human-readable conditions (see condition_text.h).
#include "graph/condition_text.h"

namespace katlas {

std::string conditionText(const Condition &c)
{
    if (c.dimension.empty())
        return c.negated ? "not (" + c.text + ")" : c.text;
    std::string values;
    for (size_t i = 0; i < c.values.size(); ++i)
        values += (i ? "|" : "") + c.values[i];
    return c.dimension + (c.negated ? "!=" : "=") + values;
}

std::string conditionsText(const ConditionSet &conditions, const char *separator)
{
    std::string out;
    for (const Condition &c : conditions)
        out += (out.empty() ? "" : separator) + conditionText(c);
    return out;
}

} // namespace katlas
