// Blocks that leave their enclosing block: what follows an `if` whose
// branches all return (or raise, continue, break) runs only where their tests
// failed, and the extractor guards it so.
#pragma once

#include "parse/syntax_facts.h"
#include "parse/syntax_node.h"

#include <tree_sitter/api.h>

#include <string>
#include <vector>

namespace katlas {

// Does the block end with return, raise, continue or break, or with an
// if/elif/else whose every branch does, or a `with` whose body does?
bool terminates(TSNode block);
// Is it an if/elif chain without else whose every branch terminates?
bool returnsInEveryBranch(TSNode ifStatement);

// `if t: ... if a: return ... elif b: return ...` (no else on either, the
// inner chain last in the body): the block is left where `t and (a or b)`
// holds, as that text; empty when the statement is not so. What follows the
// outer `if` runs only where it fails.
std::string leftThroughInnerIf(const SyntaxSource &source, TSNode ifStatement);

// Past `assert` of these guards, which chains are not None (`x is not None`,
// or a bare `x`, which is truthy): added to `out`.
void addNotNone(const GuardList &asserted, std::vector<Chain> &out);

// `if x is None: x = default` (no elif or else) with x a name or a chain:
// past it, x is not None. Empty when the statement is not so.
Chain defaultedWhenNone(const SyntaxSource &source, TSNode ifStatement);

} // namespace katlas
