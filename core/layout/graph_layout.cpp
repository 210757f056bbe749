// Graphviz layout through libgvc (see graph_layout.h).
#include "layout/graph_layout.h"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <QCoreApplication>

#include <mutex>
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

// Builds the cgraph graph with every attribute the layout and renderers use.
Agraph_t *buildGraph(const LayoutGraph &g, std::unordered_map<std::string, Agnode_t *> &nodes)
{
    Agraph_t *graph = agopen(const_cast<char *>("ops"), Agdirected, nullptr);
    set(graph, "rankdir", QStringLiteral("TB"));
    set(graph, "nodesep", QStringLiteral("0.25"));
    set(graph, "ranksep", QStringLiteral("0.4"));
    // An op's children left to right in the order they run.
    set(graph, "ordering", QStringLiteral("out"));
    for (const LayoutNode &n : g.nodes) {
        Agnode_t *node = agnode(graph, const_cast<char *>(n.id.c_str()), 1);
        nodes[n.id] = node;
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
    Agraph_t *graph = buildGraph(g, nodes);
    if (gvLayout(context(), graph, "dot") != 0) {
        agclose(graph);
        out.error = QCoreApplication::translate("GraphLayout", "Graphviz could not lay out the graph (is the 'dot' plugin registered? run 'dot -c')");
        return out;
    }
    const boxf bb = GD_bb(graph);
    const double top = bb.UR.y;
    auto flip = [&](pointf p) { return QPointF(p.x - bb.LL.x, top - p.y); };
    out.bounds = QRectF(0, 0, bb.UR.x - bb.LL.x, bb.UR.y - bb.LL.y);
    for (const LayoutNode &n : g.nodes) {
        Agnode_t *node = nodes[n.id];
        const QPointF c = flip(ND_coord(node));
        const double w = ND_width(node) * 72.0, h = ND_height(node) * 72.0;
        out.nodes.push_back({n.id, QRectF(c.x() - w / 2, c.y() - h / 2, w, h)});
    }
    for (Agnode_t *n = agfstnode(graph); n; n = agnxtnode(graph, n))
        for (Agedge_t *e = agfstout(graph, n); e; e = agnxtout(graph, e)) {
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
    QString out = QStringLiteral("digraph ops {\n  rankdir=TB;\n  node [fontname=\"DejaVu Sans\", fontsize=10];\n");
    for (const LayoutNode &n : g.nodes)
        out += QStringLiteral("  %1 [label=%2, shape=%3, style=\"%4\", fillcolor=%5];\n")
                   .arg(quote(QString::fromStdString(n.id)), quote(n.label), QString::fromLatin1(shapeName(n.shape)),
                        n.shape == NodeShape::RoundedBox ? QStringLiteral("rounded,filled") : QStringLiteral("filled"),
                        quote(n.fillColor.isEmpty() ? QStringLiteral("#ffffff") : n.fillColor));
    for (const LayoutEdge &e : g.edges)
        out += QStringLiteral("  %1 -> %2%3;\n")
                   .arg(quote(QString::fromStdString(e.from)), quote(QString::fromStdString(e.to)),
                        e.label.isEmpty() ? QString() : QStringLiteral(" [label=%1]").arg(quote(e.label)));
    out += QStringLiteral("}\n");
    return out.toUtf8();
}

} // namespace katlas
