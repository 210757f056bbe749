// Guard and function-name mapping to dimension conditions (see condition_mapper.h).
#include "resolve/condition_mapper.h"

#include "graph/allocation_condition.h"

#include <algorithm>

namespace katlas {

ConditionMapper::ConditionMapper(const Profile &profile) : m_profile(profile) {}

std::optional<Condition> ConditionMapper::apply(DimensionRule::Target target, const std::string &text)
{
    for (const DimensionRule &rule : m_profile.dimensionRules) {
        if (rule.target != target)
            continue;
        std::optional<std::string> value = rule.pattern.substitute(text, rule.value, target == DimensionRule::Target::Function);
        if (!value)
            continue;
        Condition c;
        c.dimension = rule.dimension;
        c.values.push_back(std::move(*value));
        c.text = text;
        return c;
    }
    return std::nullopt;
}

namespace {

// `x is not None` for `x is None` and back: the test a rule for one maps.
std::optional<std::string> complement(const std::string &text)
{
    constexpr std::string_view kIsNotNone = " is not None", kIsNone = " is None";
    const std::string_view t = text;
    if (t.size() > kIsNotNone.size() && t.substr(t.size() - kIsNotNone.size()) == kIsNotNone)
        return std::string(t.substr(0, t.size() - kIsNotNone.size())) + std::string(kIsNone);
    if (t.size() > kIsNone.size() && t.substr(t.size() - kIsNone.size()) == kIsNone)
        return std::string(t.substr(0, t.size() - kIsNone.size())) + std::string(kIsNotNone);
    return std::nullopt;
}

} // namespace

const std::optional<Condition> &ConditionMapper::mappedText(const std::string &text)
{
    auto it = m_guardCache.find(text);
    if (it == m_guardCache.end())
        it = m_guardCache.emplace(text, apply(DimensionRule::Target::Guard, text)).first;
    return it->second;
}

Condition ConditionMapper::map(const Guard &guard)
{
    if (const std::optional<Condition> &rule = mappedText(guard.text)) {
        Condition c = *rule;
        c.negated = guard.negated;
        return c;
    }
    // A rule for `x is None` maps `x is not None` as its negation.
    if (const std::optional<std::string> other = complement(guard.text))
        if (const std::optional<Condition> &rule = mappedText(*other)) {
            Condition c = *rule;
            c.negated = !guard.negated;
            return c;
        }
    return Condition{{}, {}, guard.negated, guard.text};
}

ConditionSet ConditionMapper::mapAll(const GuardList &guards)
{
    ConditionSet out;
    for (const Guard &g : guards)
        addCondition(out, map(g));
    return out;
}

std::optional<Condition> ConditionMapper::forFunction(const std::string &name)
{
    auto it = m_functionCache.find(name);
    if (it == m_functionCache.end())
        it = m_functionCache.emplace(name, apply(DimensionRule::Target::Function, name)).first;
    return it->second;
}

std::optional<Condition> ConditionMapper::forSymbol(const std::string &qualName)
{
    auto it = m_symbolCache.find(qualName);
    if (it == m_symbolCache.end())
        it = m_symbolCache.emplace(qualName, apply(DimensionRule::Target::Symbol, qualName)).first;
    return it->second;
}

void addCondition(ConditionSet &set, const Condition &c)
{
    if (std::find(set.begin(), set.end(), c) == set.end())
        set.push_back(c);
}

void addConditions(ConditionSet &set, const ConditionSet &more)
{
    for (const Condition &c : more)
        addCondition(set, c);
}

bool mergeAlternative(ConditionSet &into, const ConditionSet &other)
{
    if (into == other)
        return true;
    if (into.size() != other.size())
        return false;
    int differing = -1;
    for (size_t i = 0; i < into.size(); ++i) {
        if (into[i] == other[i])
            continue;
        const Condition &a = into[i], &b = other[i];
        if (differing >= 0 || a.dimension.empty() || a.dimension != b.dimension || a.negated || b.negated)
            return false;
        differing = static_cast<int>(i);
    }
    if (differing < 0)
        return true;
    std::vector<std::string> &values = into[static_cast<size_t>(differing)].values;
    for (const std::string &v : other[static_cast<size_t>(differing)].values)
        if (std::find(values.begin(), values.end(), v) == values.end())
            values.push_back(v);
    std::sort(values.begin(), values.end());
    return true;
}

bool contradictory(const ConditionSet &set)
{
    for (size_t i = 0; i < set.size(); ++i)
        for (size_t j = i + 1; j < set.size(); ++j) {
            const Condition &a = set[i], &b = set[j];
            if (a.dimension.empty() || a.dimension != b.dimension || (a.negated && b.negated))
                continue;
            const Condition &pos = a.negated ? b : a, &other = a.negated ? a : b;
            const bool overlap = std::any_of(pos.values.begin(), pos.values.end(), [&](const std::string &v) {
                return std::find(other.values.begin(), other.values.end(), v) != other.values.end();
            });
            if (other.negated ? std::all_of(pos.values.begin(), pos.values.end(), [&](const std::string &v) {
                    return std::find(other.values.begin(), other.values.end(), v) != other.values.end();
                })
                              : !overlap)
                return true;
        }
    return false;
}

void simplify(ConditionSet &set)
{
    const auto has = [](const Condition &c, const std::string &v) {
        return std::find(c.values.begin(), c.values.end(), v) != c.values.end();
    };
    for (size_t i = 0; i < set.size(); ++i) {
        Condition &pos = set[i];
        // Two places building one class may be two instances (a builder's
        // and what it builds): left as they are.
        if (pos.negated || pos.dimension.empty() || isAllocationDimension(pos.dimension))
            continue;
        for (size_t j = set.size(); j-- > i + 1;) {
            const Condition &o = set[j];
            if (o.dimension != pos.dimension || o.negated)
                continue;
            std::vector<std::string> both = pos.values;
            std::erase_if(both, [&](const std::string &v) { return !has(o, v); });
            if (both.empty())
                continue; // contradictory: left for contradictory() to see
            pos.values = std::move(both);
            set.erase(set.begin() + static_cast<std::ptrdiff_t>(j));
        }
    }
    std::erase_if(set, [&](const Condition &c) {
        if (!c.negated || c.dimension.empty() || isAllocationDimension(c.dimension))
            return false;
        return std::any_of(set.begin(), set.end(), [&](const Condition &pos) {
            return !pos.negated && pos.dimension == c.dimension && !pos.values.empty()
                && std::none_of(pos.values.begin(), pos.values.end(), [&](const std::string &v) { return has(c, v); });
        });
    });
}

} // namespace katlas
