// The real window under Xvfb (ctest runs this test through xvfb-run): open
// the demo, select an op, save a screenshot to the build folder, and check
// that the picture is not blank and the selected node is drawn highlighted.
#include "demo_fixture.h"
#include "tour_fixture.h"
#include "window_fixture.h"

#include "app_settings.h"
#include "graph_items.h"
#include "graph_view.h"
#include "main_window.h"
#include "configuration_panel.h"
#include "filter_bar.h"
#include "search_dialog.h"

#include <QApplication>
#include <QDockWidget>
#include <QImage>
#include <QMenu>
#include <QPalette>
#include <QTreeView>

using namespace katlas;
using namespace katlas::test;

class TestGuiScreenshot : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { m_db = indexDemo(m_dir); }

    void screenshotOfTheDemo()
    {
        MainWindow w;
        showLaidOut(w, m_db);
        if (QTest::currentTestFailed())
            return;
        const QString mqa = opId(w.opGraph(), "self.attn_mqa");
        w.selectOp(mqa);
        w.showSite(w.currentPaths().paths.front().frames.back().siteId);
        QTRY_VERIFY(!w.layoutPending()); // the containers above the op unfold
        QTest::qWait(300);

        const QImage shot = w.grab().toImage();
        const QString out = QStringLiteral(KATLAS_BUILD_DIR "/screenshot-demo.png");
        QVERIFY(shot.save(out));
        // Not blank: the grey levels vary.
        double sum = 0, sumSq = 0;
        int n = 0;
        for (int y = 0; y < shot.height(); y += 4)
            for (int x = 0; x < shot.width(); x += 4) {
                const double g = qGray(shot.pixel(x, y));
                sum += g;
                sumSq += g * g;
                ++n;
            }
        const double variance = sumSq / n - (sum / n) * (sum / n);
        QVERIFY2(variance > 100, qPrintable(QString::number(variance)));

        // The selected node is highlighted, and drawn so: its border has the accent colour.
        GraphNodeItem *item = w.graphView()->nodeItem(mqa);
        QVERIFY(item && item->isHighlighted());
        const QImage view = w.graphView()->viewport()->grab().toImage();
        const QRect r = w.graphView()->mapFromScene(item->boundingRect().adjusted(4, 4, -4, -4)).boundingRect();
        const QColor accent = QApplication::palette().color(QPalette::Highlight);
        int accentPixels = 0;
        for (int x = r.left(); x <= r.right(); ++x)
            for (int y : {r.top(), r.top() + 1, r.bottom(), r.bottom() - 1})
                if (view.rect().contains(x, y)) {
                    const QColor c = view.pixelColor(x, y);
                    accentPixels += std::abs(c.red() - accent.red()) + std::abs(c.green() - accent.green())
                            + std::abs(c.blue() - accent.blue()) < 60;
                }
        QVERIFY2(accentPixels > r.width() / 2, qPrintable(QString::number(accentPixels)));
    }

    // The Bookmarks menu, drawn: its entries with their shortcuts.
    // The Configuration panel in front, a preset chosen: its choosers and
    // the chips under the toolbar show the preset's values.
    void configurationPanelOfTheDemo()
    {
        MainWindow w;
        showLaidOut(w, m_db);
        if (QTest::currentTestFailed())
            return;
        w.chooseConfiguration(QStringLiteral("Demo FP8 decode"));
        w.configurationPanelAction()->trigger();
        QTRY_VERIFY(w.configurationPanel()->isVisible() && !w.layoutPending());
        QTest::qWait(200);
        const QImage shot = w.grab().toImage();
        QVERIFY(shot.save(screenshotPath(QStringLiteral("demo-configuration-panel.png")))); // the README's picture
        QVERIFY(w.filterBar()->chips().contains(QStringLiteral("stage=decode")));
    }

    // At 1024x700 every panel keeps a usable size: the graph, the ops, the
    // paths and the source.
    void smallWindowOfTheDemo()
    {
        MainWindow w;
        showLaidOut(w, m_db);
        if (QTest::currentTestFailed())
            return;
        w.resize(1024, 700);
        w.selectOp(opId(w.opGraph(), "self.attn_mqa"));
        QTRY_VERIFY(!w.layoutPending());
        QTest::qWait(300);
        QVERIFY(w.grab().toImage().save(QStringLiteral(KATLAS_BUILD_DIR "/screenshot-small.png")));
        QVERIFY2(w.graphView()->height() >= 200, qPrintable(QString::number(w.graphView()->height())));
        QVERIFY2(w.graphView()->width() >= 300, qPrintable(QString::number(w.graphView()->width())));
        QVERIFY(w.opTree()->width() >= MainWindow::kOpsMinimumWidth && w.opTree()->height() >= 150);
        QVERIFY(w.pathView()->height() >= 100);
        // Short: the source and the callers share one tabbed dock, the
        // source in front; taller, they stand side by side again.
        auto *source = w.findChild<QDockWidget *>(QStringLiteral("sourceDock"));
        auto *calls = w.findChild<QDockWidget *>(QStringLiteral("callHierarchyDock"));
        QVERIFY(source && calls);
        QVERIFY(w.tabifiedDockWidgets(source).contains(calls));
        QVERIFY(!source->visibleRegion().isEmpty());
        QVERIFY(calls->visibleRegion().isEmpty());
        w.resize(1600, 1000);
        QTRY_VERIFY(!w.tabifiedDockWidgets(source).contains(calls));
        QTRY_VERIFY(!calls->visibleRegion().isEmpty());
        // At 4K the panels keep their sizes and the graph takes the room.
        w.resize(3840, 2160);
        QTRY_VERIFY2(w.graphView()->width() >= 3840 / 2 && w.graphView()->height() >= 2160 / 2,
                     qPrintable(QStringLiteral("%1x%2").arg(w.graphView()->width()).arg(w.graphView()->height())));
        QVERIFY(!w.tabifiedDockWidgets(source).contains(calls));
        w.resize(1600, 1000);
        QTRY_VERIFY2(source->width() > 300 && calls->width() > 300, qPrintable(QStringLiteral("%1 %2 %3").arg(source->width()).arg(calls->width()).arg(w.width())));
    }

    void bookmarkMenuOfTheDemo()
    {
        AppSettings().setBookmarks(m_db, {});
        MainWindow w;
        showLaidOut(w, m_db);
        if (QTest::currentTestFailed())
            return;
        for (const char *name : {"self.attn_mqa", "self.experts"}) {
            w.selectOp(opId(w.opGraph(), name));
            w.addBookmark(QString::fromLatin1(name));
        }
        QMenu *menu = w.bookmarkMenu();
        menu->popup(w.mapToGlobal(QPoint(200, 30)));
        QTRY_VERIFY(menu->isVisible());
        const QImage shot = menu->grab().toImage();
        QVERIFY(shot.save(QStringLiteral(KATLAS_BUILD_DIR "/screenshot-bookmarks.png")));
        QVERIFY(shot.height() > 80);
        menu->hide();
        AppSettings().setBookmarks(m_db, {});
    }

    // Ctrl+K under a configuration, with the ops that do not run shown: drawn.
    void searchDialogOfTheDemo()
    {
        MainWindow w;
        showLaidOut(w, m_db);
        if (QTest::currentTestFailed())
            return;
        w.chooseConfiguration(QStringLiteral("Demo ROCm decode"));
        SearchDialog *search = w.searchDialog();
        search->setShowIdle(true);
        search->setQuery(QStringLiteral("layernorm"));
        search->show();
        QVERIFY(QTest::qWaitForWindowExposed(search));
        const QImage shot = search->grab().toImage();
        QVERIFY(shot.save(QStringLiteral(KATLAS_BUILD_DIR "/screenshot-search.png")));
        QVERIFY(!search->results().empty());
        search->hide();
        w.chooseConfiguration({});
    }

private:
    QTemporaryDir m_dir;
    QString m_db;
};

QTEST_MAIN(TestGuiScreenshot)
#include "tst_gui_screenshot.moc"
