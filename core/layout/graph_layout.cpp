// Graphviz layout through libgvc (see graph_layout.h).
#include "layout/graph_layout.h"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <functional>
#include <mutex>
#include <string_view>
#include <unordered_map>

namespace katlas {
namespace {

std::mutex &graphvizMutex()
{
    static std::mutex m;
    return m;
}

GVC_t *context()
{
    static GVC_t *gvc = gvContext();
    return gvc;
}

const char *shapeName(NodeShape s)
{
    switch (s) {
    case NodeShape::Box: return "box";
    case NodeShape::RoundedBox: return "box";
    case NodeShape::Ellipse: return "ellipse";
    case NodeShape::Hexagon: return "hexagon";
    }
    return "box";
}

void set(void *obj, const char *name, const QString &value)
{
    agsafeset(obj, const_cast<char *>(name), value.toUtf8().data(), const_cast<char *>(""));
}

// A label as Graphviz reads it: a backslash starts an escape (\N is the
// node's name, \l a line end), so a name's own backslashes are doubled.
QString labelText(const QString &text)
{
    QString out = text;
    return out.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
}

// The clusters as subgraphs, each inside its parent's, in the order given.
std::unordered_map<std::string, Agraph_t *> buildClusters(Agraph_t *graph, const LayoutGraph &g)
{
    std::unordered_map<std::string, Agraph_t *> out;
    for (size_t i = 0; i < g.clusters.size(); ++i) {
        const LayoutCluster &c = g.clusters[i];
        const auto parent = out.find(c.parent);
        Agraph_t *sub = agsubg(parent == out.end() ? graph : parent->second,
                               const_cast<char *>(("cluster_" + std::to_string(i)).c_str()), 1);
        set(sub, "style", QStringLiteral("rounded"));
        set(sub, "color", clusterBorderColor());
        set(sub, "margin", QStringLiteral("6"));
        set(sub, "label", QString());
        set(sub, "ordering", QStringLiteral("out"));
        out[c.id] = sub;
    }
    return out;
}

// A node goes into its cluster and every cluster around it.
void placeInCluster(Agnode_t *node, const std::string &cluster, const LayoutGraph &g,
                    const std::unordered_map<std::string, Agraph_t *> &subgraphs)
{
    std::vector<Agraph_t *> chain;
    for (std::string id = cluster; !id.empty();) {
        const auto sub = subgraphs.find(id);
        if (sub == subgraphs.end())
            break;
        chain.push_back(sub->second);
        const auto c = std::find_if(g.clusters.begin(), g.clusters.end(), [&](const LayoutCluster &x) { return x.id == id; });
        id = c == g.clusters.end() ? std::string() : c->parent;
    }
    for (auto it = chain.rbegin(); it != chain.rend(); ++it)
        agsubnode(*it, node, 1);
}

// Inside a cluster, Graphviz may reverse the order of a container's
// children; they run left to right, so each row of them keeps one rank,
// joined in order by invisible edges. A container with many children wraps
// them into rows read like text, each row under the one before (an
// invisible edge from its last to the next row's first), so that it grows
// down rather than ever wider: rows of four, or of about the square root of
// the children where there are many.
size_t childrenPerRow(size_t children)
{
    return std::max<size_t>(4, static_cast<size_t>(std::ceil(std::sqrt(static_cast<double>(children)))));
}

void keepChildrenInOrder(const LayoutGraph &g, const std::unordered_map<std::string, Agnode_t *> &nodes,
                         const std::unordered_map<std::string, Agraph_t *> &subgraphs)
{
    for (size_t i = 0; i < g.clusters.size(); ++i) {
        const std::string &container = g.clusters[i].id;
        std::vector<Agnode_t *> children;
        for (const LayoutEdge &e : g.edges)
            if (e.from == container)
                if (const auto n = nodes.find(e.to); n != nodes.end())
                    children.push_back(n->second);
        if (children.size() < 2)
            continue;
        Agraph_t *cluster = subgraphs.at(container);
        const size_t perRow = childrenPerRow(children.size());
        for (size_t start = 0, row = 0; start < children.size(); start += perRow, ++row) {
            Agraph_t *rank = agsubg(cluster, const_cast<char *>(("order_" + std::to_string(i) + "_" + std::to_string(row)).c_str()), 1);
            set(rank, "rank", QStringLiteral("same"));
            for (size_t k = start; k < std::min(children.size(), start + perRow); ++k) {
                agsubnode(rank, children[k], 1);
                if (k > start)
                    set(agedge(rank, children[k - 1], children[k], nullptr, 1), "style", QStringLiteral("invis"));
            }
            if (row > 0) // under the row before
                set(agedge(cluster, children[start - 1], children[start], nullptr, 1), "style", QStringLiteral("invis"));
        }
    }
}

// Builds the cgraph graph with every attribute the layout and renderers use.
Agraph_t *buildGraph(const LayoutGraph &g, std::unordered_map<std::string, Agnode_t *> &nodes,
                     std::unordered_map<std::string, Agraph_t *> *clusters = nullptr)
{
    Agraph_t *graph = agopen(const_cast<char *>("ops"), Agdirected, nullptr);
    set(graph, "rankdir", QStringLiteral("TB"));
    set(graph, "nodesep", QStringLiteral("0.25"));
    set(graph, "ranksep", QStringLiteral("0.4"));
    // An op's children left to right in the order they run.
    set(graph, "ordering", QStringLiteral("out"));
    const std::unordered_map<std::string, Agraph_t *> subgraphs = buildClusters(graph, g);
    if (clusters)
        *clusters = subgraphs;
    for (const LayoutNode &n : g.nodes) {
        Agnode_t *node = agnode(graph, const_cast<char *>(n.id.c_str()), 1);
        nodes[n.id] = node;
        placeInCluster(node, n.cluster, g, subgraphs);
        set(node, "label", labelText(n.label));
        set(node, "shape", QString::fromLatin1(shapeName(n.shape)));
        set(node, "style", n.shape == NodeShape::RoundedBox ? QStringLiteral("rounded,filled") : QStringLiteral("filled"));
        set(node, "fillcolor", n.fillColor.isEmpty() ? QStringLiteral("#ffffff") : n.fillColor);
        set(node, "fontname", QStringLiteral("DejaVu Sans"));
        set(node, "fontsize", QStringLiteral("10"));
        set(node, "margin", QStringLiteral("0.12,0.05"));
        if (n.labelWidth > 0) // a minimum: the box grows with the label, never clips it
            set(node, "width", QString::number((n.labelWidth + 2 * 0.12 * 72 + 4) / 72, 'f', 3));
    }
    keepChildrenInOrder(g, nodes, subgraphs);
    for (const LayoutEdge &e : g.edges) {
        const auto a = nodes.find(e.from), b = nodes.find(e.to);
        if (a == nodes.end() || b == nodes.end())
            continue;
        Agedge_t *edge = agedge(graph, a->second, b->second, nullptr, 1);
        if (!e.label.isEmpty()) {
            set(edge, "label", labelText(e.label));
            set(edge, "fontsize", QStringLiteral("9"));
            set(edge, "fontname", QStringLiteral("DejaVu Sans"));
        }
    }
    return graph;
}


} // namespace

const PlacedNode *GraphLayout::node(const std::string &id) const
{
    for (const PlacedNode &n : nodes)
        if (n.id == id)
            return &n;
    return nullptr;
}

GraphLayout layoutGraph(const LayoutGraph &g)
{
    GraphLayout out;
    if (g.nodes.empty())
        return out;
    std::lock_guard lock(graphvizMutex());
    std::unordered_map<std::string, Agnode_t *> nodes;
    std::unordered_map<std::string, Agraph_t *> clusters;
    Agraph_t *graph = buildGraph(g, nodes, &clusters);
    if (gvLayout(context(), graph, "dot") != 0) {
        agclose(graph);
        out.error = QCoreApplication::translate("GraphLayout", "Graphviz could not lay out the graph (is the 'dot' plugin registered? run 'dot -c')");
        return out;
    }
    const boxf bb = GD_bb(graph);
    const double top = bb.UR.y;
    auto flip = [&](pointf p) { return QPointF(p.x - bb.LL.x, top - p.y); };
    out.bounds = QRectF(0, 0, bb.UR.x - bb.LL.x, bb.UR.y - bb.LL.y);
    for (const LayoutCluster &c : g.clusters) {
        const boxf cb = GD_bb(clusters.at(c.id));
        out.clusters.push_back({c.id, QRectF(flip(cb.LL), flip(cb.UR)).normalized()});
    }
    for (const LayoutNode &n : g.nodes) {
        Agnode_t *node = nodes[n.id];
        const QPointF c = flip(ND_coord(node));
        const double w = ND_width(node) * 72.0, h = ND_height(node) * 72.0;
        out.nodes.push_back({n.id, QRectF(c.x() - w / 2, c.y() - h / 2, w, h)});
    }
    for (Agnode_t *n = agfstnode(graph); n; n = agnxtnode(graph, n))
        for (Agedge_t *e = agfstout(graph, n); e; e = agnxtout(graph, e)) {
            if (const char *style = agget(e, const_cast<char *>("style")); style && std::string_view(style) == "invis")
                continue; // keeps siblings in order; not drawn
            PlacedEdge pe;
            pe.from = agnameof(agtail(e));
            pe.to = agnameof(aghead(e));
            if (const splines *spl = ED_spl(e); spl && spl->size > 0) {
                const bezier &bz = spl->list[0];
                for (int i = 0; i < bz.size; ++i)
                    pe.spline.push_back(flip(bz.list[i]));
                if (bz.eflag)
                    pe.arrowTip = flip(bz.ep);
            }
            if (textlabel_t *label = ED_label(e)) {
                pe.label = QString::fromUtf8(label->text);
                pe.labelPos = flip(label->pos);
            }
            out.edges.push_back(std::move(pe));
        }
    gvFreeLayout(context(), graph);
    agclose(graph);
    return out;
}

QByteArray renderSvg(const LayoutGraph &g, QString *error)
{
    std::lock_guard lock(graphvizMutex());
    std::unordered_map<std::string, Agnode_t *> nodes;
    Agraph_t *graph = buildGraph(g, nodes);
    QByteArray svg;
    if (gvLayout(context(), graph, "dot") == 0) {
        char *data = nullptr;
        unsigned int length = 0;
        if (gvRenderData(context(), graph, "svg", &data, &length) == 0 && data)
            svg = QByteArray(data, static_cast<qsizetype>(length));
        gvFreeRenderData(data);
        gvFreeLayout(context(), graph);
    }
    agclose(graph);
    if (svg.isEmpty() && error)
        *error = QCoreApplication::translate("GraphLayout", "Graphviz could not render SVG (is the 'dot' plugin registered? run 'dot -c')");
    return svg;
}

QByteArray toDot(const LayoutGraph &g)
{
    auto quote = [](const QString &s) {
        QString q = s;
        q.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('"'), QStringLiteral("\\\""));
        q.replace(QLatin1Char('\n'), QStringLiteral("\\n"));
        return QLatin1Char('"') + q + QLatin1Char('"');
    };
    QString out = QStringLiteral("digraph ops {\n  rankdir=TB;\n  ordering=out;\n  node [fontname=\"DejaVu Sans\", fontsize=10];\n");
    // The nodes of one cluster, then its clusters, each in a subgraph.
    std::function<void(const std::string &, const QString &)> emit = [&](const std::string &cluster, const QString &indent) {
        for (const LayoutNode &n : g.nodes)
            if (n.cluster == cluster)
                out += indent
                       + QStringLiteral("%1 [label=%2, shape=%3, style=\"%4\", fillcolor=%5];\n")
                             .arg(quote(QString::fromStdString(n.id)), quote(n.label), QString::fromLatin1(shapeName(n.shape)),
                                  n.shape == NodeShape::RoundedBox ? QStringLiteral("rounded,filled") : QStringLiteral("filled"),
                                  quote(n.fillColor.isEmpty() ? QStringLiteral("#ffffff") : n.fillColor));
        for (size_t i = 0; i < g.clusters.size(); ++i)
            if (g.clusters[i].parent == cluster) {
                out += indent + QStringLiteral("subgraph cluster_%1 {\n").arg(i) + indent
                       + QStringLiteral("  style=rounded; color=\"%1\";\n").arg(clusterBorderColor());
                emit(g.clusters[i].id, indent + QStringLiteral("  "));
                out += indent + QStringLiteral("}\n");
            }
    };
    emit({}, QStringLiteral("  "));
    for (const LayoutEdge &e : g.edges)
        out += QStringLiteral("  %1 -> %2%3;\n")
                   .arg(quote(QString::fromStdString(e.from)), quote(QString::fromStdString(e.to)),
                        e.label.isEmpty() ? QString() : QStringLiteral(" [label=%1]").arg(quote(e.label)));
    out += QStringLiteral("}\n");
    return out.toUtf8();
}

} // namespace katlas
