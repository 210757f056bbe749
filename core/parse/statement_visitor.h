// The walk over a module's statements and expressions that adds their facts
// (see fact_extractor.h): it keeps the context of each block (scope, guards,
// names known not None) and hands each construct to the facts it makes.
#pragma once

#include "parse/syntax_facts.h"

#include <tree_sitter/api.h>

#include <string_view>

namespace katlas {

// Deeply nested expressions (generated tables, long operator chains) are
// walked only this deep, so that a pathological file cannot exhaust the stack.
inline constexpr int kMaxNestingDepth = 400;

// Adds the facts of the module whose syntax tree is `root` over `source`.
void visitModule(std::string_view source, TSNode root, ModuleFacts &facts);

} // namespace katlas
