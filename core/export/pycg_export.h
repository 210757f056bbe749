// The call graph in PyCG's JSON format (formats.md §4): each function or
// module, by dotted name, mapped to the dotted names it calls.
#pragma once

#include "graph/call_graph.h"

#include <QByteArray>

namespace katlas {

QByteArray toPycgJson(const CallGraph &graph);

} // namespace katlas
