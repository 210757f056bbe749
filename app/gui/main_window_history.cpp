// The main window's history: each selection is a step; Back and Forward
// (Alt+Left / Alt+Right, the mouse's back and forward buttons, the toolbar)
// restore what the window showed (see main_window.h and selection_history.h).
#include "main_window.h"

#include "kernel_matrix_model.h"
#include "path_list_model.h"
#include "shortcut_keys.h"

#include <QAction>
#include <QMenu>
#include <QMouseEvent>
#include <QScopedValueRollback>
#include <QStyle>
#include <QTableView>
#include <QToolBar>
#include <QTreeView>

namespace katlas {
void MainWindow::createHistoryActions(QMenu *menu)
{
    const auto action = [this, menu](const QString &text, const QString &themeIcon, QStyle::StandardPixmap fallback,
                                     const QList<QKeySequence> &keys, const QString &tip, void (MainWindow::*go)()) {
        QAction *a = menu->addAction(QIcon::fromTheme(themeIcon, style()->standardIcon(fallback)), text, this, go);
        a->setShortcuts(keys);
        a->setToolTip(tip.arg(keys.front().toString(QKeySequence::NativeText)));
        a->setEnabled(false);
        return a;
    };
    // Backspace too, as in a file manager, where the platform does not bind
    // it already; a text field with the focus keeps it.
    QList<QKeySequence> backKeys = shortcutKeys(QKeySequence(Qt::ALT | Qt::Key_Left), QKeySequence::Back);
    if (!backKeys.contains(QKeySequence(Qt::Key_Backspace)))
        backKeys << QKeySequence(Qt::Key_Backspace);
    m_backAction = action(tr("&Back"), QStringLiteral("go-previous"), QStyle::SP_ArrowBack, backKeys,
                          tr("Back to the previous selection (%1)"), &MainWindow::goBack);
    m_backAction->setObjectName(QStringLiteral("backAction"));
    m_forwardAction = action(tr("&Forward"), QStringLiteral("go-next"), QStyle::SP_ArrowForward,
                             shortcutKeys(QKeySequence(Qt::ALT | Qt::Key_Right), QKeySequence::Forward),
                             tr("Forward to the next selection (%1)"), &MainWindow::goForward);
    m_forwardAction->setObjectName(QStringLiteral("forwardAction"));
    auto *bar = new QToolBar(tr("Navigation"), this);
    bar->setObjectName(QStringLiteral("navigationBar"));
    bar->addAction(m_backAction);
    bar->addAction(m_forwardAction);
    addToolBar(Qt::TopToolBarArea, bar);
}

void MainWindow::goBack()
{
    if (const Selection *s = m_history.back())
        restoreSelection(*s);
}

void MainWindow::goForward()
{
    if (const Selection *s = m_history.forward())
        restoreSelection(*s);
}

Selection MainWindow::currentSelection() const
{
    Selection s;
    s.op = m_selectedOp;
    s.kernel = m_selectedKernel;
    s.cellRow = m_cellRow;
    s.cellColumn = m_cellColumn;
    for (QModelIndex i = m_pathView->currentIndex(); i.isValid(); i = i.parent())
        s.pathRow.prepend(i.row());
    s.sourceFile = m_sourceFile;
    s.sourceLine = m_sourceLine;
    s.function = m_selectedFunction;
    return s;
}

void MainWindow::recordSelection(const QAbstractItemView *keyboard)
{
    updateCallHierarchy();
    if (!m_session || m_restoring)
        return;
    // Moving on with the arrow keys in the view of the last step replaces that step.
    const bool replace = keyboard && keyboard == m_lastKeyboardView;
    m_lastKeyboardView = keyboard;
    m_history.visit(currentSelection(), replace);
    updateHistoryActions();
}

void MainWindow::restoreSelection(const Selection &s)
{
    const QScopedValueRollback<bool> restoring(m_restoring, true);
    m_lastKeyboardView = nullptr;
    if (!s.op.isEmpty())
        showOp(s.op);
    else if (s.kernel)
        showKernel(s.kernel);
    if (s.cellRow >= 0 && s.cellRow < m_matrixModel->rowCount() && s.cellColumn < m_matrixModel->columnCount()) {
        const QModelIndex cell = m_matrixModel->index(s.cellRow, s.cellColumn);
        showMatrixCell(cell);
        const QScopedValueRollback<bool> applying(m_applying, true);
        m_matrix->setCurrentIndex(cell);
    }
    QModelIndex row;
    for (int r : s.pathRow)
        row = m_pathModel->index(r, 0, row);
    if (row.isValid()) {
        const QScopedValueRollback<bool> applying(m_applying, true);
        m_pathView->setCurrentIndex(row);
        m_pathView->scrollTo(row);
    }
    if (s.sourceFile)
        showSource(s.sourceFile, s.sourceLine);
    m_selectedFunction = s.function;
    updateCallHierarchy();
    // The restored step stays the current one: showing it recorded nothing new.
    updateHistoryActions();
}

void MainWindow::adoptHistory(const SelectionHistory &history)
{
    m_history = history;
    updateHistoryActions();
}

void MainWindow::updateHistoryActions()
{
    m_backAction->setEnabled(m_history.canGoBack());
    m_forwardAction->setEnabled(m_history.canGoForward());
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::MouseButtonPress && watched->isWidgetType()) {
        const Qt::MouseButton button = static_cast<QMouseEvent *>(event)->button();
        bool inside = false;
        for (const QWidget *w = static_cast<QWidget *>(watched); w && !inside; w = w->parentWidget())
            inside = w == this;
        if (inside && (button == Qt::BackButton || button == Qt::ForwardButton)) {
            button == Qt::BackButton ? goBack() : goForward();
            return true;
        }
    }
    return QMainWindow::eventFilter(watched, event);
}

} // namespace katlas
