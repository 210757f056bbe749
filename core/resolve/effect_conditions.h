// What a method does to its object happens only where the method is called.
// A profile rule that puts a condition on calling a function (a `symbol` or
// `function` dimension rule: `MultiPlatformOp.enter_torch_compile` runs only
// with torch.compile on) therefore also conditions the values it assigns to
// its object's attributes: `self._forward_method = self.forward_native`
// there holds only under that rule (see docs/guard-evaluation.md, "What a
// method sets where it is called").
#pragma once

#include "graph/call_graph.h"
#include "resolve/condition_mapper.h"
#include "resolve/symbol_table.h"

namespace katlas {

// The conditions the profile's rules put on a call of `method` (none for 0).
ConditionSet effectConditions(ConditionMapper &mapper, const SymbolTable &table, SymbolId method);

} // namespace katlas
