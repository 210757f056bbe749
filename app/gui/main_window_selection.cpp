// How a selection flows between the main window's panels: the op or kernel
// fills the matrix and the path list (or says why they are empty), a cell
// narrows the paths, a frame shows its source (see main_window.h).
#include "main_window.h"

#include "graph_view.h"
#include "kernel_matrix_model.h"
#include "key_navigated_view.h"
#include "op_tree_model.h"
#include "path_list_model.h"
#include "search_dialog.h"
#include "source_view.h"

#include "graph/allocation_condition.h"
#include "graph/graph_queries.h"
#include "trace/backtrace.h"
#include "trace/call_hierarchy.h"
#include "trace/config_matrix.h"

#include <QLabel>
#include <QLocale>
#include <QScopedValueRollback>
#include <QStatusBar>
#include <QTableView>
#include <QTreeView>

namespace katlas {

void MainWindow::selectOp(const QString &id)
{
    showOp(id);
    recordSelection();
}

void MainWindow::selectKernel(std::int64_t kernelId)
{
    showKernel(kernelId);
    recordSelection();
}

void MainWindow::clearSource()
{
    // A new op or kernel: the source of an earlier selection's frame goes.
    m_sourceFile = 0;
    m_sourceLine = 0;
    m_source->clearFile();
}

void MainWindow::showOp(const QString &id)
{
    if (id != m_selectedOp)
        clearSource();
    m_selectedOp = id;
    m_selectedKernel = 0;
    m_selectedFunction = 0;
    revealOp(id);
    m_graph->selectNode(id);
    const QModelIndex index = m_treeModel->indexForId(id);
    const QScopedValueRollback<bool> applying(m_applying, true);
    if (index.isValid() && m_tree->currentIndex() != index) {
        m_tree->setCurrentIndex(index);
        m_tree->scrollTo(index);
    } else if (!index.isValid()) {
        m_tree->clearSelection();
    }
    refreshSelection();
}

void MainWindow::showKernel(std::int64_t kernelId)
{
    if (kernelId != m_selectedKernel)
        clearSource();
    m_selectedOp.clear();
    m_selectedKernel = kernelId;
    m_selectedFunction = 0;
    const QScopedValueRollback<bool> applying(m_applying, true);
    m_tree->clearSelection();
    refreshSelection();
}

// Fills the matrix and the path list for the selected op or kernel, and says
// in the panel and the status bar what there is to see, or why there is nothing.
void MainWindow::refreshSelection()
{
    m_paths = {};
    m_cellRow = m_cellColumn = -1;
    statusBar()->clearMessage();
    refreshShapes();
    const OpNode *node = nullptr;
    forEachOp(m_opGraph.roots, [&](const OpNode &n, int) {
        if (QString::fromStdString(n.id) == m_selectedOp)
            node = &n;
    });
    const auto showNothing = [this](const QString &why) {
        m_matrixModel->setMatrix({});
        m_matrix->hide();
        m_pathModel->removeRows(0, m_pathModel->rowCount());
        setPathNotice(why);
    };
    if (!m_session) {
        showNothing(tr("Open an index (File → Open Index…) or build one (File → New Index…)."));
        return;
    }
    if (m_selectedKernel) {
        const CallIndex &index = m_session->index();
        const QString name = QString::fromStdString(kernelNameWithLibrary(index, m_selectedKernel)); // "rmsnorm  [sgl-kernel]"
        const Backtrace bt = buildBacktrace(index, m_selectedKernel, reachableFrom(index, {m_opGraph.entry}), {m_opGraph.entry}, m_effective);
        showNothing(bt.sites.empty() ? tr("No call from the model reaches the kernel %1 under the filter.").arg(name)
                                     : tr("Backtraces of the kernel %1: each row is a call that reaches it; expand a row to follow "
                                          "its callers up to the model. Select an op to see its kernels per backend × quantization.")
                                           .arg(name));
        m_pathModel->setBacktrace(index, bt);
        m_pathView->expandToDepth(1);
        m_pathView->scrollToTop();
        statusBar()->showMessage(tr("Backtraces of %1").arg(name));
        return;
    }
    if (m_selectedOp.isEmpty()) {
        showNothing(tr("Select an op in the graph or the Ops tree (or find one with Ctrl+K) to see the kernels it reaches "
                       "per backend × quantization and every path down to them."));
        return;
    }
    if (!node) {
        showNothing(tr("The selected op is not in the graph under the filter; widen the filter or select another op."));
        statusBar()->showMessage(m_pathNotice->text());
        return;
    }
    const QString name = QString::fromStdString(node->name);
    if (node->kind != OpNode::Kind::Leaf) {
        showNothing(tr("%1 is a container: it runs other ops and reaches kernels only through them. Select one of the ops "
                       "inside it (expand it in the Ops tree) to see their kernels.").arg(name));
        statusBar()->showMessage(tr("%1: a container op").arg(name));
        return;
    }
    const SiteContexts contexts = contextsOf({node});
    m_paths = findPaths(m_session->index(), node->callSites, m_effective, m_pathLimits, &contexts);
    m_matrixModel->setMatrix(buildConfigMatrix(m_session->index(), m_paths, m_session->profile(), m_effective));
    m_matrix->setVisible(m_matrixModel->rowCount() > 0);
    m_pathModel->setPaths(m_session->index(), m_paths);
    m_pathView->expandToDepth(0);
    m_pathView->scrollToTop();
    if (m_paths.paths.empty()) {
        setPathNotice(m_paths.reason != OpPaths::Empty::FilteredOut ? tr("No path: this op reaches no kernel")
                      : isAllocationDimension(m_paths.filteredDimension)
                      ? tr("No path: under the filter, none runs with what this op's object was built with")
                      : tr("No path: the filter excludes every path of this op"));
        statusBar()->showMessage(m_pathNotice->text());
        return;
    }
    const QString cap = PathListModel::capNotice(m_paths);
    setPathNotice(cap);
    // The status bar says it too: the list holds only part of the paths.
    QString message = tr("Paths of %1: %2").arg(name, QLocale().toString(static_cast<qulonglong>(m_paths.paths.size())));
    if (!cap.isEmpty())
        message += QStringLiteral(" \u2014 ") + cap;
    statusBar()->showMessage(message);
}

void MainWindow::setPathNotice(const QString &text)
{
    m_pathNotice->setText(text);
    m_pathNotice->setVisible(!text.isEmpty());
}

void MainWindow::showMatrixCell(const QModelIndex &cell)
{
    if (m_applying || !cell.isValid() || (cell.row() == m_cellRow && cell.column() == m_cellColumn))
        return;
    m_cellRow = cell.row();
    m_cellColumn = cell.column();
    {
        const QScopedValueRollback<bool> applying(m_applying, true);
        m_pathModel->setPaths(m_session->index(), m_paths,
                              m_matrixModel->matrix().pathsIn(static_cast<size_t>(m_cellRow), static_cast<size_t>(m_cellColumn)));
        m_pathView->expandAll();
        m_pathView->scrollToTop();
    }
    recordSelection(KeyboardMoves::of(m_matrix) ? m_matrix : nullptr);
}

void MainWindow::showPathRow(const QModelIndex &row)
{
    if (m_applying || !row.isValid())
        return;
    const QVariant site = row.data(PathListModel::SiteRole);
    if (site.isValid()) {
        const CallSite &s = m_session->index().site(site.toLongLong());
        showSource(s.fileId, s.line);
        m_selectedFunction = namedSymbol(m_session->index(), s.callerId);
    }
    recordSelection(KeyboardMoves::of(m_pathView) ? m_pathView : nullptr);
}

QString MainWindow::absolutePath(std::int64_t fileId) const
{
    const CallIndex &index = m_session->index();
    const SourceFile *f = index.file(fileId);
    if (!f)
        return {};
    const Repo &r = index.graph().repos[static_cast<size_t>(f->repoId - 1)];
    return QString::fromStdString(r.path + "/" + f->path);
}

void MainWindow::showSite(std::int64_t siteId)
{
    const CallSite &s = m_session->index().site(siteId);
    showSource(s.fileId, s.line);
    m_selectedFunction = namedSymbol(m_session->index(), s.callerId);
    recordSelection();
}

void MainWindow::showSource(std::int64_t fileId, int line)
{
    m_sourceFile = fileId;
    m_sourceLine = line;
    m_source->showFile(absolutePath(fileId), QString::fromStdString(filePath(m_session->index().graph(), fileId)), line);
}

void MainWindow::showSearch()
{
    m_search->setQuery({});
    m_search->show();
    m_search->raise();
    m_search->activateWindow();
}

void MainWindow::jumpTo(const SearchItem &item)
{
    switch (item.kind) {
    case SearchItem::Kind::Op:
        selectOp(item.target);
        break;
    case SearchItem::Kind::Kernel:
        selectKernel(item.target.toLongLong());
        break;
    case SearchItem::Kind::Function: {
        selectFunction(item.target.toLongLong());
        break;
    }
    case SearchItem::Kind::File:
        showSource(item.target.toLongLong(), 1);
        m_selectedFunction = 0;
        recordSelection();
        break;
    }
}

} // namespace katlas
