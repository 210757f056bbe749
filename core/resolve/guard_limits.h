// Bounds of guard evaluation, shared by its files: how deep values are
// followed, and how many ways are told apart before one is "unknown".
#pragma once

#include "resolve/guard_evaluator.h"

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

} // namespace katlas::guard_limits
