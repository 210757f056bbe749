// The panels' sizes: the graph keeps a usable share of the window at any
// size, from 1024x700 up (see main_window.h).
#include "main_window.h"

#include "graph_view.h"

#include <QDockWidget>
#include <QResizeEvent>

namespace katlas {

namespace {
// Below this height the source and the callers are tabbed, so that the
// graph keeps its share and each of them keeps a readable width.
constexpr int kShortWindow = 800;
} // namespace

void MainWindow::resizeEvent(QResizeEvent *event)
{
    QMainWindow::resizeEvent(event);
    stackBottomDocks();
    balanceDocks();
}

void MainWindow::stackBottomDocks()
{
    auto *source = findChild<QDockWidget *>(QStringLiteral("sourceDock"));
    auto *calls = findChild<QDockWidget *>(QStringLiteral("callHierarchyDock"));
    if (!source || !calls || source->isFloating() || calls->isFloating()
        || dockWidgetArea(source) != dockWidgetArea(calls))
        return; // the user placed them: theirs to keep
    const bool shortWindow = height() < kShortWindow;
    if (shortWindow && !m_bottomTabbed && !tabifiedDockWidgets(source).contains(calls)) {
        tabifyDockWidget(source, calls);
        source->raise();
        m_bottomTabbed = true;
    } else if (!shortWindow && m_bottomTabbed) {
        // A tabbed dock only splits once it is out of the tabs.
        const Qt::DockWidgetArea area = dockWidgetArea(source);
        removeDockWidget(calls);
        addDockWidget(area, calls);
        splitDockWidget(source, calls, Qt::Horizontal);
        calls->show();
        resizeDocks({source, calls}, {1, 1}, Qt::Horizontal);
        m_bottomTabbed = false;
    }
}

void MainWindow::balanceDocks()
{
    // Sizes the user chose are kept while the graph has its share; below it
    // (a smaller window, a restored layout from a larger screen) the docks
    // give way, in proportion to the window.
    const QSize room = size();
    const bool narrow = m_graph->width() < room.width() * 0.4;
    const bool low = m_graph->height() < room.height() * 0.45;
    if (!narrow && !low)
        return;
    auto *ops = findChild<QDockWidget *>(QStringLiteral("opsDock"));
    auto *paths = findChild<QDockWidget *>(QStringLiteral("pathsDock"));
    auto *source = findChild<QDockWidget *>(QStringLiteral("sourceDock"));
    if (narrow && ops && paths)
        resizeDocks({ops, paths}, {int(room.width() * 0.2), int(room.width() * 0.3)}, Qt::Horizontal);
    if (low && source)
        resizeDocks({source}, {int(room.height() * 0.3)}, Qt::Vertical);
}

} // namespace katlas
