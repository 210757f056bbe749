// Definitions made under conditions, and definitions that replace earlier
// ones of the same name:
//
//     def select_kernel(M, N):          # holds where `_is_hip` does not
//         return _matmul
//     if _is_hip:
//         def select_kernel(M, N):      # holds where `_is_hip` does
//             ...
//
// A name defined several times in one scope is bound to each definition
// under its own guards and under the negation of what lets a later
// definition replace it. See docs/guard-evaluation.md, "Conditional
// definitions".
#pragma once

#include "parse/syntax_facts.h"

#include <optional>
#include <vector>

namespace katlas {

// For the definitions of one name in one scope, in the order of the file:
// the guards under which each is what the name is bound to at the end of the
// scope, or nullopt where a later definition always replaces it. A later
// definition under one guard more than an earlier one adds that guard,
// negated, to the earlier one; under several more, the earlier one keeps
// its own guards (it may be listed where it is replaced, never dropped
// where it is not).
std::vector<std::optional<GuardList>> definitionGuards(const std::vector<const GuardList *> &inOrder);

} // namespace katlas
