// The op graph as a graph to lay out: one node per op (container or leaf),
// optionally expanded down to the kernels of chosen leaf ops; the shapes and
// colours the GUI draws and the SVG/DOT exports write.
#pragma once

#include "layout/graph_layout.h"
#include "trace/op_graph.h"

#include <set>

namespace katlas {

struct DrawingOptions {
    std::set<std::string> collapsed;   // container ids whose children are hidden
    std::set<std::string> expandedLeaves; // leaf ids shown with their kernels
    DimensionFilter filter;
    std::set<std::string> idle;        // op ids drawn greyed: they do not run under the configuration
};

LayoutGraph opGraphLayoutInput(const CallIndex &index, const OpGraph &graph, const DrawingOptions &options = {});

// Fill colour of a kernel by its source, and of op kinds.
QString kernelSourceColor(const std::string &source);
QString opKindColor(OpNode::Kind kind);
QString idleOpColor(); // an op that does not run under the configuration

} // namespace katlas
