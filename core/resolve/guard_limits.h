// Bounds of guard evaluation, shared by its files: how deep values are
// followed, and how many ways are told apart before one is "unknown".
#pragma once

#include "graph/allocation_condition.h"
#include "resolve/condition_mapper.h"
#include "resolve/guard_evaluator.h"

#include <algorithm>
#include <charconv>
#include <functional>
#include <string_view>
#include <initializer_list>
#include <optional>

namespace katlas::guard_limits {

inline constexpr int kMaxDepth = 20;
inline constexpr size_t kMaxCases = 16;
// What the places building a class pass to one constructor parameter: the
// value an instance's methods dispatch on (`MoeRunner(backend)`), worth
// telling apart further than an intermediate step's values.
inline constexpr size_t kMaxPassed = 48;

// Is `prefix` where `guards` start (the block they are in, or one inside it)?
inline bool startsWith(const GuardList &guards, const GuardList &prefix)
{
    return guards.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), guards.begin());
}

inline bool namesAPlace(const ConditionSet &set)
{
    return std::any_of(set.begin(), set.end(), [](const Condition &c) { return !c.negated && isAllocationDimension(c.dimension); });
}

// What two ways folded into one still need: the conditions both have, and
// for the places building an instance (graph/allocation_condition.h) the
// places of either. A value passed at a hundred places stays tied to them,
// so a path through an instance built elsewhere does not take it. Where both
// ways are tied to places and only one names the place of an enclosing
// builder (the value came through its constructor's parameter: `self.down_proj
// = RowParallelLinear(..., reduce_results=reduce_results)`), that place stays:
// a path through the builder built elsewhere does not take the value.
inline void keepShared(ConditionSet &shared, const ConditionSet &other)
{
    const bool nested = namesAPlace(shared) && namesAPlace(other);
    std::erase_if(shared, [&](Condition &c) {
        if (std::find(other.begin(), other.end(), c) != other.end())
            return false;
        if (c.negated || c.dimension.empty())
            return true;
        const auto place = std::find_if(other.begin(), other.end(), [&](const Condition &o) {
            return o.dimension == c.dimension && !o.negated;
        });
        if (place == other.end())
            return !(nested && isAllocationDimension(c.dimension));
        for (const std::string &v : place->values)
            if (std::find(c.values.begin(), c.values.end(), v) == c.values.end())
                c.values.push_back(v);
        std::sort(c.values.begin(), c.values.end());
        return false;
    });
    if (!nested)
        return;
    for (const Condition &o : other)
        if (!o.negated && isAllocationDimension(o.dimension)
            && std::none_of(shared.begin(), shared.end(), [&](const Condition &c) { return c.dimension == o.dimension; }))
            shared.push_back(o);
}

// Do two condition sets differ only in the places building an instance
// (graph/allocation_condition.h): the same other conditions, and each
// building dimension on both?
inline bool sameBesidesPlaces(const ConditionSet &a, const ConditionSet &b)
{
    if (a.size() != b.size())
        return false;
    for (const Condition &c : a) {
        const bool place = !c.negated && isAllocationDimension(c.dimension);
        const auto match = std::find_if(b.begin(), b.end(), [&](const Condition &o) {
            return place ? (!o.negated && o.dimension == c.dimension) : o == c;
        });
        if (match == b.end())
            return false;
    }
    return true;
}

// One way built at place A and the same way built at place B are one way
// built at A or B: the places join, nothing else is lost. Done before any
// lossy fold, so a value many places pass alike does not take away the
// conditions under which one place passes it (`MoeRunner(backend)` given
// "triton" unconditionally by nine places and under `backend == auto` by one).
template<typename Item, typename Same>
std::vector<Item> mergedAcrossPlaces(std::vector<Item> items, Same same)
{
    std::vector<Item> out;
    for (Item &item : items) {
        const auto into = std::find_if(out.begin(), out.end(), [&](const Item &o) {
            return same(o, item) && sameBesidesPlaces(o.conditions, item.conditions);
        });
        if (into == out.end()) {
            out.push_back(std::move(item));
            continue;
        }
        for (Condition &c : into->conditions) {
            if (c.negated || !isAllocationDimension(c.dimension))
                continue;
            const Condition &other = *std::find_if(item.conditions.begin(), item.conditions.end(),
                                                   [&](const Condition &o) { return !o.negated && o.dimension == c.dimension; });
            for (const std::string &v : other.values)
                if (std::find(c.values.begin(), c.values.end(), v) == c.values.end())
                    c.values.push_back(v);
            std::sort(c.values.begin(), c.values.end());
        }
    }
    return out;
}

// Is every condition of `fewer` one of `more`'s?
inline bool implies(const ConditionSet &more, const ConditionSet &fewer)
{
    return std::all_of(fewer.begin(), fewer.end(),
                       [&](const Condition &c) { return std::find(more.begin(), more.end(), c) != more.end(); });
}

// A way under conditions that include all of another way to the same value
// (`same`) adds no place where it may be: dropped, nothing is lost.
template<typename Item, typename Same>
std::vector<Item> withoutSubsumedWays(std::vector<Item> out, Same same)
{
    std::vector<bool> drop(out.size(), false);
    for (size_t i = 0; i < out.size(); ++i)
        for (size_t j = 0; j < out.size() && !drop[i]; ++j)
            if (i != j && !drop[j] && same(out[i], out[j]) && implies(out[i].conditions, out[j].conditions)
                && (out[i].conditions.size() > out[j].conditions.size() || j < i))
                drop[i] = true;
    std::vector<Item> kept;
    for (size_t i = 0; i < out.size(); ++i)
        if (!drop[i])
            kept.push_back(std::move(out[i]));
    return kept;
}

inline GuardEvaluator::Outcomes withoutSubsumed(GuardEvaluator::Outcomes out)
{
    return withoutSubsumedWays(std::move(out), [](const auto &a, const auto &b) { return a.value == b.value; });
}

// Each way's conditions said once per dimension (condition_mapper.h
// `simplify`), and ways that become alike one way: exact.
template<typename Item>
std::vector<Item> simplifiedWays(std::vector<Item> items)
{
    std::vector<Item> out;
    for (Item &item : items) {
        simplify(item.conditions);
        if (std::find(out.begin(), out.end(), item) == out.end())
            out.push_back(std::move(item));
    }
    return out;
}

// The places building an instance forgotten where not every way shares them,
// before the lossy fold: the lossy fold keeps only what all ways of a truth
// share, so one way built at place A under `server.x=none` and another built
// at place B under `server.y=true` kept neither setting; forgetting the
// places first (a way then holds wherever it is built) leaves the ways
// apart by the settings and dimensions that decide them.
template<typename Item>
std::vector<Item> withoutUnsharedPlaces(std::vector<Item> items)
{
    if (items.empty())
        return items;
    const auto unshared = [&](const Condition &c) {
        return !c.negated && isAllocationDimension(c.dimension)
            && std::any_of(items.begin(), items.end(), [&](const Item &i) {
                   return std::find(i.conditions.begin(), i.conditions.end(), c) == i.conditions.end();
               });
    };
    std::vector<Item> out;
    for (Item item : items) {
        std::erase_if(item.conditions, unshared);
        if (std::find(out.begin(), out.end(), item) == out.end())
            out.push_back(std::move(item));
    }
    return out;
}

// While an isinstance test evaluates its object (guard_isinstance.cpp): does
// a class pass the test? Past the bound, that is all of a class worth keeping.
using ClassTest = std::function<bool(SymbolId)>;
// What an object's value says once past the bound: "+" or "-" for a class
// that passes or fails the test being evaluated.
inline constexpr std::string_view kPassesTest = "+", kFailsTest = "-";

// The classes objects were built from (kept to decide isinstance,
// guard_isinstance.cpp) forgotten when the exact joins leave more outcomes
// than the bound, before anything lossy: objects of several classes under
// the same conditions are one outcome again, as they are without the class.
// While a test is evaluated, each class is told apart only by whether it
// passes: thirty classes under thirty conditions become two values, which
// the joins then fold exactly.
inline GuardEvaluator::Outcomes withoutClasses(GuardEvaluator::Outcomes out, const ClassTest *test = nullptr,
                                               bool onlyNoneness = false)
{
    using Kind = GuardEvaluator::Abstract::Kind;
    GuardEvaluator::Outcomes kept;
    for (GuardEvaluator::Outcome &o : out) {
        // While a None test is evaluated, a value that is not None is no
        // more than that (guard_none_test.cpp).
        if (onlyNoneness && o.value.kind != Kind::Unknown && o.value.kind != Kind::None && o.value.kind != Kind::Setting
            && o.value.kind != Kind::Config)
            o.value = {Kind::NotNone, false, {}, {}, {}};
        std::string &text = o.value.text;
        if (o.value.kind == GuardEvaluator::Abstract::Kind::Object && text != kPassesTest && text != kFailsTest) {
            SymbolId cls = 0;
            if (test && !text.empty())
                std::from_chars(text.data(), text.data() + text.size(), cls);
            text = cls ? std::string((*test)(cls) ? kPassesTest : kFailsTest) : std::string();
        }
        if (std::find(kept.begin(), kept.end(), o) == kept.end())
            kept.push_back(std::move(o));
    }
    return kept;
}

// One value under `d=a` and the same value under `d=b`, with every other
// condition alike, is that value under `d in {a, b}`: exact, so it is done
// before anything is forgotten (an attribute set from thirty quantization
// configurations, most giving the same method classes, keeps which gives
// which).
template<typename Item, typename Same>
std::vector<Item> mergedAcrossValuesOfADimension(std::vector<Item> out, Same same)
{
    const auto oneApart = [](const ConditionSet &a, const ConditionSet &b) -> std::optional<std::pair<size_t, size_t>> {
        if (a.size() != b.size())
            return std::nullopt;
        std::optional<std::pair<size_t, size_t>> apart;
        for (size_t i = 0; i < a.size(); ++i) {
            if (std::find(b.begin(), b.end(), a[i]) != b.end())
                continue;
            if (apart || a[i].negated || a[i].dimension.empty())
                return std::nullopt;
            const auto j = std::find_if(b.begin(), b.end(), [&](const Condition &o) {
                return !o.negated && o.dimension == a[i].dimension && std::find(a.begin(), a.end(), o) == a.end();
            });
            if (j == b.end())
                return std::nullopt;
            apart = std::pair{i, static_cast<size_t>(j - b.begin())};
        }
        return apart;
    };
    std::vector<Item> merged;
    for (Item &o : out) {
        bool joined = false;
        for (Item &m : merged) {
            if (!same(m, o))
                continue;
            const auto apart = oneApart(m.conditions, o.conditions);
            if (!apart)
                continue;
            Condition &into = m.conditions[apart->first];
            for (const std::string &v : o.conditions[apart->second].values)
                if (std::find(into.values.begin(), into.values.end(), v) == into.values.end())
                    into.values.push_back(v);
            std::sort(into.values.begin(), into.values.end());
            joined = true;
            break;
        }
        if (!joined)
            merged.push_back(std::move(o));
    }
    return merged;
}

inline GuardEvaluator::Outcomes mergedAcrossValuesOfOneDimension(GuardEvaluator::Outcomes out)
{
    return mergedAcrossValuesOfADimension(std::move(out), [](const auto &a, const auto &b) { return a.value == b.value; });
}

// The ways to one value joined across the places building it.
inline GuardEvaluator::Outcomes mergedAcrossPlacesByValue(GuardEvaluator::Outcomes out)
{
    return mergedAcrossPlaces(std::move(out), [](const auto &a, const auto &b) { return a.value == b.value; });
}

// Outcomes past the bound, folded by value: each value once, under the
// conditions all its ways share. A value is what may be there, so one under
// fewer conditions only admits it in more places. Used where the places
// building a class pass more values than the bound (argumentValues); folding
// every step's values lost ways a guard's truth depends on.
inline GuardEvaluator::Outcomes foldedByValue(GuardEvaluator::Outcomes out, size_t bound = kMaxCases,
                                             const ClassTest *test = nullptr, bool onlyNoneness = false)
{
    // Each step only while past the bound: the exact joins first, then the
    // classes, then the joins again, then the places.
    const std::function<GuardEvaluator::Outcomes(GuardEvaluator::Outcomes)> steps[] = {
        withoutSubsumed,
        mergedAcrossValuesOfOneDimension,
        [test, onlyNoneness](GuardEvaluator::Outcomes o) { return withoutClasses(std::move(o), test, onlyNoneness); },
        withoutSubsumed,
        mergedAcrossValuesOfOneDimension,
        mergedAcrossPlacesByValue,
    };
    for (const auto &step : steps) {
        if (out.size() <= bound)
            return out;
        out = step(std::move(out));
    }
    if (out.size() <= bound)
        return out;
    GuardEvaluator::Outcomes folded;
    for (GuardEvaluator::Outcome &o : out) {
        const auto same = std::find_if(folded.begin(), folded.end(),
                                       [&](const GuardEvaluator::Outcome &f) { return f.value == o.value; });
        if (same == folded.end()) {
            folded.push_back(std::move(o));
            continue;
        }
        keepShared(same->conditions, o.conditions);
    }
    return folded;
}

// What a value-following step gives: "unknown" when it found nothing, or more
// values than are worth telling apart.
inline GuardEvaluator::Outcomes finished(GuardEvaluator::Outcomes out, size_t bound = kMaxCases, const ClassTest *test = nullptr,
                                        bool onlyNoneness = false)
{
    // A value under conditions that rule each other out is no value (one
    // built in one place and another at once).
    std::erase_if(out, [](const GuardEvaluator::Outcome &o) { return contradictory(o.conditions); });
    if (out.size() > bound)
        out = foldedByValue(std::move(out), bound, test, onlyNoneness);
    if (out.empty() || out.size() > bound)
        return {{}};
    return out;
}

// Cases past the bound, folded rather than forgotten: the known-true, the
// known-false and the unknown ones each become one case under the conditions
// all of them share. Each case folded implied those conditions, so what a
// guard needs where it holds is kept (`a and b and ...` with many ways still
// needs `a`'s condition). The folded true case is no longer known (it may be
// false somewhere under its conditions); the folded false one stays false, as
// a guard is "never" only when no case may hold.
inline GuardEvaluator::Cases folded(GuardEvaluator::Cases cases, size_t bound = kMaxCases)
{
    if (cases.size() > 1)
        std::erase_if(cases, [](const GuardEvaluator::Case &c) { return contradictory(c.conditions); });
    if (cases.size() <= bound)
        return cases;
    const auto sameTruth = [](const auto &a, const auto &b) { return a.known == b.known && a.truth == b.truth; };
    // The exact joins first, each only while past the bound.
    const std::function<GuardEvaluator::Cases(GuardEvaluator::Cases)> steps[] = {
        [&](GuardEvaluator::Cases c) { return mergedAcrossPlaces(std::move(c), sameTruth); },
        [](GuardEvaluator::Cases c) { return simplifiedWays(std::move(c)); },
        [&](GuardEvaluator::Cases c) { return withoutSubsumedWays(std::move(c), sameTruth); },
        [&](GuardEvaluator::Cases c) { return mergedAcrossValuesOfADimension(std::move(c), sameTruth); },
        [](GuardEvaluator::Cases c) { return withoutUnsharedPlaces(std::move(c)); },
        [&](GuardEvaluator::Cases c) { return withoutSubsumedWays(std::move(c), sameTruth); },
        [&](GuardEvaluator::Cases c) { return mergedAcrossValuesOfADimension(std::move(c), sameTruth); },
    };
    for (const auto &step : steps) {
        cases = step(std::move(cases));
        if (cases.size() <= bound)
            return cases;
    }
    GuardEvaluator::Cases out;
    for (const int group : {0, 1, 2}) { // true, false, unknown
        const GuardEvaluator::Case *first = nullptr;
        ConditionSet shared;
        for (const GuardEvaluator::Case &c : cases) {
            if ((c.known ? (c.truth ? 0 : 1) : 2) != group)
                continue;
            if (!first) {
                first = &c;
                shared = c.conditions;
                continue;
            }
            keepShared(shared, c.conditions);
        }
        if (first)
            out.push_back({group == 1, false, std::move(shared)});
    }
    return out;
}

} // namespace katlas::guard_limits
