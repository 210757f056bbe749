// The users of a CallGraph index its vectors by id (id = position + 1). An
// index patched in place has gaps where it dropped symbols and call sites,
// so a graph read from it is numbered again densely, in the same order
// (which keeps the order of a caller's call sites, that traces rely on).
#pragma once

#include "graph/call_graph.h"

#include <string>

namespace katlas {

// Renumbers symbols and call sites 1..n in their order in the vectors (which
// must be sorted by id) and every reference to them. A no-op without gaps.
void makeIdsDense(CallGraph &graph);

// The first reference of a dense graph to an id that is not there (an edge's
// call site, a callee, a caller, a kernel's symbol, a parent or origin), in
// words; empty when every one is in range. A file damaged or written by
// another program must not make its readers index past their vectors.
std::string firstBadReference(const CallGraph &graph);

} // namespace katlas
