// Filters and path conditions (see dimension_filter.h).
#include "trace/dimension_filter.h"

#include "graph/allocation_condition.h"
#include "graph/condition_ways.h"
#include "profile/model_config.h"

#include <QCoreApplication>

#include <algorithm>
#include <sstream>

namespace katlas {

std::optional<DimensionFilter> DimensionFilter::parse(const std::string &text, std::string *error)
{
    DimensionFilter f;
    std::istringstream in(text);
    std::string word;
    while (in >> word) {
        const auto eq = word.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == word.size()) {
            if (error)
                *error = QCoreApplication::translate("Filter", "'%1' is not DIMENSION=VALUE[,VALUE...]")
                             .arg(QString::fromStdString(word))
                             .toStdString();
            return std::nullopt;
        }
        std::set<std::string> values;
        std::stringstream vs(word.substr(eq + 1));
        std::string v;
        while (std::getline(vs, v, ','))
            if (!v.empty())
                values.insert(v);
        auto &slot = f.m_allowed[word.substr(0, eq)];
        slot.insert(values.begin(), values.end());
    }
    return f;
}

std::string DimensionFilter::toString() const
{
    std::string out;
    for (const auto &[dim, values] : m_allowed) {
        out += (out.empty() ? "" : " ") + dim + "=";
        if (values.empty())
            out += "(none)";
        bool first = true;
        for (const std::string &v : values) {
            out += (first ? "" : ",") + v;
            first = false;
        }
    }
    return out;
}

void DimensionFilter::set(const std::string &dimension, std::set<std::string> values)
{
    if (values.empty())
        m_allowed.erase(dimension);
    else
        m_allowed[dimension] = std::move(values);
}

const std::set<std::string> *DimensionFilter::otherSettings(const std::string &dimension) const
{
    for (size_t dot = dimension.rfind('.'); dot != std::string::npos && dot > 0; dot = dimension.rfind('.', dot - 1))
        if (const auto it = m_allowed.find(dimension.substr(0, dot + 1) + kEveryOtherSetting); it != m_allowed.end())
            return &it->second;
    return nullptr;
}

namespace {

// Can the filter (with the settings it does not name at their defaults) give
// a dimension a value the condition allows?
bool conditionAdmitted(const Condition &c, const DimensionFilter &filter, const SettingDefaults *defaults)
{
    std::set<std::string> allowed;
    if (const auto it = filter.allowed().find(c.dimension); it != filter.allowed().end())
        allowed = it->second;
    else if (const auto def = defaults ? defaults->find(c.dimension) : SettingDefaults::const_iterator{};
             defaults && def != defaults->end())
        allowed = {def->second};
    else if (const std::set<std::string> *others = filter.otherSettings(c.dimension))
        allowed = *others;
    else
        return true; // open: any value
    if (allowed.empty())
        return c.negated; // narrowed to nothing: only an exclusion passes
    const auto listed = [&](const std::string &v) { return std::find(c.values.begin(), c.values.end(), v) != c.values.end(); };
    return std::any_of(allowed.begin(), allowed.end(), [&](const std::string &v) { return listed(v) != c.negated; });
}

bool wayAdmitted(const ConditionSet &way, const DimensionFilter &filter, const SettingDefaults *defaults)
{
    return std::all_of(way.begin(), way.end(), [&](const Condition &c) { return conditionAdmitted(c, filter, defaults); });
}

} // namespace

const PathConditions::State &PathConditions::state() const
{
    static const State none;
    return m_state ? *m_state : none;
}

bool PathConditions::add(const ConditionSet &conditions)
{
    if (conditions.empty())
        return !contradictory();
    auto next = std::make_shared<State>(state());
    for (const Condition &c : conditions) {
        if (c.dimension.empty()) {
            const auto [it, inserted] = next->text.emplace(c.text, !c.negated);
            if (!inserted && it->second != !c.negated)
                next->contradictory = true;
            if (!c.values.empty())
                next->ways.emplace(c.text, waysOf(c));
            continue;
        }
        DimensionState &d = next->dims[c.dimension];
        const std::set<std::string> values(c.values.begin(), c.values.end());
        if (c.negated) {
            d.noneOf.insert(values.begin(), values.end());
        } else if (!d.oneOf) {
            d.oneOf = values;
        } else {
            std::set<std::string> both;
            std::set_intersection(d.oneOf->begin(), d.oneOf->end(), values.begin(), values.end(),
                                  std::inserter(both, both.end()));
            d.oneOf = both;
        }
        if (d.oneOf && std::all_of(d.oneOf->begin(), d.oneOf->end(), [&](const std::string &v) { return d.noneOf.count(v); }))
            next->contradictory = true;
    }
    m_state = std::move(next);
    return !m_state->contradictory;
}

std::optional<std::string> PathConditions::rejectedBy(const DimensionFilter &filter, const SettingDefaults *defaults) const
{
    auto admits = [](const DimensionState &d, const std::string &v) { return (!d.oneOf || d.oneOf->count(v)) && !d.noneOf.count(v); };
    for (const auto &[dim, allowed] : filter.allowed()) {
        const auto it = state().dims.find(dim);
        if (it == state().dims.end())
            continue;
        const DimensionState &d = it->second;
        // Nothing allowed (see narrow()): only a path that needs no particular value passes.
        const bool some = allowed.empty() ? !d.oneOf : std::any_of(allowed.begin(), allowed.end(), [&](const std::string &v) { return admits(d, v); });
        if (!some)
            return dim;
    }
    const bool useDefaults = defaults && !filter.empty();
    if (useDefaults)
        for (const auto &[dim, d] : state().dims) {
            const auto def = defaults->find(dim);
            if (def != defaults->end() && !filter.allowed().count(dim) && !admits(d, def->second))
                return dim;
        }
    // A guard that may hold in several ways fails when the filter, or the
    // path's own conditions (an instance's building place), admit none.
    const auto fitsPath = [&](const ConditionSet &way) {
        return std::all_of(way.begin(), way.end(), [&](const Condition &c) {
            const auto it = state().dims.find(c.dimension);
            if (it == state().dims.end())
                return true;
            const DimensionState &d = it->second;
            if (!c.negated)
                return std::any_of(c.values.begin(), c.values.end(), [&](const std::string &v) { return admits(d, v); });
            // An exclusion fits unless the path allows only excluded values.
            return !d.oneOf || std::any_of(d.oneOf->begin(), d.oneOf->end(), [&](const std::string &v) {
                       return admits(d, v) && std::find(c.values.begin(), c.values.end(), v) == c.values.end();
                   });
        });
    };
    for (const auto &[text, ways] : state().ways)
        if (std::none_of(ways.begin(), ways.end(), [&](const ConditionSet &way) {
                return wayAdmitted(way, filter, useDefaults ? defaults : nullptr) && fitsPath(way);
            }))
            return ways.front().empty() ? text : ways.front().front().dimension;
    return std::nullopt;
}

bool PathConditions::fits(const std::string &dimension, const std::string &value) const
{
    const auto it = state().dims.find(dimension);
    if (it == state().dims.end())
        return true;
    return (!it->second.oneOf || it->second.oneOf->count(value)) && !it->second.noneOf.count(value);
}

bool PathConditions::mentions(const std::string &dimension) const { return state().dims.count(dimension) > 0; }

std::map<std::string, std::vector<std::string>> PathConditions::required() const
{
    std::map<std::string, std::vector<std::string>> out;
    for (const auto &[dim, d] : state().dims)
        if (d.oneOf && !isAllocationDimension(dim)) {
            auto &v = out[dim];
            for (const std::string &x : *d.oneOf)
                if (!d.noneOf.count(x))
                    v.push_back(x);
        }
    return out;
}

std::map<std::string, std::vector<std::string>> PathConditions::excluded() const
{
    std::map<std::string, std::vector<std::string>> out;
    for (const auto &[dim, d] : state().dims)
        if (!d.oneOf && !d.noneOf.empty() && !isAllocationDimension(dim))
            out[dim] = std::vector<std::string>(d.noneOf.begin(), d.noneOf.end());
    return out;
}

std::vector<std::string> PathConditions::otherConditions() const
{
    std::vector<std::string> out;
    for (const auto &[text, truth] : state().text)
        out.push_back(truth ? text : "not (" + text + ")");
    return out;
}

std::string PathConditions::toString() const
{
    std::string out;
    auto add = [&](const std::string &s) { out += (out.empty() ? "" : ", ") + s; };
    auto join = [](const std::vector<std::string> &v) {
        std::string s;
        for (const std::string &x : v)
            s += (s.empty() ? "" : "|") + x;
        return s;
    };
    for (const auto &[dim, v] : required())
        add(dim + "=" + join(v));
    for (const auto &[dim, v] : excluded())
        add(dim + "!=" + join(v));
    return out;
}

} // namespace katlas
