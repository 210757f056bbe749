// Which containers of the op graph are drawn folded: the first paint of a
// model shows its structure at a readable size (the top levels that fit a
// node budget), and "focus" shows one op with the
// chain of containers above it and the siblings along that chain.
#pragma once

#include "trace/op_graph.h"

#include <set>
#include <string>
#include <vector>

namespace katlas {

// How much of the graph a first paint draws: at most `nodes` ops, at most
// `perLevel` side by side at one depth (a wider level is unreadable at any
// zoom that shows it whole).
struct FoldBudget {
    size_t nodes = 40;
    size_t perLevel = 8;
};

// The containers to fold to keep within `budget`: the graph is unfolded one
// level at a time, each level whole, while the ops it shows still fit.
// Containers in `idle` (they do not run under the configuration) stay
// folded. The roots are always drawn.
std::set<std::string> foldedToFit(const OpGraph &graph, const FoldBudget &budget,
                                  const std::set<std::string> &idle = {});

// The containers to fold to show `id`: every container folded but those
// above the op (and the op itself when it is a container).
std::set<std::string> foldedAround(const OpGraph &graph, const std::string &id);

// The ids of the containers above an op, from the top (an op's id is the
// ids of the ops above it joined by '/').
std::vector<std::string> containersAbove(const std::string &id);

// How many ops a folded container hides (its descendants).
size_t opsInside(const OpNode &node);

} // namespace katlas
