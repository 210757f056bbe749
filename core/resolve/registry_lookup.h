// Lookups of decorator registries (profile `registries[].lookup`): a call
// such as `FusedOpPool.get_fused_func(a2a, runner)` returns the function
// `@register_fused_func("none", "triton")` registered where its arguments
// equal those keys, and None where they equal no registered keys
// (docs/guard-evaluation.md, "Registry lookups").
#pragma once

#include "parse/syntax_facts.h"

#include <string>
#include <vector>

namespace katlas {

// The comparisons under which a call's arguments name `keys`, one per key
// (in order; an empty key, or an argument the facts do not keep, is not
// compared): `a2a == "none"`, `runner == "triton"`; none: it may always match.
std::vector<std::string> keyComparisons(const ValueFact &call, const std::vector<std::string> &keys);

} // namespace katlas
