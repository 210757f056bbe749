// The window from the keyboard, offscreen on the demo index: moving the
// current cell of the matrix or row of the path list with the arrow keys
// updates the panels exactly as a click does; Tab goes on to the next panel
// instead of being trapped in the matrix, and entering a view with Tab
// selects nothing.
#include "demo_fixture.h"
#include "window_fixture.h"

#include "graph_items.h"
#include "graph_view.h"
#include "kernel_matrix_model.h"
#include "op_tree_model.h"
#include "path_list_model.h"
#include "source_view.h"

#include <QPlainTextEdit>
#include <QTableView>
#include <QTreeView>

using namespace katlas;
using namespace katlas::test;

namespace {

// The path rows the list shows, as their path indexes.
QList<qint64> shownPaths(const QAbstractItemModel *model)
{
    QList<qint64> out;
    for (int r = 0; r < model->rowCount(); ++r)
        out << model->index(r, 0).data(PathListModel::PathRole).toLongLong();
    return out;
}

} // namespace

class TestGuiKeyboard : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        m_db = indexDemoForWindows(m_dir);
    }

    // Arrows in the matrix narrow the paths to the new cell, as clicking it would.
    void arrowsInTheMatrixNarrowThePaths()
    {
        MainWindow w;
        QString error;
        QVERIFY2(openActive(w, m_db, &error), qPrintable(error));
        w.selectOp(opId(w.opGraph(), "self.attn_mqa"));
        const int all = w.pathModel()->rowCount();
        QTableView *matrix = w.matrixView();
        QVERIFY(w.matrixModel()->rowCount() >= 3);
        // Entering the matrix gives it a current cell but selects nothing.
        matrix->setFocus(Qt::TabFocusReason);
        QVERIFY(matrix->hasFocus());
        QCOMPARE(w.pathModel()->rowCount(), all);
        QCOMPARE(w.history().size(), size_t(1));

        QTest::keyClick(matrix, Qt::Key_Down);
        QCOMPARE(matrix->currentIndex(), w.matrixModel()->index(1, 0));
        const std::vector<size_t> expected = w.matrixModel()->matrix().pathsIn(1, 0);
        QVERIFY(!expected.empty() && expected.size() < static_cast<size_t>(all));
        QList<qint64> want;
        for (size_t i : expected)
            want << static_cast<qint64>(i);
        QCOMPARE(shownPaths(w.pathModel()), want);

        QTest::keyClick(matrix, Qt::Key_Down);
        const QList<qint64> byKeys = shownPaths(w.pathModel());
        QVERIFY(byKeys != want);
        // A walk with the arrows is one step of the history.
        QCOMPARE(w.history().size(), size_t(2));

        // The same cell clicked shows the same rows.
        MainWindow clicked;
        QVERIFY2(openActive(clicked, m_db, &error), qPrintable(error));
        clicked.selectOp(opId(clicked.opGraph(), "self.attn_mqa"));
        const QModelIndex cell = clicked.matrixModel()->index(2, 0);
        QTest::mouseClick(clicked.matrixView()->viewport(), Qt::LeftButton, {}, clicked.matrixView()->visualRect(cell).center());
        QCOMPARE(shownPaths(clicked.pathModel()), byKeys);
    }

    // Arrows in the path list show each frame's source, as clicking it would.
    void arrowsInThePathListShowTheSource()
    {
        MainWindow w;
        QString error;
        QVERIFY2(openActive(w, m_db, &error), qPrintable(error));
        w.selectOp(opId(w.opGraph(), "self.q_b_proj"));
        QTreeView *paths = w.pathView();
        paths->setFocus(Qt::TabFocusReason);
        QCOMPARE(paths->currentIndex(), w.pathModel()->index(0, 0)); // the first path, not selected
        QCOMPARE(w.sourceView()->currentLine(), 0);
        QTest::keyClick(paths, Qt::Key_Down); // its first frame
        const QModelIndex first = paths->currentIndex();
        QCOMPARE(first.parent(), w.pathModel()->index(0, 0));
        const CallIndex &index = w.session()->index();
        QCOMPARE(w.sourceView()->currentLine(), index.site(first.data(PathListModel::SiteRole).toLongLong()).line);
        QTest::keyClick(paths, Qt::Key_Down);
        const QModelIndex second = paths->currentIndex();
        QVERIFY(second.data(PathListModel::SiteRole).isValid());
        const CallSite &site = index.site(second.data(PathListModel::SiteRole).toLongLong());
        QCOMPARE(w.sourceView()->currentLine(), site.line);
        QVERIFY(w.sourceView()->currentPath().endsWith(QString::fromStdString(index.file(site.fileId)->path)));
        QCOMPARE(w.history().size(), size_t(2)); // the op, then the walk
        // Another op: the source of the last one's frame goes.
        w.selectOp(opId(w.opGraph(), "self.attn_mqa"));
        QCOMPARE(w.sourceView()->currentLine(), 0);
        QVERIFY(w.sourceView()->text().isEmpty());
        // Back brings the frame's source again.
        w.goBack();
        QCOMPARE(w.sourceView()->currentLine(), site.line);
    }

    // Tab goes from panel to panel: ops, matrix, paths, source; Shift+Tab back.
    void tabGoesAroundThePanels()
    {
        MainWindow w;
        QString error;
        QVERIFY2(openActive(w, m_db, &error), qPrintable(error));
        w.selectOp(opId(w.opGraph(), "self.attn_mqa"));
        w.opTree()->setFocus(Qt::TabFocusReason);
        QTest::keyClick(w.opTree(), Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), w.matrixView());
        QTest::keyClick(w.matrixView(), Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), w.pathView());
        QTest::keyClick(w.pathView(), Qt::Key_Tab);
        QVERIFY(qobject_cast<QPlainTextEdit *>(QApplication::focusWidget()));
        QVERIFY(w.sourceView()->isAncestorOf(QApplication::focusWidget()));
        // Shift+Tab comes back, through the matrix, without selecting in it.
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab);
        QTest::keyClick(w.pathView(), Qt::Key_Backtab);
        QCOMPARE(QApplication::focusWidget(), w.matrixView());
        QCOMPARE(static_cast<size_t>(w.pathModel()->rowCount()), w.currentPaths().paths.size());
        // Arrows in the op tree select the op.
        w.opTree()->setFocus(Qt::TabFocusReason);
        const QModelIndex before = w.opTree()->currentIndex();
        QTest::keyClick(w.opTree(), Qt::Key_Down);
        const QModelIndex after = w.opTree()->currentIndex();
        QVERIFY(after != before);
        const QString id = after.data(OpTreeModel::IdRole).toString();
        QCOMPARE(w.graphView()->selectedNode(), id);
        QCOMPARE(w.history().current()->op, id);
    }

    // The graph from the keyboard: arrows select the nearest node that way as
    // a click does (the panels follow), Space unfolds the selected container.
    void theGraphIsOperableFromTheKeyboard()
    {
        MainWindow w;
        QString error;
        QVERIFY2(openActive(w, m_db, &error), qPrintable(error));
        QTRY_VERIFY(w.graphView()->nodeCount() > 0 && !w.layoutPending());
        w.graphView()->setFocus(Qt::TabFocusReason);
        QTest::keyClick(w.graphView(), Qt::Key_Down); // nothing selected: the top-left node
        const QString first = w.graphView()->selectedNode();
        QVERIFY(!first.isEmpty());
        QCOMPARE(w.history().current()->op, first);
        QTest::keyClick(w.graphView(), Qt::Key_Down);
        const QString below = w.graphView()->selectedNode();
        QVERIFY2(!below.isEmpty() && below != first, qPrintable(below));
        QVERIFY(w.graphView()->nodeItem(below)->sceneBoundingRect().center().y()
                > w.graphView()->nodeItem(first)->sceneBoundingRect().center().y());
        QTest::keyClick(w.graphView(), Qt::Key_Up);
        QCOMPARE(w.graphView()->selectedNode(), first);
        // Space on a folded container unfolds it, as a double-click does.
        w.foldToStructure();
        QTRY_VERIFY(!w.layoutPending());
        QString folded;
        for (const std::string &id : w.drawingOptions().collapsed)
            if (w.graphView()->nodeItem(QString::fromStdString(id)))
                folded = QString::fromStdString(id);
        QVERIFY(!folded.isEmpty());
        const int shown = w.graphView()->nodeCount();
        w.graphView()->selectNode(folded);
        QTest::keyClick(w.graphView(), Qt::Key_Space);
        QTRY_VERIFY(!w.layoutPending());
        QCoreApplication::processEvents();
        QVERIFY2(w.graphView()->nodeCount() > shown, qPrintable(QStringLiteral("%1 -> %2").arg(shown).arg(w.graphView()->nodeCount())));

    }

private:
    QTemporaryDir m_dir;
    QString m_db;
};

QTEST_MAIN(TestGuiKeyboard)
#include "tst_gui_keyboard.moc"
