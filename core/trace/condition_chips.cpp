// Condition chips (see condition_chips.h).
#include "trace/condition_chips.h"

#include "graph/runtime_condition.h"

#include <QCoreApplication>

namespace katlas {
namespace {

std::string joined(const std::vector<std::string> &values)
{
    std::string out;
    for (const std::string &v : values)
        out += (out.empty() ? "" : "|") + v;
    return out;
}

} // namespace

std::vector<ConditionChip> conditionChips(const PathConditions &conditions)
{
    std::vector<ConditionChip> out;
    for (const auto &[dim, values] : conditions.required())
        out.push_back({dim, dim + "=" + joined(values)});
    for (const auto &[dim, values] : conditions.excluded())
        out.push_back({dim, dim + "\u2260" + joined(values)});
    for (const std::string &text : conditions.otherConditions()) {
        const bool runtime = isRuntimeCondition(text);
        out.push_back({{}, runtime ? QCoreApplication::translate("Chips", "at run time: %1").arg(QString::fromStdString(text)).toStdString() : text,
                       runtime});
    }
    return out;
}

} // namespace katlas
