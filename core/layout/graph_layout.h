// Graph layout by Graphviz's `dot`, linked as a library (cgraph + gvc): we
// pass nodes and edges, and read back positions and edge splines in points,
// top-left origin. The same attributes feed the SVG and DOT exports.
#pragma once

#include <QByteArray>
#include <QPointF>
#include <QRectF>
#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace katlas {

enum class NodeShape { Box, RoundedBox, Ellipse, Hexagon };

struct LayoutNode {
    std::string id;
    QString label;
    NodeShape shape = NodeShape::RoundedBox;
    QString fillColor;  // "#rrggbb"
    std::string kind;   // free text for the view: "container", "leaf", "kernel:triton", ...
    size_t folded = 0;  // ops a folded container hides
    double labelWidth = 0; // the label's width in points as the view draws it; 0: Graphviz estimates it
    std::string cluster;   // the innermost cluster it is drawn in; empty: none
};

// A box drawn around a group of nodes (Graphviz `subgraph cluster_*`): the
// ops a container runs, inside the boxes of the containers above it.
struct LayoutCluster {
    std::string id;
    std::string parent; // the cluster it is drawn in; empty: none
};

struct LayoutEdge {
    std::string from;
    std::string to;
    QString label;
};

struct LayoutGraph {
    std::vector<LayoutNode> nodes;
    std::vector<LayoutEdge> edges;
    std::vector<LayoutCluster> clusters; // each after its parent
};

struct PlacedNode {
    std::string id;
    QRectF rect;
};

struct PlacedEdge {
    std::string from;
    std::string to;
    std::vector<QPointF> spline;   // cubic bezier: p0, c1, c2, p1, c1, c2, p2, ...
    std::optional<QPointF> arrowTip;
    QPointF labelPos;
    QString label;
};

struct PlacedCluster {
    std::string id;
    QRectF rect;
};

struct GraphLayout {
    QRectF bounds;
    std::vector<PlacedCluster> clusters; // outer ones first
    std::vector<PlacedNode> nodes;
    std::vector<PlacedEdge> edges;
    QString error;  // set when Graphviz could not lay the graph out
    const PlacedNode *node(const std::string &id) const;
};

// How a cluster's box is drawn, in the window and the exports.
inline QString clusterBorderColor() { return QStringLiteral("#c9d1d9"); }
inline QString clusterFillColor() { return QStringLiteral("#f7f9fb"); }

// Thread-safe (Graphviz keeps global state: calls are serialised).
GraphLayout layoutGraph(const LayoutGraph &graph);
QByteArray renderSvg(const LayoutGraph &graph, QString *error);
QByteArray toDot(const LayoutGraph &graph);

} // namespace katlas
