// A filter made ready for path checks (see filter_check.h).
#include "trace/filter_check.h"

#include "profile/model_config.h"

#include <algorithm>

namespace katlas {
namespace {

// Can the filter (with the settings it does not name at their defaults) give
// a dimension a value the condition allows?
bool conditionAdmitted(const Condition &c, const DimensionFilter &filter, const SettingDefaults *defaults)
{
    const std::set<std::string> *allowed = nullptr;
    std::set<std::string> held;
    if (const auto it = filter.allowed().find(c.dimension); it != filter.allowed().end())
        allowed = &it->second;
    else if (const auto def = defaults ? defaults->find(c.dimension) : SettingDefaults::const_iterator{};
             defaults && def != defaults->end())
        allowed = &(held = {def->second});
    else
        allowed = filter.otherSettings(c.dimension);
    if (!allowed)
        return true; // open: any value
    if (allowed->empty())
        return c.negated; // narrowed to nothing: only an exclusion passes
    const auto listed = [&](const std::string &v) { return std::find(c.values.begin(), c.values.end(), v) != c.values.end(); };
    return std::any_of(allowed->begin(), allowed->end(), [&](const std::string &v) { return listed(v) != c.negated; });
}

} // namespace

FilterCheck::FilterCheck(const DimensionFilter &filter, const SettingDefaults *defaults)
    : m_filter(filter), m_defaults(defaults && !filter.empty() ? defaults : nullptr)
{
    for (const auto &[dimension, values] : filter.allowed()) {
        Named n{internedText(dimension), {}};
        for (const std::string &v : values)
            n.values.push_back(internedText(v));
        m_named.push_back(std::move(n));
    }
}

InternedText FilterCheck::heldDefault(InternedText dimension) const
{
    if (!m_defaults)
        return nullptr;
    const auto [it, fresh] = m_heldDefaults.try_emplace(dimension, nullptr);
    if (fresh && !m_filter.allowed().count(*dimension))
        if (const auto def = m_defaults->find(*dimension); def != m_defaults->end())
            it->second = internedText(def->second);
    return it->second;
}

const std::vector<FilterCheck::JudgedWay> &FilterCheck::judged(const std::vector<ConditionSet> &ways) const
{
    const auto [it, fresh] = m_judged.try_emplace(&ways);
    if (fresh)
        for (const ConditionSet &way : ways)
            it->second.push_back({std::all_of(way.begin(), way.end(),
                                              [&](const Condition &c) { return conditionAdmitted(c, m_filter, m_defaults); }),
                                  prepareConditions(way)});
    return it->second;
}

} // namespace katlas
