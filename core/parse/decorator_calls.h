// A decorated definition runs its decorators where it stands: `@dec def f`
// is `f = dec(f)`. The facts keep each application as a call site of the
// scope around the definition and, in a function body or at module level,
// as a call kept for its argument, so that the decorator's parameter holds
// what it decorates (docs/call-resolution.md).
#pragma once

#include "parse/syntax_facts.h"

#include <string>

namespace katlas {

// Whether applying a decorator is a call worth following: not the built-in
// descriptors (`staticmethod`, `classmethod`, `property`, `x.setter`).
bool appliesAsCall(const Chain &decorator);

// Adds the calls that applying `decorators` (nearest last) to the function
// named `name`, defined at `line` under `guards`, makes in `scope`.
// `keepArguments`: the definition stands in a function body or at module
// level, where calls kept for their arguments are read.
void addDecoratorCalls(const std::vector<Decorator> &decorators, const std::string &name, const std::string &scope,
                       int line, const GuardList &guards, bool keepArguments, ModuleFacts &facts);

} // namespace katlas
