// A module may define one name twice (`if _is_hip: def f(...)` then
// `else: def f(...)`): each definition is a function of its own, and what
// its body holds (calls, assignments, returns) is its own. Facts name the
// function whose body they are in by a scope: the function's qualName or,
// for a later definition of a qualName the module defined before,
// `qualName@line` (docs/guard-evaluation.md, "Conditional definitions").
#pragma once

#include "parse/syntax_facts.h"

#include <string>
#include <vector>

namespace katlas {

// The scope of a function about to be added to `facts` as `qual`, at `line`.
std::string newFunctionScope(const ModuleFacts &facts, const std::string &qual, int line);
// The scope of each of a module's functions, in the order of `facts.functions`.
std::vector<std::string> functionScopes(const ModuleFacts &facts);
// A scope without the lines naming redefinitions (`f@12.inner` -> `f.inner`):
// what stays when an edit above a redefinition moves it.
std::string withoutDefinitionLines(const std::string &scope);

} // namespace katlas
