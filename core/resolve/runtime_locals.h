// A guard on locals that hold what only the running batch has: `shape_ok =
// w.shape[0] % 64 == 0` then `if not shape_ok:`. Such a guard stays a
// runtime condition, and is shown with the locals written out, so that it
// reads as what it tests (`not (w.shape[0] % 64 == 0)`), the way a guard on
// `.shape` itself does (graph/runtime_condition.h, docs/guard-evaluation.md
// "What stays a runtime condition").
#pragma once

#include "resolve/symbol_table.h"

#include <string>

namespace katlas {

// The guard text with each local of `function` that is assigned once, before
// `line` (0: anywhere), an expression reading runtime state written out in
// its place, through at most a few assignments; the text unchanged where no
// local it reads is one.
std::string withRuntimeLocals(const SymbolTable &table, const FunctionInfo &function, const std::string &text, int line);

} // namespace katlas
