// Methods Python calls on an object without their name being written
// (docs/call-resolution.md): built-ins calling their argument's (`str(x)`
// runs `x.__str__()`, `len(x)` `x.__len__()`, `next(it)` `it.__next__()`)
// and an attribute assignment's `__setattr__`. The fact extractor keeps such
// a call as a possible one (kMaybeCalled): an edge only where it reaches a
// method of the index.
#pragma once

#include "parse/syntax_node.h"

#include <vector>

namespace katlas {

// `x.__str__` for `str(x)` (and the other built-ins that call a dunder of
// their first argument), where the argument is a chain; empty otherwise.
Chain protocolCall(const SyntaxSource &source, TSNode call);

// `obj.__setattr__` for each attribute an assignment sets (`obj.x = v`,
// `self.a, self.b = ...`): a class defining `__setattr__` runs it there.
std::vector<Chain> setattrCalls(const SyntaxSource &source, TSNode assignment);

} // namespace katlas
