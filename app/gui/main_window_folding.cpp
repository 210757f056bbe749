// Folding the execution graph for reading (View menu): the model's
// structure, every op, or the selected op in focus; and the overview map
// (see main_window.h and core/export/op_graph_folding.h).
#include "main_window.h"

#include "graph_view.h"

#include "export/op_graph_folding.h"

#include <QAction>
#include <QMenu>
#include <QSettings>
#include <QStatusBar>

namespace katlas {

void MainWindow::createFoldingActions(QMenu *view)
{
    QAction *structure = view->addAction(tr("Fold to &Structure"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_0), this,
                                         &MainWindow::foldToStructure);
    structure->setObjectName(QStringLiteral("foldToStructureAction"));
    structure->setToolTip(tr("Show the model's top levels, folding the containers below them"));
    QAction *all = view->addAction(tr("&Unfold All"), this, &MainWindow::unfoldAll);
    all->setObjectName(QStringLiteral("unfoldAllAction"));
    QAction *focus = view->addAction(tr("Fo&cus on Selection"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F), this,
                                     &MainWindow::focusOnSelection);
    focus->setObjectName(QStringLiteral("focusAction"));
    focus->setToolTip(tr("Show the selected op with the containers above it and its kernels; fold the rest"));
    QAction *map = view->addAction(tr("Overview &Map"));
    map->setObjectName(QStringLiteral("overviewMapAction"));
    map->setCheckable(true);
    map->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    map->setChecked(QSettings().value(QStringLiteral("graph/overviewMap"), true).toBool());
    m_graph->setMinimapEnabled(map->isChecked());
    connect(map, &QAction::toggled, this, [this](bool on) {
        QSettings().setValue(QStringLiteral("graph/overviewMap"), on);
        m_graph->setMinimapEnabled(on);
    });
}

void MainWindow::foldToStructure()
{
    if (!m_session)
        return;
    m_drawing.collapsed = foldedToFit(m_opGraph, FoldBudget{}, m_idle);
    m_drawing.expandedLeaves.clear();
    m_fitPending = true;
    relayout();
}

void MainWindow::unfoldAll()
{
    if (!m_session)
        return;
    m_drawing.collapsed.clear();
    m_fitPending = true;
    relayout();
}

void MainWindow::revealOp(const QString &id)
{
    bool unfolded = false;
    for (const std::string &above : containersAbove(id.toStdString()))
        unfolded |= m_drawing.collapsed.erase(above) > 0;
    if (unfolded)
        relayout();
}

void MainWindow::focusOnSelection()
{
    if (!m_session)
        return;
    if (m_selectedOp.isEmpty()) {
        statusBar()->showMessage(tr("Select an op to focus on."), 4000);
        return;
    }
    const std::string id = m_selectedOp.toStdString();
    m_drawing.collapsed = foldedAround(m_opGraph, id);
    m_drawing.expandedLeaves = {id};
    m_fitPending = true;
    relayout();
}

} // namespace katlas
