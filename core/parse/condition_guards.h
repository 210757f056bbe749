// The guards a condition puts on the code it governs: `if a and not b`
// guards its body with `a` and `not b`, its else branch with `not (a and
// not b)` as one guard.
#pragma once

#include "parse/syntax_node.h"

namespace katlas {

// Adds to `out` the guards of `cond` holding (or, `negated`, failing).
void addGuards(const SyntaxSource &source, TSNode cond, bool negated, GuardList &out);

} // namespace katlas
