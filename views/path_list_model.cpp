// The path list model (see path_list_model.h).
#include "path_list_model.h"

#include "graph/graph_queries.h"
#include "trace/config_matrix.h"

namespace katlas {
namespace {

QStandardItem *frameItem(const CallIndex &index, std::int64_t siteId, const QString &extra = {})
{
    const CallSite &s = index.site(siteId);
    const Symbol &caller = index.symbol(s.callerId);
    auto *item = new QStandardItem(QStringLiteral("%1()  —  %2  %3:%4%5")
                                       .arg(QString::fromStdString(s.callee), QString::fromStdString(caller.name),
                                            QString::fromStdString(filePath(index.graph(), s.fileId)))
                                       .arg(s.line)
                                       .arg(extra.isEmpty() ? QString() : QStringLiteral("  (%1)").arg(extra)));
    item->setEditable(false);
    item->setData(QVariant::fromValue<qint64>(siteId), PathListModel::SiteRole);
    return item;
}

void addCallers(const CallIndex &index, QStandardItem *parent, const std::vector<BacktraceNode> &nodes)
{
    for (const BacktraceNode &n : nodes) {
        QStandardItem *item = frameItem(index, n.siteId, QString::fromStdString(n.conditions));
        parent->appendRow(item);
        addCallers(index, item, n.callers);
    }
}

} // namespace

PathListModel::PathListModel(QObject *parent) : QStandardItemModel(parent)
{
    setHorizontalHeaderLabels({tr("Path")});
}

void PathListModel::setPaths(const CallIndex &index, const OpPaths &paths, const std::vector<size_t> &only)
{
    removeRows(0, rowCount());
    for (size_t i = 0; i < paths.paths.size(); ++i) {
        if (!only.empty() && std::find(only.begin(), only.end(), i) == only.end())
            continue;
        const KernelPath &p = paths.paths[i];
        const Kernel *k = index.kernel(p.kernelId);
        const std::string conds = p.conditions.toString();
        auto *row = new QStandardItem(QStringLiteral("%1  [%2]%3")
                                          .arg(QString::fromStdString(kernelName(index, p.kernelId)),
                                               QString::fromStdString(k ? k->source : std::string()),
                                               conds.empty() ? QString() : QStringLiteral("   ⟨%1⟩").arg(QString::fromStdString(conds))));
        row->setEditable(false);
        row->setData(QVariant::fromValue<qint64>(static_cast<qint64>(i)), PathRole);
        for (const PathFrame &f : p.frames)
            row->appendRow(frameItem(index, f.siteId));
        appendRow(row);
    }
    if (paths.notShownCapped)
        appendRow(new QStandardItem(tr("more than %1 further paths not shown").arg(paths.notShown)));
    else if (paths.notShown)
        appendRow(new QStandardItem(tr("%1 more paths not shown").arg(paths.notShown)));
}

void PathListModel::setBacktrace(const CallIndex &index, const Backtrace &trace)
{
    removeRows(0, rowCount());
    addCallers(index, invisibleRootItem(), trace.sites);
}

} // namespace katlas
