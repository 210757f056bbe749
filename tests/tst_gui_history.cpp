// Back / forward over the window's selections, offscreen on the demo index:
// going back restores the op, the matrix cell, the path row and the source;
// history steps record nothing; a new selection drops the steps ahead; the
// keys, the mouse's buttons and the menus.
#include "demo_fixture.h"

#include "app_settings.h"
#include "graph_view.h"
#include "kernel_matrix_model.h"
#include "main_window.h"
#include "op_tree_model.h"
#include "path_list_model.h"
#include "search_dialog.h"
#include "selection_history.h"
#include "source_view.h"
#include "window_fixture.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QTableView>
#include <QToolBar>
#include <QTreeView>

using namespace katlas;
using namespace katlas::test;

namespace {

void clickCell(QAbstractItemView *view, const QModelIndex &index, Qt::MouseButton button = Qt::LeftButton)
{
    view->scrollTo(index);
    QTest::mouseClick(view->viewport(), button, {}, view->visualRect(index).center());
}

// The first frame row of the path list (a child of a path row).
QModelIndex firstFrame(const QAbstractItemModel *model, int skip = 0)
{
    for (int r = 0; r < model->rowCount(); ++r)
        for (int c = 0; c < model->rowCount(model->index(r, 0)); ++c)
            if (skip-- == 0)
                return model->index(c, 0, model->index(r, 0));
    return {};
}

} // namespace

class TestGuiHistory : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        m_db = indexDemoForWindows(m_dir);
    }

    void theHistoryDropsTheStepsAheadAndIsBounded()
    {
        SelectionHistory h(3);
        QVERIFY(!h.canGoBack() && !h.canGoForward() && !h.current());
        const auto op = [](const char *id) { Selection s; s.op = QString::fromLatin1(id); return s; };
        h.visit(op("a"));
        h.visit(op("a")); // the same again: no step
        h.visit(op("b"));
        h.visit(op("c"));
        QCOMPARE(h.size(), size_t(3));
        QCOMPARE(h.back()->op, QStringLiteral("b"));
        QCOMPARE(h.back()->op, QStringLiteral("a"));
        QVERIFY(!h.back());
        QCOMPARE(h.forward()->op, QStringLiteral("b"));
        h.visit(op("d")); // drops "c"
        QVERIFY(!h.canGoForward());
        QCOMPARE(h.size(), size_t(3));
        QCOMPARE(h.back()->op, QStringLiteral("b"));
        h.forward();
        h.visit(op("e"), true); // replaces "d"
        QCOMPARE(h.current()->op, QStringLiteral("e"));
        QCOMPARE(h.back()->op, QStringLiteral("b"));
        h.forward();
        h.visit(op("f"));
        QCOMPARE(h.size(), size_t(3)); // "a" fell off the front
        QCOMPARE(h.back()->op, QStringLiteral("e"));
        QCOMPARE(h.back()->op, QStringLiteral("b"));
        QVERIFY(!h.canGoBack());
    }

    // Alt+Left / Alt+Right restore the op, the matrix, the tree and the graph;
    // they add no step.
    void backAndForwardRestoreTheOp()
    {
        MainWindow w;
        QString error;
        QVERIFY2(openActive(w, m_db, &error), qPrintable(error));
        const QString mqa = opId(w.opGraph(), "self.attn_mqa");
        const QString qb = opId(w.opGraph(), "self.q_b_proj");
        QVERIFY(!w.backAction()->isEnabled() && !w.forwardAction()->isEnabled());
        w.selectOp(mqa);
        const int mqaRows = w.matrixModel()->rowCount();
        const size_t mqaPaths = w.currentPaths().paths.size();
        w.selectOp(qb);
        QVERIFY(w.matrixModel()->rowCount() != mqaRows || w.currentPaths().paths.size() != mqaPaths);
        QCOMPARE(w.history().size(), size_t(2));
        QVERIFY(w.backAction()->isEnabled());

        QTest::keyClick(w.pathView(), Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(w.graphView()->selectedNode(), mqa);
        QCOMPARE(w.opTree()->currentIndex(), w.opTreeModel()->indexForId(mqa));
        QCOMPARE(w.matrixModel()->rowCount(), mqaRows);
        QCOMPARE(w.currentPaths().paths.size(), mqaPaths);
        QCOMPARE(w.history().size(), size_t(2));
        QCOMPARE(w.history().position(), size_t(0));
        QVERIFY(!w.backAction()->isEnabled() && w.forwardAction()->isEnabled());

        QTest::keyClick(w.opTree(), Qt::Key_Right, Qt::AltModifier);
        QCOMPARE(w.graphView()->selectedNode(), qb);
        QCOMPARE(w.opTree()->currentIndex(), w.opTreeModel()->indexForId(qb));
        QCOMPARE(w.history().position(), size_t(1));
        QVERIFY(!w.forwardAction()->isEnabled());
    }

    // A step is what the window showed: the matrix cell clicked, the frame
    // clicked and its source come back with the op.
    void backRestoresTheCellTheFrameAndTheSource()
    {
        MainWindow w;
        QString error;
        QVERIFY2(openActive(w, m_db, &error), qPrintable(error));
        w.selectOp(opId(w.opGraph(), "self.attn_mqa"));
        const QModelIndex cell = w.matrixModel()->index(w.matrixModel()->rowCount() - 1, 0);
        clickCell(w.matrixView(), cell);
        const int cellRows = w.pathModel()->rowCount();
        QVERIFY(cellRows > 0 && static_cast<size_t>(cellRows) < w.currentPaths().paths.size());
        const QPersistentModelIndex frame = firstFrame(w.pathModel(), 1);
        QVERIFY(frame.isValid());
        const QVariant frameSite = frame.data(PathListModel::SiteRole);
        const int frameRow = frame.row(), frameParentRow = frame.parent().row();
        clickCell(w.pathView(), frame);
        const int line = w.sourceView()->currentLine();
        const QString file = w.sourceView()->currentPath();
        QCOMPARE(line, w.session()->index().site(frameSite.toLongLong()).line);
        QCOMPARE(w.history().size(), size_t(3)); // op, cell, frame

        w.selectOp(opId(w.opGraph(), "self.q_b_proj"));
        w.showSite(w.currentPaths().paths.front().frames.front().siteId);
        QVERIFY(w.sourceView()->currentPath() != file || w.sourceView()->currentLine() != line);
        QCOMPARE(w.history().size(), size_t(5));

        w.goBack();
        w.goBack();
        QCOMPARE(w.history().position(), size_t(2));
        QCOMPARE(w.pathModel()->rowCount(), cellRows);
        QCOMPARE(w.matrixView()->currentIndex(), cell);
        const QModelIndex restored = w.pathView()->currentIndex();
        QCOMPARE(restored.row(), frameRow);
        QCOMPARE(restored.parent().row(), frameParentRow);
        QCOMPARE(restored.data(PathListModel::SiteRole), frameSite);
        QCOMPARE(w.sourceView()->currentLine(), line);
        QCOMPARE(w.sourceView()->currentPath(), file);
        w.goBack();
        QCOMPARE(w.pathModel()->rowCount(), cellRows);
        QVERIFY(!w.pathView()->currentIndex().isValid());
        w.goBack();
        QCOMPARE(static_cast<size_t>(w.pathModel()->rowCount()), w.currentPaths().paths.size());
        QCOMPARE(w.history().size(), size_t(5));
    }

    // A new selection after going back drops the steps ahead.
    void aNewSelectionDropsTheStepsAhead()
    {
        MainWindow w;
        QString error;
        QVERIFY2(openActive(w, m_db, &error), qPrintable(error));
        for (const char *name : {"self.attn_mqa", "self.q_b_proj", "self.o_proj"})
            w.selectOp(opId(w.opGraph(), name));
        w.goBack();
        w.goBack();
        QCOMPARE(w.graphView()->selectedNode(), opId(w.opGraph(), "self.attn_mqa"));
        QVERIFY(w.forwardAction()->isEnabled());
        // A kernel found with Ctrl+K is a selection too.
        w.searchDialog()->setQuery(QStringLiteral("cutlass_mla_decode"));
        QCOMPARE(w.searchDialog()->results().front().kind, SearchItem::Kind::Kernel);
        w.searchDialog()->acceptCurrent();
        QCOMPARE(w.history().size(), size_t(2));
        QVERIFY(!w.forwardAction()->isEnabled());
        QVERIFY(w.pathModel()->rowCount() > 0);
        QVERIFY(w.graphView()->selectedNode().isEmpty() || w.opTree()->selectionModel()->selectedIndexes().isEmpty());
        w.goBack();
        QCOMPARE(w.graphView()->selectedNode(), opId(w.opGraph(), "self.attn_mqa"));
        w.goForward();
        QVERIFY2(w.pathNotice()->text().contains(QStringLiteral("cutlass_mla_decode")), qPrintable(w.pathNotice()->text()));
    }

    void historyIsBounded()
    {
        MainWindow w;
        QString error;
        QVERIFY2(openActive(w, m_db, &error), qPrintable(error));
        const QString a = opId(w.opGraph(), "self.attn_mqa"), b = opId(w.opGraph(), "self.q_b_proj");
        for (int i = 0; i < 150; ++i)
            w.selectOp(i % 2 ? a : b);
        QCOMPARE(w.history().size(), size_t(100));
        int backs = 0;
        while (w.backAction()->isEnabled() && backs < 200) {
            w.goBack();
            ++backs;
        }
        QCOMPARE(backs, 99);
    }

    // A bookmark keeps what the window shows under a name, with the index:
    // another window on the same index has it; going to it is a step of the
    // history; the first nine have Ctrl+1 … Ctrl+9; removing it forgets it.
    void bookmarksKeepPlacesWithTheIndex()
    {
        AppSettings().setBookmarks(m_db, {});
        const QString mqa = [&] {
            MainWindow w;
            QString error;
            openActive(w, m_db, &error);
            return opId(w.opGraph(), "self.attn_mqa");
        }();
        {
            MainWindow w;
            QString error;
            QVERIFY2(openActive(w, m_db, &error), qPrintable(error));
            QVERIFY(w.bookmarks().items().isEmpty());
            w.selectOp(mqa);
            w.addBookmark(QStringLiteral("decode attention"));
            w.searchDialog()->setQuery(QStringLiteral("cutlass_mla_decode"));
            w.searchDialog()->acceptCurrent();
            w.addBookmark(QStringLiteral("the MLA kernel"));
            QCOMPARE(w.bookmarks().items().size(), qsizetype(2));
            QAction *first = nullptr;
            for (QAction *a : w.bookmarkMenu()->actions())
                if (a->text() == QStringLiteral("decode attention"))
                    first = a;
            QVERIFY(first);
            QCOMPARE(first->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_1));
        }
        MainWindow w;
        QString error;
        QVERIFY2(openActive(w, m_db, &error), qPrintable(error));
        QCOMPARE(w.bookmarks().items().size(), qsizetype(2));
        w.selectOp(opId(w.opGraph(), "self.q_b_proj"));
        QVERIFY(w.goToBookmark(QStringLiteral("decode attention")));
        QCOMPARE(w.graphView()->selectedNode(), mqa);
        QCOMPARE(w.history().size(), size_t(2));
        QVERIFY(w.goToBookmark(QStringLiteral("the MLA kernel")));
        QVERIFY2(w.pathNotice()->text().contains(QStringLiteral("cutlass_mla_decode")), qPrintable(w.pathNotice()->text()));
        w.goBack();
        QCOMPARE(w.graphView()->selectedNode(), mqa);
        QVERIFY(!w.goToBookmark(QStringLiteral("no such bookmark")));
        w.removeBookmark(QStringLiteral("decode attention"));
        QCOMPARE(w.bookmarks().items().size(), qsizetype(1));
        QCOMPARE(AppSettings().bookmarks(m_db).items().size(), qsizetype(1));
        AppSettings().setBookmarks(m_db, {});
    }

    // The mouse's back and forward buttons, over any view of the window.
    void mouseButtonsGoBackAndForward()
    {
        MainWindow w;
        QString mqa, qb;
        openOnTwoSelections(w, &mqa, &qb);
        if (QTest::currentTestFailed())
            return;
        const int pathRows = w.pathModel()->rowCount();
        QTest::mouseClick(w.pathView()->viewport(), Qt::BackButton, {}, w.pathView()->visualRect(w.pathModel()->index(0, 0)).center());
        QCOMPARE(w.graphView()->selectedNode(), mqa);
        QCOMPARE(w.history().size(), size_t(2)); // the press selected no row
        QTest::mouseClick(w.graphView()->viewport(), Qt::ForwardButton);
        QCOMPARE(w.graphView()->selectedNode(), qb);
        QCOMPARE(w.pathModel()->rowCount(), pathRows);
        QTest::mouseClick(w.sourceView(), Qt::BackButton);
        QCOMPARE(w.graphView()->selectedNode(), mqa);
        QTest::mouseClick(w.opTree()->viewport(), Qt::ForwardButton);
        QCOMPARE(w.graphView()->selectedNode(), qb);
    }

    // Backspace goes back from the graph; in a text field it edits the text.
    void backspaceGoesBack()
    {
        MainWindow w;
        QString mqa, qb;
        openOnTwoSelections(w, &mqa, &qb);
        if (QTest::currentTestFailed())
            return;
        w.graphView()->setFocus();
        QTRY_VERIFY(w.graphView()->hasFocus());
        QTest::keyClick(w.graphView(), Qt::Key_Backspace);
        QCOMPARE(w.graphView()->selectedNode(), mqa);
        auto *field = new QLineEdit(QStringLiteral("ab"), &w);
        field->show();
        field->setFocus();
        QTRY_VERIFY(field->hasFocus());
        QTest::keyClick(field, Qt::Key_Backspace);
        QCOMPARE(field->text(), QStringLiteral("a"));
        QCOMPARE(w.graphView()->selectedNode(), mqa);
    }

    // The menus show the shortcuts; the toolbar has the buttons with icons and tips.
    void menusShowTheShortcuts()
    {
        MainWindow w;
        QCOMPARE(w.backAction()->shortcut(), QKeySequence(Qt::ALT | Qt::Key_Left));
        QCOMPARE(w.forwardAction()->shortcut(), QKeySequence(Qt::ALT | Qt::Key_Right));
        QVERIFY(!w.backAction()->icon().isNull());
        QVERIFY2(w.backAction()->toolTip().contains(QKeySequence(Qt::ALT | Qt::Key_Left).toString(QKeySequence::NativeText)),
                 qPrintable(w.backAction()->toolTip()));
        auto *go = w.menuBar()->findChild<QMenu *>(QStringLiteral("goMenu"));
        QVERIFY(go);
        QVERIFY(go->actions().contains(w.backAction()) && go->actions().contains(w.forwardAction()));
        auto *bar = w.findChild<QToolBar *>(QStringLiteral("navigationBar"));
        QVERIFY(bar && bar->actions().contains(w.backAction()));
        auto *preferences = w.findChild<QAction *>(QStringLiteral("preferencesAction"));
        QVERIFY(preferences);
        QCOMPARE(preferences->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Comma));
        // Reset filters is in the View menu with its shortcut, not only on the bar.
        auto *view = w.menuBar()->findChild<QMenu *>(QStringLiteral("viewMenu"));
        QVERIFY(view);
        const QList<QAction *> viewActions = view->actions();
        QVERIFY(std::any_of(viewActions.begin(), viewActions.end(), [](QAction *a) {
            return a->objectName() == QLatin1String("resetFilters") && a->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_R);
        }));
    }

private:
    // The window, active, after two selections: self.attn_mqa, then self.q_b_proj.
    void openOnTwoSelections(MainWindow &w, QString *mqa, QString *qb)
    {
        QString error;
        QVERIFY2(openActive(w, m_db, &error), qPrintable(error));
        *mqa = opId(w.opGraph(), "self.attn_mqa");
        *qb = opId(w.opGraph(), "self.q_b_proj");
        w.selectOp(*mqa);
        w.selectOp(*qb);
    }

    QTemporaryDir m_dir;
    QString m_db;
};

QTEST_MAIN(TestGuiHistory)
#include "tst_gui_history.moc"
