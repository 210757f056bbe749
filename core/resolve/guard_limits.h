// Bounds of guard evaluation, shared by its files: how deep values are
// followed, and how many ways are told apart before one is "unknown".
#pragma once

#include "resolve/guard_evaluator.h"

#include <algorithm>

namespace katlas::guard_limits {

inline constexpr int kMaxDepth = 20;
inline constexpr size_t kMaxCases = 16;

// What a value-following step gives: "unknown" when it found nothing, or more
// ways than are worth telling apart.
inline GuardEvaluator::Outcomes finished(GuardEvaluator::Outcomes out)
{
    if (out.empty() || out.size() > kMaxCases)
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
inline GuardEvaluator::Cases folded(GuardEvaluator::Cases cases)
{
    if (cases.size() <= kMaxCases)
        return cases;
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
            std::erase_if(shared, [&](const Condition &x) {
                return std::find(c.conditions.begin(), c.conditions.end(), x) == c.conditions.end();
            });
        }
        if (first)
            out.push_back({group == 1, false, std::move(shared)});
    }
    return out;
}

} // namespace katlas::guard_limits
