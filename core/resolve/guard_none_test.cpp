// `x is None` / `x is not None` where folding x's values past the bound left
// the test open: the values are evaluated again told apart only by whether
// they are None, keeping more ways (see docs/guard-evaluation.md, "A None
// test told apart by None-ness").
#include "resolve/guard_evaluator.h"
#include "resolve/guard_limits.h"

#include <algorithm>
#include <utility>

namespace katlas {

namespace {

// The ways a None test keeps while its object is evaluated again.
constexpr size_t kMaxNoneTestCases = 48;

} // namespace

size_t GuardEvaluator::caseBound() const
{
    return m_noneTest ? kMaxNoneTestCases : guard_limits::kMaxCases;
}

bool GuardEvaluator::undecidedByNoneness(const Cases &cases)
{
    if (std::any_of(cases.begin(), cases.end(), [](const Case &c) { return !c.known; }))
        return true;
    // A way under no condition beside one of the other truth: folded.
    for (const Case &c : cases)
        if (c.conditions.empty()
            && std::any_of(cases.begin(), cases.end(), [&](const Case &d) { return d.known && d.truth != c.truth; }))
            return true;
    return false;
}

GuardEvaluator::Cases GuardEvaluator::noneTested(const Cases &first, const std::function<Cases()> &evaluate)
{
    const bool saved = std::exchange(m_noneTest, true);
    std::string savedKey = m_classTestKey;
    m_classTestKey += "|none";
    Cases again = evaluate();
    m_classTestKey = std::move(savedKey);
    m_noneTest = saved;
    // Told apart by None-ness, the ways may only say better where each truth
    // holds: a truth the first evaluation found possible that the second
    // finds nowhere was lost (values of two objects of one class, built at
    // two places, rule each other out), and the first cases stand.
    const auto mayBe = [](const Cases &cases, bool truth) {
        return std::any_of(cases.begin(), cases.end(), [&](const Case &c) { return !c.known || c.truth == truth; });
    };
    for (const bool truth : {true, false})
        if (mayBe(first, truth) && !mayBe(again, truth))
            return first;
    return again;
}

} // namespace katlas
