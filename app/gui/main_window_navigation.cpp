// Getting around the code as an IDE does: go to the definition of a call in
// the source view (F12, Ctrl+click), a chooser when it goes several ways, and
// the Callers / Callees panel of the selected function or kernel
// (see main_window.h and core/trace/call_hierarchy.h).
#include "main_window.h"

#include "call_hierarchy_panel.h"
#include "definition_chooser.h"
#include "source_view.h"

#include "graph/graph_queries.h"
#include "trace/call_hierarchy.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QTreeView>

#include <set>

namespace katlas {

void MainWindow::createNavigationActions(QMenu *go)
{
    m_definitionAction = go->addAction(tr("Go to &Definition"), QKeySequence(Qt::Key_F12), m_source, &SourceView::requestDefinition);
    m_definitionAction->setObjectName(QStringLiteral("goToDefinitionAction"));
    m_definitionAction->setToolTip(tr("Go to where the call at the caret in the source goes (F12, or Ctrl+click on the call)"));
    connect(m_source, &SourceView::definitionRequested, this, &MainWindow::goToDefinition);
    connect(m_chooser, &DefinitionChooser::chosen, this, &MainWindow::selectFunction);
    connect(m_callHierarchy, &CallHierarchyPanel::functionActivated, this, &MainWindow::selectFunction);
}

void MainWindow::addCallHierarchyDock(QDockWidget *dock)
{
    m_callHierarchyAction = dock->toggleViewAction();
    m_callHierarchyAction->setText(tr("&Callers / Callees"));
    m_callHierarchyAction->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_H));
    m_callHierarchyAction->setObjectName(QStringLiteral("callHierarchyAction"));
    if (auto *view = menuBar()->findChild<QMenu *>(QStringLiteral("viewMenu"))) {
        view->addSeparator();
        view->addAction(m_callHierarchyAction);
    }
}

void MainWindow::selectFunction(std::int64_t symbolId)
{
    if (!m_session || symbolId <= 0 || static_cast<size_t>(symbolId) > m_session->index().graph().symbols.size())
        return;
    const Symbol &s = m_session->index().symbol(symbolId);
    const QString name = QString::fromStdString(s.qualName);
    m_selectedFunction = symbolId;
    if (s.fileId) {
        showSource(s.fileId, s.line);
        statusBar()->showMessage(tr("%1, defined at %2:%3").arg(name, QString::fromStdString(filePath(m_session->index().graph(), s.fileId))).arg(s.line));
    } else {
        statusBar()->showMessage(tr("%1 is outside the indexed code: it has no source to show").arg(name));
    }
    recordSelection();
}

void MainWindow::goToDefinition(int line, const QString &expression)
{
    if (!m_session || !m_sourceFile)
        return;
    const CallIndex &index = m_session->index();
    const std::vector<std::int64_t> sites =
        expression.isEmpty() ? std::vector<std::int64_t>{} : callSitesAt(index, m_sourceFile, line, expression.toStdString());
    if (sites.empty()) {
        statusBar()->showMessage(expression.isEmpty() ? tr("Put the caret on a call to go to its definition")
                                                      : tr("The index has no call of %1 on line %2").arg(expression).arg(line));
        return;
    }
    const QString call = QString::fromStdString(index.site(sites.front()).callee) + QStringLiteral("()");
    const std::vector<CallStep> targets = callTargets(index, sites);
    std::set<std::int64_t> symbols;
    for (const CallStep &t : targets)
        symbols.insert(t.symbolId);
    if (symbols.empty()) {
        statusBar()->showMessage(tr("%1 is unresolved: the index does not know where it goes").arg(call));
        return;
    }
    if (symbols.size() == 1) {
        selectFunction(*symbols.begin());
        return;
    }
    std::vector<DefinitionChoice> choices;
    for (const CallStep &t : targets) {
        const Symbol &s = index.symbol(t.symbolId);
        const QStringList parts = QString::fromStdString(s.qualName).split(QLatin1Char('.'));
        choices.push_back({parts.mid(s.kind == SymbolKind::Method ? std::max<qsizetype>(0, parts.size() - 2) : parts.size() - 1).join(QLatin1Char('.')),
                           QString::fromStdString(s.qualName),
                           s.fileId ? QStringLiteral("%1:%2").arg(QString::fromStdString(filePath(index.graph(), s.fileId))).arg(s.line) : tr("outside the index"),
                           QString::fromStdString(t.conditions.toString()), t.symbolId});
    }
    QPlainTextEdit *editor = m_source->editor();
    m_chooser->popup(call, choices, editor->viewport()->mapToGlobal(editor->cursorRect().bottomLeft()));
    statusBar()->showMessage(tr("%1 goes %n way(s): choose one", nullptr, static_cast<int>(choices.size())).arg(call));
}

void MainWindow::updateCallHierarchy()
{
    const std::int64_t symbol = m_selectedFunction ? m_selectedFunction : m_selectedKernel;
    if (!m_session)
        m_callHierarchy->showMessage(tr("Open an index to see who calls what."));
    else if (symbol)
        m_callHierarchy->showFunction(&m_session->index(), symbol);
    else if (!m_selectedOp.isEmpty())
        m_callHierarchy->showMessage(tr("An op is selected: select a kernel, a frame of its paths or a function (Ctrl+K, "
                                        "or F12 on a call in the source) to see its callers and callees."));
    else
        m_callHierarchy->showMessage(tr("Select a kernel, a frame of a path or a function (Ctrl+K, or F12 on a call in "
                                        "the source) to see its callers and callees."));
}

} // namespace katlas
