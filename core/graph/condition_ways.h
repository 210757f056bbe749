// The ways an unmapped guard may hold, kept in its text condition's
// `values` (one encoded way a value), so that a Condition stays small: each
// way is a set of dimension conditions, `±dimension` U+001A values apart by
// U+0018, conditions apart by U+001B (see docs/schema.md).
#pragma once

#include "graph/call_graph.h"

#include <memory>
#include <vector>

namespace katlas {

std::vector<ConditionSet> waysOf(const Condition &textCondition);
// The same ways, decoded once per distinct encoding for the whole process and
// shared: a path search meets one guard on many paths. Thread-safe.
std::shared_ptr<const std::vector<ConditionSet>> sharedWaysOf(const Condition &textCondition);
void setWays(Condition &textCondition, const std::vector<ConditionSet> &ways);

} // namespace katlas
