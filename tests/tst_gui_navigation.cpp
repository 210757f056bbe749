// Getting around the code, offscreen on the demo index: F12 and Ctrl+click
// on a call go to its definition as a selection Alt+Left comes back from; a
// call that goes several ways opens a chooser; the Callers / Callees panel
// follows the selection and grows level by level.
#include "demo_fixture.h"
#include "window_fixture.h"

#include "call_hierarchy_panel.h"
#include "definition_chooser.h"
#include "source_view.h"

#include <QAction>
#include <QDockWidget>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QStatusBar>
#include <QTextBlock>
#include <QToolButton>
#include <QTreeView>

using namespace katlas;
using namespace katlas::test;

namespace {

const char *const kForward = "tinyserve.srt.layers.layernorm.RMSNorm.forward";
const char *const kForwardCuda = "tinyserve.srt.layers.layernorm.RMSNorm.forward_cuda";
const char *const kLinearForward = "tinyserve.srt.layers.linear.LinearBase.forward";

std::int64_t symbolId(const MainWindow &w, const char *qualName)
{
    const std::vector<std::int64_t> ids = w.session()->index().byQualName(qualName);
    return ids.empty() ? 0 : ids.front();
}

// Puts the caret of the source view inside `word` on `line` (from 1); false when the line does not hold it.
bool caretOn(MainWindow &w, int line, const QString &word)
{
    QPlainTextEdit *editor = w.sourceView()->editor();
    const QTextBlock block = editor->document()->findBlockByNumber(line - 1);
    const int column = block.text().indexOf(word);
    if (column < 0)
        return false;
    QTextCursor cursor(block);
    cursor.setPosition(block.position() + column + 1);
    editor->setTextCursor(cursor);
    editor->setFocus();
    return true;
}

QStringList column(const QAbstractItemModel *model, int c, const QModelIndex &parent = {})
{
    QStringList out;
    for (int r = 0; r < model->rowCount(parent); ++r)
        out << model->index(r, c, parent).data().toString();
    return out;
}

} // namespace

class TestGuiNavigation : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { m_db = indexDemoForWindows(m_dir); }

    void expressionUnderTheCaret()
    {
        const QString line = QStringLiteral("        return self.attn.forward(x, y)");
        QCOMPARE(SourceView::expressionAt(line, line.indexOf(QStringLiteral("attn")) + 1), QStringLiteral("self.attn"));
        QCOMPARE(SourceView::expressionAt(line, line.indexOf(QStringLiteral("forward"))), QStringLiteral("self.attn.forward"));
        QCOMPARE(SourceView::expressionAt(line, line.indexOf(QStringLiteral("forward")) + 7), QStringLiteral("self.attn.forward"));
        QCOMPARE(SourceView::expressionAt(line, line.indexOf(QStringLiteral("x,"))), QStringLiteral("x"));
        QCOMPARE(SourceView::expressionAt(line, 2), QString());
    }

    // F12 on a call with one target shows its definition as a step of the history; Alt+Left comes back.
    void goToDefinitionWithOneTargetIsASelection()
    {
        MainWindow w;
        QString error;
        QVERIFY2(openActive(w, m_db, &error), qPrintable(error));
        const std::int64_t forward = symbolId(w, kForward), cuda = symbolId(w, kForwardCuda);
        QVERIFY(forward && cuda);
        w.selectFunction(forward);
        const int forwardLine = w.session()->index().symbol(forward).line;
        QCOMPARE(w.sourceView()->currentLine(), forwardLine);
        const size_t steps = w.history().size();
        QVERIFY(caretOn(w, forwardLine + 2, QStringLiteral("forward_cuda")));
        QTest::keyClick(w.sourceView()->editor(), Qt::Key_F12);
        QCOMPARE(w.selectedFunction(), cuda);
        QCOMPARE(w.sourceView()->currentLine(), w.session()->index().symbol(cuda).line);
        QVERIFY(w.sourceView()->currentPath().endsWith(QStringLiteral("layers/layernorm.py")));
        QCOMPARE(w.history().size(), steps + 1);
        QVERIFY(w.definitionChooser()->isHidden());

        QTest::keyClick(w.sourceView()->editor(), Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(w.selectedFunction(), forward);
        QCOMPARE(w.sourceView()->currentLine(), forwardLine);

        // Ctrl+click on the call does the same.
        QVERIFY(caretOn(w, forwardLine + 2, QStringLiteral("forward_cuda")));
        QPlainTextEdit *editor = w.sourceView()->editor();
        QTest::mouseClick(editor->viewport(), Qt::LeftButton, Qt::ControlModifier, editor->cursorRect().center());
        QCOMPARE(w.selectedFunction(), cuda);
        QTest::keyClick(w.sourceView()->editor(), Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(w.selectedFunction(), forward);
    }

    // self.quant_method.apply goes to each quantization method: a chooser lists them with their conditions.
    void aCallWithSeveralTargetsOpensTheChooser()
    {
        MainWindow w;
        QString error;
        QVERIFY2(openActive(w, m_db, &error), qPrintable(error));
        const std::int64_t linear = symbolId(w, kLinearForward);
        QVERIFY(linear);
        w.selectFunction(linear);
        const int line = w.session()->index().symbol(linear).line + 1;
        QVERIFY(caretOn(w, line, QStringLiteral("apply")));
        QTest::keyClick(w.sourceView()->editor(), Qt::Key_F12);
        DefinitionChooser *chooser = w.definitionChooser();
        QVERIFY(chooser->isVisible());
        QListWidget *list = chooser->list();
        QVERIFY2(list->count() >= 2, qPrintable(QString::number(list->count())));
        bool conditioned = false;
        for (int r = 0; r < list->count(); ++r) {
            QVERIFY2(list->item(r)->text().contains(QStringLiteral(".apply")), qPrintable(list->item(r)->text()));
            conditioned = conditioned || list->item(r)->text().contains(QStringLiteral("⟨"));
        }
        QVERIFY(conditioned);
        QCOMPARE(w.selectedFunction(), linear);

        // Escape closes it and selects nothing.
        QTest::keyClick(list, Qt::Key_Escape);
        QVERIFY(chooser->isHidden());
        QCOMPARE(w.selectedFunction(), linear);

        // Down and Enter go to the second target.
        QVERIFY(caretOn(w, line, QStringLiteral("apply")));
        QTest::keyClick(w.sourceView()->editor(), Qt::Key_F12);
        QVERIFY(chooser->isVisible());
        QTest::keyClick(list, Qt::Key_Down);
        const std::int64_t second = list->item(1)->data(Qt::UserRole).toLongLong();
        QTest::keyClick(list, Qt::Key_Return);
        QVERIFY(chooser->isHidden());
        QCOMPARE(w.selectedFunction(), second);
        QCOMPARE(w.sourceView()->currentLine(), w.session()->index().symbol(second).line);
        w.goBack();
        QCOMPARE(w.selectedFunction(), linear);
    }

    // A name that is no call of the index says so in the status bar and selects nothing.
    void aNameThatIsNoCallSaysSo()
    {
        MainWindow w;
        QString error;
        QVERIFY2(openActive(w, m_db, &error), qPrintable(error));
        const std::int64_t forward = symbolId(w, kForward);
        w.selectFunction(forward);
        const size_t steps = w.history().size();
        QVERIFY(caretOn(w, w.session()->index().symbol(forward).line, QStringLiteral("residual")));
        QTest::keyClick(w.sourceView()->editor(), Qt::Key_F12);
        QCOMPARE(w.history().size(), steps);
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("residual")), qPrintable(w.statusBar()->currentMessage()));
    }

    // The panel lists the callers of the selected function, grows a level when expanded, and selects on Enter.
    void theCallersPanelFollowsTheSelection()
    {
        MainWindow w;
        QString error;
        QVERIFY2(openActive(w, m_db, &error), qPrintable(error));
        CallHierarchyPanel *panel = w.callHierarchy();
        // Nothing selected, then an op: the panel says what to select.
        QVERIFY(panel->tree()->isHidden());
        w.selectOp(opId(w.opGraph(), "self.attn_mqa"));
        QVERIFY2(panel->title().contains(QStringLiteral("op")), qPrintable(panel->title()));
        QVERIFY(panel->tree()->isHidden());

        const std::int64_t cuda = symbolId(w, kForwardCuda);
        w.selectFunction(cuda);
        QVERIFY(panel->tree()->isVisible());
        const QStringList callers = column(panel->model(), 0);
        QCOMPARE(callers, QStringList{QString::fromLatin1(kForward)});
        QVERIFY2(column(panel->model(), 1).front().endsWith(QStringLiteral("layers/layernorm.py:21")),
                 qPrintable(column(panel->model(), 1).front()));
        // Expanding RMSNorm.forward lists who calls it: the model's layers.
        const QModelIndex forwardRow = panel->model()->index(0, 0);
        QCOMPARE(panel->model()->rowCount(forwardRow), 0);
        panel->tree()->expand(forwardRow);
        QVERIFY(panel->model()->rowCount(forwardRow) > 0);
        QVERIFY2(column(panel->model(), 0, forwardRow).join(QLatin1Char(' ')).contains(QStringLiteral("deepmini")),
                 qPrintable(column(panel->model(), 0, forwardRow).join(QLatin1Char(' '))));

        // Callees: the kernels forward_cuda calls.
        panel->findChild<QToolButton *>(QStringLiteral("calleesButton"))->click();
        const QStringList callees = column(panel->model(), 0);
        QVERIFY2(callees.join(QLatin1Char(' ')).contains(QStringLiteral("fused_add_rmsnorm")), qPrintable(callees.join(QLatin1Char(' '))));
        panel->findChild<QToolButton *>(QStringLiteral("callersButton"))->click();
        QCOMPARE(column(panel->model(), 0), callers);

        // Enter on a row selects that function; Alt+Left comes back.
        panel->tree()->setFocus();
        panel->tree()->setCurrentIndex(panel->model()->index(0, 0));
        QTest::keyClick(panel->tree(), Qt::Key_Return);
        QCOMPARE(w.selectedFunction(), symbolId(w, kForward));
        QVERIFY2(panel->title().contains(QString::fromLatin1(kForward)), qPrintable(panel->title()));
        QTest::keyClick(panel->tree(), Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(w.selectedFunction(), cuda);
        QCOMPARE(column(panel->model(), 0), callers);
    }

    // View → Callers / Callees toggles the panel; no two actions of the window share a shortcut.
    void theMenusHaveTheNewActionsWithoutClashes()
    {
        MainWindow w;
        auto *view = w.menuBar()->findChild<QMenu *>(QStringLiteral("viewMenu"));
        auto *go = w.menuBar()->findChild<QMenu *>(QStringLiteral("goMenu"));
        QVERIFY(view && go);
        QVERIFY(view->actions().contains(w.callHierarchyAction()));
        QVERIFY(go->actions().contains(w.goToDefinitionAction()));
        QCOMPARE(w.goToDefinitionAction()->shortcut(), QKeySequence(Qt::Key_F12));
        QCOMPARE(w.callHierarchyAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_H));
        QMap<QKeySequence, QString> seen;
        for (const QAction *a : w.findChildren<QAction *>())
            for (const QKeySequence &k : a->shortcuts()) {
                QVERIFY2(!seen.contains(k), qPrintable(k.toString() + QStringLiteral(": ") + seen.value(k) + QStringLiteral(", ") + a->text()));
                seen.insert(k, a->text());
            }
        auto *dock = w.findChild<QDockWidget *>(QStringLiteral("callHierarchyDock"));
        w.show();
        QVERIFY(dock->isVisible());
        w.callHierarchyAction()->trigger();
        QVERIFY(!dock->isVisible());
    }

private:
    QTemporaryDir m_dir;
    QString m_db;
};

QTEST_MAIN(TestGuiNavigation)
#include "tst_gui_navigation.moc"
