// Building the drawable op graph (see op_graph_drawing.h).
#include "export/op_graph_drawing.h"

#include "export/op_graph_folding.h"

#include "trace/config_matrix.h"
#include "trace/path_finder.h"

namespace katlas {

QString kernelSourceColor(const std::string &source)
{
    if (source == "sgl-kernel")
        return QStringLiteral("#f6c6b5");
    if (source == "flashinfer")
        return QStringLiteral("#b9dcec");
    if (source == "triton")
        return QStringLiteral("#dcc6ea");
    if (source == "torch.ops")
        return QStringLiteral("#fbe0a8");
    return QStringLiteral("#dfe3e6");
}

QString opKindColor(OpNode::Kind kind)
{
    return kind == OpNode::Kind::Container ? QStringLiteral("#eef1f4") : QStringLiteral("#d8f0d2");
}

QString idleOpColor() { return QStringLiteral("#d9d9d9"); }

namespace {

// `cluster`: the box the nodes are drawn in (the ops of the container above
// them, when it runs two or more).
void addNodes(const CallIndex &index, const std::vector<OpNode> &nodes, const std::string &parent, const std::string &cluster,
              const DrawingOptions &options, LayoutGraph &out)
{
    for (const OpNode &n : nodes) {
        LayoutNode node;
        node.id = n.id;
        node.cluster = cluster;
        node.label = QString::fromStdString(n.name + "()");
        if (!n.label.empty())
            node.label += QStringLiteral("\n[%1]").arg(QString::fromStdString(n.label));
        node.shape = n.kind == OpNode::Kind::Container ? NodeShape::RoundedBox : NodeShape::Box;
        node.fillColor = options.idle.count(n.id) ? idleOpColor() : opKindColor(n.kind);
        node.kind = n.kind == OpNode::Kind::Container ? "container" : "leaf";
        if (options.idle.count(n.id))
            node.kind += ":idle";
        if (n.kind == OpNode::Kind::Container && options.collapsed.count(n.id)) {
            node.folded = opsInside(n);
            if (node.folded)
                node.label += QStringLiteral("\n\u25B8 %1").arg(node.folded);
        }
        out.nodes.push_back(node);
        if (!parent.empty())
            out.edges.push_back({parent, n.id, {}});
        if (n.kind == OpNode::Kind::Container && !options.collapsed.count(n.id)) {
            std::string inner = cluster;
            if (n.children.size() >= 2) {
                out.clusters.push_back({n.id, cluster});
                inner = n.id;
            }
            addNodes(index, n.children, n.id, inner, options, out);
        }
        if (n.kind == OpNode::Kind::Leaf && options.expandedLeaves.count(n.id)) {
            std::set<std::int64_t> kernels;
            const SiteContexts own = contextsOf({&n});
            for (const KernelPath &p : findPaths(index, n.callSites, options.filter, {}, &own).paths)
                kernels.insert(p.kernelId);
            for (std::int64_t k : kernels) {
                LayoutNode kn;
                kn.id = n.id + "=>" + std::to_string(k);
                const Kernel *kr = index.kernel(k);
                // Its library under its name: four `rmsnorm`s are told apart.
                kn.label = QString::fromStdString(kernelName(index, k))
                    + (kr && !kr->source.empty() ? QStringLiteral("\n[%1]").arg(QString::fromStdString(kr->source)) : QString());
                kn.shape = NodeShape::Hexagon;
                kn.fillColor = kernelSourceColor(kr ? kr->source : std::string());
                kn.kind = "kernel:" + (kr ? kr->source : std::string());
                kn.cluster = cluster;
                out.nodes.push_back(kn);
                out.edges.push_back({n.id, kn.id, {}});
            }
        }
    }
}

} // namespace

LayoutGraph opGraphLayoutInput(const CallIndex &index, const OpGraph &graph, const DrawingOptions &options)
{
    LayoutGraph out;
    addNodes(index, graph.roots, {}, {}, options, out);
    return out;
}

} // namespace katlas
