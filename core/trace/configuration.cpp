// Presets, their combination with a filter, and the effective filter (see
// configuration.h).
#include "trace/configuration.h"

#include "graph/condition_text.h"

#include <QCoreApplication>

#include <algorithm>
#include <map>
#include <optional>

namespace katlas {
namespace {


std::set<std::string> intersection(const std::set<std::string> &a, const std::set<std::string> &b)
{
    std::set<std::string> out;
    std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::inserter(out, out.end()));
    return out;
}

// One way the profile's data narrows a filter. Returns whether it changed
// anything; the expansion repeats every step until none does.
struct Expansion {
    const Profile &profile;
    const DimensionFilter &original;
    std::vector<std::string> *conflicts;
    DimensionFilter filter;

    // The values `dimension` may take: the filter's, else every value the
    // profile lists (nullptr when it lists none: nothing can be said).
    std::optional<std::set<std::string>> domain(const std::string &dimension) const
    {
        const auto it = filter.allowed().find(dimension);
        if (it != filter.allowed().end())
            return it->second;
        const Dimension *d = profile.dimension(dimension);
        if (!d || d->values.empty())
            return std::nullopt;
        return std::set<std::string>(d->values.begin(), d->values.end());
    }

    bool narrow(const std::string &dimension, std::set<std::string> values, const std::string &why)
    {
        const auto it = filter.allowed().find(dimension);
        if (it != filter.allowed().end() && it->second == values)
            return false;
        const auto asked = original.allowed().find(dimension);
        if (values.empty() && asked != original.allowed().end() && !asked->second.empty() && conflicts
            && std::find(conflicts->begin(), conflicts->end(), why) == conflicts->end())
            conflicts->push_back(why);
        filter.narrow(dimension, std::move(values));
        return true;
    }

    // Does the filter hold `dimension` to values among `values`?
    bool forced(const std::string &dimension, const std::set<std::string> &values) const
    {
        const auto it = filter.allowed().find(dimension);
        return it != filter.allowed().end() && !it->second.empty()
            && std::includes(values.begin(), values.end(), it->second.begin(), it->second.end());
    }

    bool applyImplications()
    {
        bool changed = false;
        for (const Implication &i : profile.implications) {
            // Why a dimension was narrowed; worded only when it is.
            const auto why = [&](const std::string &dim, const std::set<std::string> &values) {
                std::string premise;
                for (const auto &[d, v] : i.when)
                    premise += (premise.empty() ? "" : " ") + d + "=" + valuesText(v, ",");
                return QCoreApplication::translate("Configuration", "%1 needs %2")
                    .arg(QString::fromStdString(premise), QString::fromStdString(dim + "=" + valuesText(values, ",")))
                    .toStdString();
            };
            // Forward: every value each premise dimension may take implies the rest.
            if (std::all_of(i.when.begin(), i.when.end(), [&](const auto &w) { return forced(w.first, w.second); }))
                for (const auto &[dim, values] : i.then) {
                    const auto current = domain(dim);
                    const std::set<std::string> next = current ? intersection(*current, values) : values;
                    if (!current || next != *current)
                        changed |= narrow(dim, next, why(dim, values));
                }
            // Backward: a consequence that cannot hold rules the premise out:
            // a premise dimension loses its values once the others are held to theirs.
            for (const auto &[dim, values] : i.then) {
                const auto at = filter.allowed().find(dim);
                if (at == filter.allowed().end() || !intersection(at->second, values).empty())
                    continue;
                for (const auto &[pdim, pvalues] : i.when) {
                    if (!std::all_of(i.when.begin(), i.when.end(),
                                     [&](const auto &w) { return w.first == pdim || forced(w.first, w.second); }))
                        continue;
                    const auto current = domain(pdim);
                    if (!current)
                        continue;
                    std::set<std::string> next;
                    std::set_difference(current->begin(), current->end(), pvalues.begin(), pvalues.end(),
                                        std::inserter(next, next.end()));
                    if (next != *current)
                        changed |= narrow(pdim, next, why(dim, values));
                }
            }
        }
        return changed;
    }

    // The values the filter holds `dimension` to: its own, else a setting's
    // default (settings the filter does not name keep theirs); none when
    // neither says.
    std::optional<std::set<std::string>> heldTo(const std::string &dimension) const
    {
        if (const auto it = filter.allowed().find(dimension); it != filter.allowed().end())
            return it->second;
        if (const auto d = profile.settingDefaults.find(dimension); d != profile.settingDefaults.end())
            return std::set<std::string>{d->second};
        return std::nullopt;
    }

    static bool meets(const Condition &c, const std::string &value)
    {
        return (std::find(c.values.begin(), c.values.end(), value) != c.values.end()) != c.negated;
    }

    // Could a derived value's conditions hold under the filter?
    bool compatible(const ConditionSet &conditions) const
    {
        return std::all_of(conditions.begin(), conditions.end(), [&](const Condition &c) {
            const auto allowed = c.dimension.empty() ? std::nullopt : heldTo(c.dimension);
            return !allowed || std::any_of(allowed->begin(), allowed->end(), [&](const std::string &v) { return meets(c, v); });
        });
    }

    // Do the conditions surely hold under the filter: each names a dimension
    // the filter (or its default) holds to values that meet it?
    bool surely(const ConditionSet &conditions) const
    {
        return std::all_of(conditions.begin(), conditions.end(), [&](const Condition &c) {
            const auto allowed = c.dimension.empty() ? std::nullopt : heldTo(c.dimension);
            return allowed && !allowed->empty()
                && std::all_of(allowed->begin(), allowed->end(), [&](const std::string &v) { return meets(c, v); });
        });
    }

    // A flag the settings class sets itself (rows without a key dimension),
    // when the filter does not name it: its default, unless an assignment
    // surely made replaces it, and the value of every assignment that may
    // be made under the filter.
    bool applySettingRows()
    {
        // No filter shows every configuration: no setting keeps its default.
        if (original.empty())
            return false;
        std::map<std::string, std::vector<const DerivedValue *>> rows;
        for (const DerivedValue &v : profile.derivedValues)
            if (v.keyDimension.empty())
                rows[v.dimension].push_back(&v);
        bool changed = false;
        for (const auto &[setting, assignments] : rows) {
            const auto fallback = profile.settingDefaults.find(setting);
            if (filter.allowed().count(setting) || fallback == profile.settingDefaults.end())
                continue;
            std::set<std::string> values;
            bool replaced = false;
            for (const DerivedValue *row : assignments)
                if (compatible(row->conditions)) {
                    values.insert(row->value);
                    replaced = replaced || surely(row->conditions);
                }
            if (!replaced)
                values.insert(fallback->second);
            if (values != std::set<std::string>{fallback->second})
                changed |= narrow(setting, values,
                                  QCoreApplication::translate("Configuration", "%1 is set by the server under the rest of the configuration")
                                      .arg(QString::fromStdString(setting))
                                      .toStdString());
        }
        return changed;
    }

    // A derived dimension takes only the values its computing functions
    // return for the key's allowed values (every value the profile lists
    // when the filter leaves the key open), under conditions the filter
    // allows. A key value no function is named for takes the rule's default
    // key's values, else leaves the dimension open.
    bool applyDerived()
    {
        // No filter shows every configuration.
        if (original.empty())
            return false;
        std::map<std::string, std::map<std::string, std::vector<const DerivedValue *>>> rows; // dimension -> key -> rows
        std::map<std::string, std::string> keyDimension;
        for (const DerivedValue &v : profile.derivedValues)
            if (!v.keyDimension.empty()) { // else a flag the settings class sets: applySettingRows
                rows[v.dimension][v.key].push_back(&v);
                keyDimension[v.dimension] = v.keyDimension;
            }
        bool changed = false;
        for (const auto &entry : rows) {
            const std::string &dim = entry.first; // not a structured binding: clang 14 cannot capture those
            const auto &byKey = entry.second;
            const auto keys = domain(keyDimension[dim]);
            if (!keys || keys->empty())
                continue;
            const auto rule = std::find_if(profile.derived.begin(), profile.derived.end(),
                                           [&](const DerivedRule &r) { return r.dimension == dim; });
            const std::string fallback = rule == profile.derived.end() ? std::string() : rule->defaultKey;
            std::set<std::string> possible;
            bool open = false;
            for (const std::string &k : *keys) {
                auto it = byKey.find(k);
                if (it == byKey.end() && !fallback.empty())
                    it = byKey.find(fallback);
                if (it == byKey.end()) {
                    open = true; // a key value nothing computes for: nothing is known
                    break;
                }
                for (const DerivedValue *v : it->second)
                    if (compatible(v->conditions)) {
                        open = open || v->value == "*";
                        possible.insert(v->value);
                    }
            }
            if (open || possible.empty())
                continue;
            const auto current = domain(dim);
            const std::set<std::string> next = current ? intersection(*current, possible) : possible;
            if (!current || next != *current)
                changed |= narrow(dim, next,
                                  QCoreApplication::translate("Configuration", "%1 is derived from the rest of the configuration")
                                      .arg(QString::fromStdString(dim))
                                      .toStdString());
        }
        return changed;
    }
};

} // namespace

DimensionFilter configurationFilter(const Configuration &configuration)
{
    DimensionFilter f;
    for (const auto &[dim, values] : configuration.assignment)
        f.set(dim, values);
    return f;
}

DimensionFilter combineFilters(const DimensionFilter &configuration, const DimensionFilter &filter)
{
    DimensionFilter out = configuration;
    for (const auto &[dim, values] : filter.allowed())
        out.narrow(dim, values);
    return out;
}

const Configuration *matchingConfiguration(const Profile &profile, const DimensionFilter &filter, const std::string &preferred)
{
    auto matches = [&](const Configuration &c) {
        for (const auto &[dim, values] : c.assignment) {
            const auto it = filter.allowed().find(dim);
            if (it == filter.allowed().end() || it->second != values)
                return false;
        }
        return !c.assignment.empty();
    };
    if (const Configuration *c = profile.configuration(preferred); c && matches(*c))
        return c;
    for (const Configuration &c : profile.configurations)
        if (matches(c))
            return &c;
    return nullptr;
}

DimensionFilter effectiveFilter(const DimensionFilter &filter, const Profile &profile, std::vector<std::string> *conflicts)
{
    Expansion e{profile, filter, conflicts, filter};
    // Sets only shrink, so this ends; the bound guards against a bug.
    for (int round = 0; round < 64; ++round)
        if (!e.applyImplications() && !e.applyDerived() && !e.applySettingRows())
            break;
    return e.filter;
}

} // namespace katlas
