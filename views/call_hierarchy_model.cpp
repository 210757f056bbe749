// The call hierarchy model (see call_hierarchy_model.h).
#include "call_hierarchy_model.h"

#include "graph/graph_queries.h"
#include "trace/call_hierarchy.h"

#include <algorithm>

namespace katlas {

CallHierarchyModel::CallHierarchyModel(QObject *parent) : QStandardItemModel(parent)
{
    setHorizontalHeaderLabels({tr("Function"), tr("Call"), tr("Conditions")});
}

void CallHierarchyModel::setRoot(const CallIndex *index, std::int64_t symbolId, Direction direction)
{
    removeRows(0, rowCount());
    m_index = index;
    m_root = symbolId;
    m_direction = direction;
    if (m_index && m_root)
        addLevel(invisibleRootItem(), m_root);
}

void CallHierarchyModel::clearRoot() { setRoot(nullptr, 0, m_direction); }

bool CallHierarchyModel::hasChildren(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() == 0 && !parent.data(FetchedRole).toBool())
        return true; // not asked yet: the expander is how it is asked
    return QStandardItemModel::hasChildren(parent);
}

bool CallHierarchyModel::canFetchMore(const QModelIndex &parent) const
{
    return parent.isValid() && parent.column() == 0 && !parent.data(FetchedRole).toBool();
}

void CallHierarchyModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent))
        return;
    QStandardItem *item = itemFromIndex(parent);
    item->setData(true, FetchedRole);
    addLevel(item, item->data(SymbolRole).toLongLong());
}

void CallHierarchyModel::addLevel(QStandardItem *parent, std::int64_t symbolId)
{
    // A function already on the way up from this row would repeat the tree: shown, not expanded.
    std::vector<std::int64_t> above{m_root};
    for (const QStandardItem *p = parent; p && p != invisibleRootItem(); p = p->parent())
        above.push_back(p->data(SymbolRole).toLongLong());
    const std::vector<CallStep> steps = m_direction == Direction::Callers ? callsInto(*m_index, symbolId) : callsFrom(*m_index, symbolId);
    for (const CallStep &step : steps) {
        const CallSite &site = m_index->site(step.siteId);
        auto *name = new QStandardItem(QString::fromStdString(m_index->symbol(step.symbolId).qualName));
        auto *where = new QStandardItem(QStringLiteral("%1:%2").arg(QString::fromStdString(filePath(m_index->graph(), site.fileId))).arg(site.line));
        auto *conditions = new QStandardItem(QString::fromStdString(step.conditions.toString()));
        const bool repeats = std::find(above.begin(), above.end(), step.symbolId) != above.end();
        for (QStandardItem *i : {name, where, conditions}) {
            i->setEditable(false);
            i->setData(QVariant::fromValue<qint64>(step.symbolId), SymbolRole);
            i->setData(QVariant::fromValue<qint64>(step.siteId), SiteRole);
        }
        // Kernels and external names call nothing the index knows; a repeat stops the walk.
        name->setData(repeats || (m_direction == Direction::Callees && (m_index->kernel(step.symbolId) || !m_index->symbol(step.symbolId).fileId)),
                      FetchedRole);
        name->setToolTip(QString::fromStdString(site.callee) + QStringLiteral("()"));
        conditions->setToolTip(conditions->text());
        parent->appendRow({name, where, conditions});
    }
}

} // namespace katlas
