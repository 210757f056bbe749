// Condition chips (see condition_chips.h).
#include "trace/condition_chips.h"

#include "graph/condition_text.h"
#include "graph/runtime_condition.h"

#include <QCoreApplication>

namespace katlas {

std::vector<ConditionChip> conditionChips(const PathConditions &conditions)
{
    std::vector<ConditionChip> out;
    for (const auto &[dim, values] : conditions.required())
        out.push_back({dim, dim + "=" + valuesText(values)});
    for (const auto &[dim, values] : conditions.excluded())
        out.push_back({dim, dim + "\u2260" + valuesText(values)});
    for (const std::string &text : conditions.otherConditions()) {
        const bool runtime = isRuntimeCondition(text);
        out.push_back({{}, runtime ? QCoreApplication::translate("Chips", "at run time: %1").arg(QString::fromStdString(text)).toStdString() : text,
                       runtime});
    }
    return out;
}

} // namespace katlas
