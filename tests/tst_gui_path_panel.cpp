// The kernel paths panel tells its state, offscreen on the demo index: the
// notice above the list when paths are capped, the scroll position reset for
// a new op, a message instead of a blank panel for containers and kernels,
// and a status bar that follows each selection.
#include "demo_fixture.h"
#include "window_fixture.h"

#include "kernel_matrix_model.h"
#include "path_list_model.h"

#include <QLabel>
#include <QScrollBar>
#include <QStatusBar>
#include <QTableView>
#include <QTreeView>

using namespace katlas;
using namespace katlas::test;

class TestGuiPathPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        m_db = indexDemoForWindows(m_dir);
    }

    void aCapIsSaidAtTheTop()
    {
        MainWindow w;
        QString error;
        QVERIFY2(openActive(w, m_db, &error), qPrintable(error));
        const QString mqa = opId(w.opGraph(), "self.attn_mqa");
        w.selectOp(mqa);
        const size_t all = w.currentPaths().paths.size();
        QVERIFY(all > 5);
        QVERIFY(w.pathNotice()->isHidden()); // every path shown: nothing to say

        w.setPathLimits({24, 2, 3});
        w.selectOp(opId(w.opGraph(), "self.q_b_proj"));
        w.selectOp(mqa);
        // Two paths, and one more for each kernel those two do not reach.
        const size_t shown = w.currentPaths().paths.size();
        QVERIFY(shown >= 2 && shown < all);
        QCOMPARE(w.pathNotice()->text(), QStringLiteral("Showing %1 of more than 5 paths — narrow the configuration").arg(shown));
        QVERIFY(w.pathNotice()->isVisible());
        QVERIFY2(w.statusBar()->currentMessage().endsWith(w.pathNotice()->text()), qPrintable(w.statusBar()->currentMessage()));
        // Above the list, not in its last row only.
        QVERIFY(w.pathNotice()->mapTo(&w, QPoint(0, w.pathNotice()->height())).y() <= w.pathView()->mapTo(&w, QPoint(0, 0)).y());
        QVERIFY(w.pathNotice()->mapTo(&w, QPoint(0, 0)).y() >= w.matrixView()->mapTo(&w, QPoint(0, w.matrixView()->height())).y());

        w.setPathLimits({24, 2, 100000});
        w.selectOp(opId(w.opGraph(), "self.q_b_proj"));
        w.selectOp(mqa);
        QCOMPARE(w.pathNotice()->text(),
                 QStringLiteral("Showing %1 of %2 paths — narrow the configuration").arg(w.currentPaths().paths.size()).arg(all));
    }

    void aNewOpShowsItsPathsFromTheTop()
    {
        MainWindow w;
        QString error;
        QVERIFY2(openActive(w, m_db, &error), qPrintable(error));
        w.resize(900, 500);
        w.selectOp(opId(w.opGraph(), "self.attn_mqa"));
        w.pathView()->expandAll();
        QScrollBar *bar = w.pathView()->verticalScrollBar();
        QTRY_VERIFY(bar->maximum() > 0);
        bar->setValue(bar->maximum());
        QVERIFY(bar->value() > 0);
        w.selectOp(opId(w.opGraph(), "self.q_b_proj"));
        w.pathView()->expandAll();
        QCOMPARE(bar->value(), 0);
    }

    // A container or a kernel says what the panel shows and what to do instead.
    void emptyStatesExplainThemselves()
    {
        MainWindow w;
        QString error;
        QVERIFY2(openActive(w, m_db, &error), qPrintable(error));
        QVERIFY2(w.pathNotice()->text().contains(QStringLiteral("Select an op")), qPrintable(w.pathNotice()->text()));
        QVERIFY(w.matrixView()->isHidden());

        w.selectOp(opId(w.opGraph(), "self.self_attn"));
        QVERIFY2(w.pathNotice()->text().contains(QStringLiteral("self.self_attn is a container")), qPrintable(w.pathNotice()->text()));
        QVERIFY(w.pathNotice()->isVisible());
        QVERIFY(w.matrixView()->isHidden());
        QCOMPARE(w.pathModel()->rowCount(), 0);
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("self.self_attn")));

        w.selectOp(opId(w.opGraph(), "self.attn_mqa"));
        QVERIFY(w.matrixView()->isVisible());
        QVERIFY(w.pathNotice()->isHidden());

        const Kernel &k = w.session()->index().graph().kernels.front();
        w.selectKernel(k.symbolId);
        const QString name = QString::fromStdString(kernelName(w.session()->index(), k.symbolId));
        QVERIFY2(w.pathNotice()->text().contains(name), qPrintable(w.pathNotice()->text()));
        QVERIFY(w.pathNotice()->text().contains(QStringLiteral("Select an op")));
        QVERIFY(w.matrixView()->isHidden());
        QVERIFY(w.statusBar()->currentMessage().contains(name));
    }

    // Each selection replaces what the status bar said about the one before.
    void theStatusBarFollowsTheSelection()
    {
        MainWindow w;
        QString error;
        QVERIFY2(openActive(w, m_db, &error), qPrintable(error));
        // The norms do not run on ROCm: greyed, and their paths filtered out.
        w.chooseConfiguration(QStringLiteral("Demo ROCm decode"));
        const QString norm = opId(w.opGraph(), "self.input_layernorm");
        QVERIFY(!norm.isEmpty());
        w.selectOp(norm);
        QVERIFY2(w.statusBar()->currentMessage().startsWith(QStringLiteral("No path")), qPrintable(w.statusBar()->currentMessage()));
        QCOMPARE(w.pathNotice()->text(), w.statusBar()->currentMessage());
        w.selectOp(opId(w.opGraph(), "self.attn_mqa"));
        QVERIFY2(w.statusBar()->currentMessage().startsWith(QStringLiteral("Paths of self.attn_mqa: ")), qPrintable(w.statusBar()->currentMessage()));
        const Kernel &kernel = w.session()->index().graph().kernels.front();
        w.selectKernel(kernel.symbolId);
        QVERIFY(w.statusBar()->currentMessage().startsWith(QStringLiteral("Backtraces of")));
        // The kernel is named with its library, as everywhere else.
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("[%1]").arg(QString::fromStdString(kernel.source))),
                 qPrintable(w.statusBar()->currentMessage()));
        w.selectOp(opId(w.opGraph(), "self.attn_mqa"));
        QVERIFY(!w.statusBar()->currentMessage().contains(QStringLiteral("Backtraces")));
    }

private:
    QTemporaryDir m_dir;
    QString m_db;
};

QTEST_MAIN(TestGuiPathPanel)
#include "tst_gui_path_panel.moc"
