// The users of a CallGraph index its vectors by id (id = position + 1). An
// index patched in place has gaps where it dropped symbols and call sites,
// so a graph read from it is numbered again densely, in the same order
// (which keeps the order of a caller's call sites, that traces rely on).
#pragma once

#include "graph/call_graph.h"

namespace katlas {

// Renumbers symbols and call sites 1..n in their order in the vectors (which
// must be sorted by id) and every reference to them. A no-op without gaps.
void makeIdsDense(CallGraph &graph);

} // namespace katlas
