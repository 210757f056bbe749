// The UI benchmark (see ui_bench.h).
#include "ui_bench.h"

#include "graph_view.h"
#include "main_window.h"

#include "export/op_graph_drawing.h"
#include "layout/graph_layout.h"

#include <QCoreApplication>
#include <QEvent>
#include <QTextStream>
#include <QTimer>

#include <cstdio>

namespace katlas {

UiBench::UiBench(MainWindow *window, const QElapsedTimer &sinceStart, QString dbPath, QString selectOp)
    : QObject(window), m_window(window), m_sinceStart(sinceStart), m_dbPath(std::move(dbPath)), m_selectOp(std::move(selectOp))
{
}

void UiBench::line(const char *key, qint64 ms)
{
    std::printf("%-28s %lld\n", key, static_cast<long long>(ms));
    std::fflush(stdout);
}

void UiBench::run()
{
    std::printf("# kernel-atlas --bench-ui %s (milliseconds)\n", qPrintable(m_dbPath));
    line("window_shown_ms", m_sinceStart.elapsed());
    QElapsedTimer t;
    t.start();
    QString error;
    if (!m_window->openDatabase(m_dbPath, &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        QCoreApplication::exit(2);
        return;
    }
    line("open_index_ms", t.elapsed());
    m_window->graphView()->viewport()->installEventFilter(this);
    waitForGraph();
}

void UiBench::waitForGraph()
{
    if (m_window->layoutPending() || m_window->graphView()->nodeCount() == 0) {
        QTimer::singleShot(5, this, &UiBench::waitForGraph);
        return;
    }
    m_graphShown = true;
    m_window->graphView()->viewport()->update();
}

bool UiBench::eventFilter(QObject *watched, QEvent *event)
{
    if (m_graphShown && event->type() == QEvent::Paint) {
        m_graphShown = false;
        watched->removeEventFilter(this);
        // Report after the paint has been delivered.
        QTimer::singleShot(0, this, &UiBench::afterFirstPaint);
    }
    return QObject::eventFilter(watched, event);
}

void UiBench::afterFirstPaint()
{
    line("first_paint_ms", m_sinceStart.elapsed());
    const TraceSession *session = m_window->session();
    QElapsedTimer t;
    t.start();
    const LayoutGraph shown = opGraphLayoutInput(session->index(), m_window->opGraph());
    const GraphLayout shownLayout = layoutGraph(shown);
    line("layout_graph_ms", t.restart());
    line("layout_graph_nodes", static_cast<qint64>(shownLayout.nodes.size()));
    DrawingOptions everything;
    forEachOp(m_window->opGraph().roots, [&](const OpNode &n, int) {
        if (n.kind == OpNode::Kind::Leaf)
            everything.expandedLeaves.insert(n.id);
    });
    t.restart();
    const LayoutGraph expanded = opGraphLayoutInput(session->index(), m_window->opGraph(), everything);
    line("expanded_graph_input_ms", t.restart());
    const GraphLayout full = layoutGraph(expanded);
    line("layout_expanded_ms", t.restart());
    line("layout_expanded_nodes", static_cast<qint64>(full.nodes.size()));
    if (!m_selectOp.isEmpty()) {
        const QString id = QString::fromStdString(findOpId(m_window->opGraph(), m_selectOp.toStdString(), m_window->idleOps()));
        if (id.isEmpty()) {
            std::fprintf(stderr, "no op named %s\n", qPrintable(m_selectOp));
        } else {
            t.restart();
            m_window->selectOp(id);
            QCoreApplication::processEvents();
            line("select_op_ms", t.elapsed());
            line("select_op_paths", static_cast<qint64>(m_window->currentPaths().paths.size()));
        }
    }
    QCoreApplication::exit(0);
}

} // namespace katlas
