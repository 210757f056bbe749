// `kernel-atlas --bench-ui`: what a user waits for, measured in the real
// window: opening the index, the first paint of its graph, the Graphviz
// layout of the whole graph (every leaf op expanded into its kernels too),
// and selecting an op. Prints one "key value" line each, then quits.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QString>

namespace katlas {

class MainWindow;

class UiBench : public QObject {
    Q_OBJECT
public:
    // `sinceStart` runs from the start of main().
    UiBench(MainWindow *window, const QElapsedTimer &sinceStart, QString dbPath, QString selectOp);

    // Opens the index and reports once the graph is painted; exits the
    // event loop with 0, or 2 when the index cannot be opened.
    void run();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void waitForGraph();
    void afterFirstPaint();
    void line(const char *key, qint64 ms);

    MainWindow *m_window;
    QElapsedTimer m_sinceStart;
    QString m_dbPath;
    QString m_selectOp;
    bool m_graphShown = false;
};

} // namespace katlas
