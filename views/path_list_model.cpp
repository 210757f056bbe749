// The path list model (see path_list_model.h).
#include "path_list_model.h"

#include "graph/graph_queries.h"
#include "condition_chip_delegate.h"
#include "trace/condition_chips.h"
#include "trace/config_matrix.h"

#include <QLocale>

namespace katlas {
namespace {

// Puts a row's head text and its conditions as chips (see ConditionChipDelegate);
// the display text keeps both for tests, copying and accessibility.
void setChips(QStandardItem *item, const QString &head, const PathConditions &conditions)
{
    QStringList texts, dims;
    for (const ConditionChip &c : conditionChips(conditions)) {
        texts << QString::fromStdString(c.text);
        // Runtime-only guards get a chip style of their own (see ConditionChipDelegate).
        dims << (c.runtime ? QString::fromLatin1(ConditionChipDelegate::kRuntime) : QString::fromStdString(c.dimension));
    }
    item->setData(head, PathListModel::HeadRole);
    item->setData(texts, PathListModel::ChipsRole);
    item->setData(dims, PathListModel::ChipDimensionsRole);
    if (!texts.isEmpty())
        item->setToolTip(texts.join(QLatin1Char('\n')));
}

QString frameText(const CallIndex &index, std::int64_t siteId)
{
    const CallSite &s = index.site(siteId);
    const Symbol &caller = index.symbol(s.callerId);
    return QStringLiteral("%1()  —  %2  %3:%4")
        .arg(QString::fromStdString(s.callee), QString::fromStdString(caller.name), QString::fromStdString(filePath(index.graph(), s.fileId)))
        .arg(s.line);
}

QStandardItem *frameItem(const CallIndex &index, std::int64_t siteId, const QString &extra = {})
{
    auto *item = new QStandardItem(frameText(index, siteId) + (extra.isEmpty() ? QString() : QStringLiteral("  (%1)").arg(extra)));
    item->setEditable(false);
    item->setData(QVariant::fromValue<qint64>(siteId), PathListModel::SiteRole);
    return item;
}

void addCallers(const CallIndex &index, QStandardItem *parent, const std::vector<BacktraceNode> &nodes)
{
    for (const BacktraceNode &n : nodes) {
        QStandardItem *item = frameItem(index, n.siteId, QString::fromStdString(n.conditions));
        setChips(item, frameText(index, n.siteId), n.edgeConditions);
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
        const QString kernel = QString::fromStdString(kernelNameWithLibrary(index, p.kernelId));
        const std::string conds = p.conditions.toString();
        auto *row = new QStandardItem(kernel + (conds.empty() ? QString() : QStringLiteral("   ⟨%1⟩").arg(QString::fromStdString(conds))));
        row->setEditable(false);
        row->setData(QVariant::fromValue<qint64>(static_cast<qint64>(i)), PathRole);
        setChips(row, kernel, p.conditions);
        for (const PathFrame &f : p.frames)
            row->appendRow(frameItem(index, f.siteId));
        appendRow(row);
    }
    if (paths.notShownCapped)
        appendRow(new QStandardItem(tr("more than %1 further paths not shown").arg(paths.notShown)));
    else if (paths.notShown)
        appendRow(new QStandardItem(tr("%1 more paths not shown").arg(paths.notShown)));
}

QString PathListModel::capNotice(const OpPaths &paths)
{
    if (!paths.notShown)
        return {};
    const QLocale locale;
    const QString shown = locale.toString(static_cast<qulonglong>(paths.paths.size()));
    const QString total = locale.toString(static_cast<qulonglong>(paths.paths.size() + paths.notShown));
    return paths.notShownCapped ? tr("Showing %1 of more than %2 paths — narrow the configuration").arg(shown, total)
                                : tr("Showing %1 of %2 paths — narrow the configuration").arg(shown, total);
}

void PathListModel::setBacktrace(const CallIndex &index, const Backtrace &trace)
{
    removeRows(0, rowCount());
    addCallers(index, invisibleRootItem(), trace.sites);
}

} // namespace katlas
