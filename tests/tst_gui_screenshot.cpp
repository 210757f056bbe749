// The real window under Xvfb (ctest runs this test through xvfb-run): open
// the demo, select an op, save a screenshot to the build folder, and check
// that the picture is not blank and the selected node is drawn highlighted.
#include "demo_fixture.h"

#include "app_settings.h"
#include "graph_items.h"
#include "graph_view.h"
#include "main_window.h"

#include <QApplication>
#include <QImage>
#include <QMenu>
#include <QPalette>

using namespace katlas;
using namespace katlas::test;

class TestGuiScreenshot : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void screenshotOfTheDemo()
    {
        QTemporaryDir dir;
        const QString db = indexDemo(dir);
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QString error;
        QVERIFY2(w.openDatabase(db, &error), qPrintable(error));
        QTRY_VERIFY(w.graphView()->nodeCount() > 20 && !w.layoutPending());
        QString mqa;
        forEachOp(w.opGraph().roots, [&](const OpNode &n, int) {
            if (n.name == "self.attn_mqa")
                mqa = QString::fromStdString(n.id);
        });
        w.selectOp(mqa);
        w.showSite(w.currentPaths().paths.front().frames.back().siteId);
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
    void bookmarkMenuOfTheDemo()
    {
        QTemporaryDir dir;
        const QString db = indexDemo(dir);
        AppSettings().setBookmarks(db, {});
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QString error;
        QVERIFY2(w.openDatabase(db, &error), qPrintable(error));
        QTRY_VERIFY(w.graphView()->nodeCount() > 20 && !w.layoutPending());
        for (const char *name : {"self.attn_mqa", "self.experts"}) {
            QString id;
            forEachOp(w.opGraph().roots, [&](const OpNode &n, int) {
                if (n.name == name && id.isEmpty())
                    id = QString::fromStdString(n.id);
            });
            w.selectOp(id);
            w.addBookmark(QString::fromLatin1(name));
        }
        QMenu *menu = w.bookmarkMenu();
        menu->popup(w.mapToGlobal(QPoint(200, 30)));
        QTRY_VERIFY(menu->isVisible());
        const QImage shot = menu->grab().toImage();
        QVERIFY(shot.save(QStringLiteral(KATLAS_BUILD_DIR "/screenshot-bookmarks.png")));
        QVERIFY(shot.height() > 80);
        menu->hide();
        AppSettings().setBookmarks(db, {});
    }
};

QTEST_MAIN(TestGuiScreenshot)
#include "tst_gui_screenshot.moc"
