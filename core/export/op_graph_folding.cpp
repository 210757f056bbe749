// Folding the op graph for reading (see op_graph_folding.h).
#include "export/op_graph_folding.h"


namespace katlas {

std::vector<std::string> containersAbove(const std::string &id)
{
    std::vector<std::string> out;
    for (size_t slash = id.find('/', 1); slash != std::string::npos; slash = id.find('/', slash + 1))
        out.push_back(id.substr(0, slash));
    return out;
}

size_t opsInside(const OpNode &node)
{
    size_t n = 0;
    forEachOp(node.children, [&](const OpNode &, int) { ++n; });
    return n;
}

std::set<std::string> foldedToFit(const OpGraph &graph, const FoldBudget &budget, const std::set<std::string> &idle)
{
    std::set<std::string> folded;
    forEachOp(graph.roots, [&](const OpNode &n, int) {
        if (n.kind == OpNode::Kind::Container)
            folded.insert(n.id);
    });
    // Level by level: a level is unfolded whole, or not at all, so the
    // drawing shows the model's structure to one depth everywhere.
    size_t shown = graph.roots.size();
    std::vector<const OpNode *> level;
    for (const OpNode &r : graph.roots)
        level.push_back(&r);
    while (true) {
        std::vector<const OpNode *> open, next;
        for (const OpNode *n : level)
            if (n->kind == OpNode::Kind::Container && !idle.count(n->id) && !n->children.empty()) {
                open.push_back(n);
                for (const OpNode &c : n->children)
                    next.push_back(&c);
            }
        if (next.empty() || shown + next.size() > budget.nodes || next.size() > budget.perLevel)
            break;
        for (const OpNode *n : open)
            folded.erase(n->id);
        shown += next.size();
        level = std::move(next);
    }
    return folded;
}

std::set<std::string> foldedAround(const OpGraph &graph, const std::string &id)
{
    std::set<std::string> folded;
    forEachOp(graph.roots, [&](const OpNode &n, int) {
        if (n.kind == OpNode::Kind::Container)
            folded.insert(n.id);
    });
    for (const std::string &above : containersAbove(id))
        folded.erase(above);
    folded.erase(id);
    return folded;
}

} // namespace katlas
