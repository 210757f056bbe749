// Flags the settings class sets itself (see guard_evaluator.h and
// docs/guard-evaluation.md, "Flags the settings class sets itself"): kept
// out of the guards that read them, as rows the effective filter applies.
#include "resolve/guard_evaluator.h"

#include <algorithm>

namespace katlas {

using Kind = GuardEvaluator::Abstract::Kind;

bool GuardEvaluator::selfSetFlag(SymbolId settingsClass, const std::string &name)
{
    const ClassInfo *c = m_table.cls(settingsClass);
    if (!c)
        return false;
    const auto assigned = c->selfAttrs.find(name);
    if (assigned == c->selfAttrs.end() || assigned->second.empty())
        return false;
    const std::optional<Abstract> given = setting(settingsClass, name);
    if (!given || (given->fallback != "true" && given->fallback != "false"))
        return false;
    // Every assignment sets it to True or False.
    return std::all_of(assigned->second.begin(), assigned->second.end(), [&](const auto &entry) {
        const GuardExpr &value = parsed(entry.first->value.expr);
        return value.isLiteral(GuardExpr::Literal::True) || value.isLiteral(GuardExpr::Literal::False);
    });
}

std::vector<DerivedValue> GuardEvaluator::settingRows()
{
    std::vector<DerivedValue> out;
    for (const auto &[settingsClass, rule] : m_settingsClasses) {
        const ClassInfo *c = m_table.cls(settingsClass);
        if (!c)
            continue;
        for (const auto &[name, assignments] : c->selfAttrs) {
            if (!selfSetFlag(settingsClass, name))
                continue;
            const std::string dimension = setting(settingsClass, name)->text;
            for (const auto &[assignment, method] : assignments)
                for (const Outcome &o : factValues(assignment->value, {c->module, method, settingsClass}, 0)) {
                    if (o.value.kind != Kind::Bool)
                        continue;
                    DerivedValue row{dimension, {}, {}, o.value.truth ? "true" : "false", o.conditions};
                    if (std::find(out.begin(), out.end(), row) == out.end())
                        out.push_back(std::move(row));
                }
        }
    }
    // In the order of the settings' names, whatever order the class's attributes are kept in.
    std::stable_sort(out.begin(), out.end(), [](const DerivedValue &a, const DerivedValue &b) { return a.dimension < b.dimension; });
    return out;
}

} // namespace katlas
