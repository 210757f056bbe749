// The op tree model (see op_tree_model.h).
#include "op_tree_model.h"

#include <QPalette>

namespace katlas {
namespace {

void addNodes(QStandardItem *parent, const std::vector<OpNode> &nodes, const std::set<std::string> &idle,
              const CallIndex *index)
{
    for (const OpNode &n : nodes) {
        // The branch label first: it is what tells a branch's ops from their
        // siblings' (`[MLA] self.forward_absorb_core()`), so it must not be the
        // part a narrow dock scrolls out of view.
        QString text = QString::fromStdString(n.name) + QStringLiteral("()");
        if (!n.label.empty())
            text = QStringLiteral("[%1] ").arg(QString::fromStdString(n.label)) + text;
        auto *item = new QStandardItem(text);
        item->setEditable(false);
        item->setData(QString::fromStdString(n.id), OpTreeModel::IdRole);
        item->setData(n.kind == OpNode::Kind::Leaf, OpTreeModel::LeafRole);
        // Where it stands, where it is called, then what it is.
        QString tip = QString::fromStdString(opTrail(n.id)).toHtmlEscaped() + QStringLiteral("<br>");
        if (const std::string at = index ? opLocation(*index, n) : std::string(); !at.empty())
            tip += QString::fromStdString(at).toHtmlEscaped() + QStringLiteral("<br>");
        tip += (n.kind == OpNode::Kind::Leaf ? QObject::tr("Leaf op: reaches kernels (double-click or Space: its kernels)")
                                            : QObject::tr("Container op: orchestrates other ops"));
        if (idle.count(n.id)) {
            item->setData(true, OpTreeModel::IdleRole);
            item->setForeground(QPalette().brush(QPalette::Disabled, QPalette::Text));
            tip += QStringLiteral("<br>") + QObject::tr("Does not run under this configuration: no kernel path");
        }
        item->setToolTip(tip);
        parent->appendRow(item);
        addNodes(item, n.children, idle, index);
    }
}

} // namespace

OpTreeModel::OpTreeModel(QObject *parent) : QStandardItemModel(parent)
{
    setHorizontalHeaderLabels({tr("Op")});
}

void OpTreeModel::setGraph(const OpGraph &graph, const std::set<std::string> &idle, const CallIndex *index)
{
    removeRows(0, rowCount());
    addNodes(invisibleRootItem(), graph.roots, idle, index);
}

QModelIndex OpTreeModel::indexForId(const QString &id) const
{
    const QModelIndexList hits = match(index(0, 0), IdRole, id, 1, Qt::MatchExactly | Qt::MatchRecursive);
    return hits.isEmpty() ? QModelIndex() : hits.first();
}

} // namespace katlas
