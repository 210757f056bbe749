// Registry lookups (see registry_lookup.h).
#include "resolve/registry_lookup.h"

#include "resolve/chain.h"
#include "resolve/evaluator.h"
#include "resolve/guard_evaluator.h"
#include "resolve/guard_limits.h"
#include "resolve/registry_index.h"

#include <algorithm>

namespace katlas {

std::vector<std::string> keyComparisons(const ValueFact &call, const std::vector<std::string> &keys)
{
    std::vector<std::string> out;
    for (size_t i = 0; i < keys.size(); ++i) {
        if (keys[i].empty() || keys[i].find_first_of("\"\\") != std::string::npos)
            continue;
        std::string argument = i < call.args.size() ? call.args[i] : std::string();
        if (argument.empty())
            for (const auto &[key, text] : call.argExprs)
                if (key == "#" + std::to_string(i))
                    argument = "(" + text + ")";
        if (argument.empty() || argument.find('[') != std::string::npos)
            continue;
        out.push_back(argument + " == \"" + keys[i] + "\"");
    }
    return out;
}

namespace {

// Every way of taking one way from each factor, less those that contradict
// themselves; nullopt past `bound`.
std::optional<std::vector<ConditionSet>> crossed(const std::vector<std::vector<ConditionSet>> &factors, size_t bound)
{
    std::vector<ConditionSet> ways{{}};
    for (const std::vector<ConditionSet> &factor : factors) {
        std::vector<ConditionSet> next;
        for (const ConditionSet &a : ways)
            for (const ConditionSet &b : factor) {
                ConditionSet both = a;
                addConditions(both, b);
                if (!contradictory(both) && std::find(next.begin(), next.end(), both) == next.end())
                    next.push_back(std::move(both));
                if (next.size() > bound)
                    return std::nullopt;
            }
        ways = std::move(next);
    }
    return ways;
}

constexpr size_t kMaxLookupWays = 64;

} // namespace

std::vector<ConditionSet> GuardEvaluator::comparisonWays(const std::string &text, const Scope &scope, int depth, bool holds)
{
    std::vector<ConditionSet> out;
    for (const Case &c : truth(parsed(text), scope, depth + 1))
        if ((!c.known || c.truth == holds) && std::find(out.begin(), out.end(), c.conditions) == out.end())
            out.push_back(c.conditions);
    return out;
}

std::vector<ConditionSet> GuardEvaluator::keyMatchWays(const ValueFact &call, const std::vector<std::string> &keys, const Scope &scope,
                                                       int depth)
{
    std::vector<std::vector<ConditionSet>> factors;
    for (const std::string &comparison : keyComparisons(call, keys))
        factors.push_back(comparisonWays(comparison, scope, depth, true));
    return crossed(factors, kMaxLookupWays).value_or(std::vector<ConditionSet>{{}});
}

std::optional<std::vector<ConditionSet>> GuardEvaluator::noKeyMatchWaysByPosition(
    const ValueFact &call, const std::vector<RegistryIndex::Registered> &registered, const Scope &scope, int depth)
{
    // Entries that agree on every key but one position's: none matches where
    // an agreed key's argument differs, or where that position's argument is
    // none of its keys (exact; no crossing per entry).
    if (registered.size() < 2)
        return std::nullopt;
    const std::vector<std::string> &first = registered.front().keys;
    std::optional<size_t> varying;
    for (const RegistryIndex::Registered &r : registered) {
        if (r.keys.size() != first.size())
            return std::nullopt;
        for (size_t i = 0; i < first.size(); ++i)
            if (r.keys[i] != first[i]) {
                if (varying && *varying != i)
                    return std::nullopt;
                varying = i;
            }
    }
    std::vector<std::string> agreed = first;
    std::string noneOf;
    if (varying) {
        agreed[*varying].clear();
        std::vector<std::string> keys(first.size());
        for (const RegistryIndex::Registered &r : registered) {
            keys[*varying] = r.keys[*varying];
            const std::vector<std::string> one = keyComparisons(call, keys);
            if (one.size() != 1)
                return std::nullopt;
            const std::string text = one.front();
            const size_t eq = text.rfind(" == ");
            noneOf += (noneOf.empty() ? text.substr(0, eq) + " in (" : std::string(", ")) + text.substr(eq + 4);
        }
        noneOf += ")";
    }
    std::vector<ConditionSet> out;
    const auto add = [&](const std::string &comparison) {
        for (ConditionSet &way : comparisonWays(comparison, scope, depth, false))
            if (std::find(out.begin(), out.end(), way) == out.end())
                out.push_back(std::move(way));
    };
    const std::vector<std::string> agreedComparisons = keyComparisons(call, agreed);
    if (agreedComparisons.empty() && noneOf.empty())
        return std::nullopt;
    for (const std::string &comparison : agreedComparisons)
        add(comparison);
    if (!noneOf.empty())
        add(noneOf);
    return out;
}

std::vector<ConditionSet> GuardEvaluator::noKeyMatchWays(const ValueFact &call,
                                                         const std::vector<RegistryIndex::Registered> &registered,
                                                         const Scope &scope, int depth)
{
    if (std::optional<std::vector<ConditionSet>> ways = noKeyMatchWaysByPosition(call, registered, scope, depth))
        return *ways;
    // For each registered entry, one of its comparisons fails.
    std::vector<std::vector<ConditionSet>> factors;
    for (const RegistryIndex::Registered &r : registered) {
        std::vector<ConditionSet> fails;
        const std::vector<std::string> comparisons = keyComparisons(call, r.keys);
        if (comparisons.empty())
            return {{}}; // an entry that may always match: None only may be
        for (const std::string &comparison : comparisons)
            for (ConditionSet &way : comparisonWays(comparison, scope, depth, false))
                if (std::find(fails.begin(), fails.end(), way) == fails.end())
                    fails.push_back(std::move(way));
        factors.push_back(std::move(fails));
    }
    return crossed(factors, kMaxLookupWays).value_or(std::vector<ConditionSet>{{}});
}

std::optional<GuardEvaluator::Outcomes> GuardEvaluator::registryLookupValues(const ValueFact &call, const Scope &scope, int depth)
{
    using Kind = Abstract::Kind;
    const RegistryIndex *registries = m_evaluator.registries();
    if (!registries || call.chain.size() < 3 || call.chain.compare(call.chain.size() - 2, 2, "()") != 0)
        return std::nullopt;
    const auto segs = splitChain(call.chain);
    const std::vector<RegistryIndex::Registered> *registered = nullptr;
    for (const Value &v : m_evaluator.evalSegments(segs, segs.size() - 1, scope))
        if (v.kind == Value::Kind::Function)
            if (const auto *r = registries->lookup(m_table.symbol(v.id).name))
                registered = r;
    if (!registered)
        return std::nullopt;
    // A function where the keys match, None where none does.
    Outcomes out;
    for (const RegistryIndex::Registered &r : *registered)
        for (ConditionSet &way : keyMatchWays(call, r.keys, scope, depth))
            out.push_back({{Kind::Object, false, {}, {}}, std::move(way)});
    for (ConditionSet &way : noKeyMatchWays(call, *registered, scope, depth))
        out.push_back({{Kind::None, false, {}, {}}, std::move(way)});
    return guard_limits::finished(guard_limits::simplifiedWays(std::move(out)), kMaxLookupWays);
}

std::optional<Values> Evaluator::registryLookup(const Value &callee, const ValueFact &call, const Scope &scope)
{
    if (callee.kind != Value::Kind::Function || !m_registries)
        return std::nullopt;
    const std::vector<RegistryIndex::Registered> *registered = m_registries->lookup(m_table.symbol(callee.id).name);
    if (!registered)
        return std::nullopt;
    // Each registered function where the call's arguments name its keys.
    Values out;
    for (const RegistryIndex::Registered &r : *registered) {
        Value f;
        f.kind = Value::Kind::Function;
        f.id = r.function;
        f.how = Resolution::Registry;
        f.conditions = callee.conditions;
        if (!m_guards) {
            append(out, {f});
            continue;
        }
        for (const ConditionSet &way : m_guards->keyMatchWays(call, r.keys, scope, 0)) {
            Value v = f;
            addConditions(v.conditions, way);
            if (!contradictory(v.conditions))
                append(out, {v});
        }
    }
    return out;
}

} // namespace katlas
