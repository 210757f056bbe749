// The window on a screen of two device pixels per pixel (QT_SCALE_FACTOR=2,
// set before the application starts): it renders at the device's
// resolution, the graph's labels keep the legibility rule in pixels, the
// toolbar's icons have pixmaps at twice the size, and a screenshot has twice
// the pixels of the window.
#include "demo_fixture.h"
#include "window_fixture.h"

#include "graph_view.h"
#include "main_window.h"

#include <QAction>
#include <QApplication>
#include <QTest>
#include <QToolBar>

using namespace katlas;
using namespace katlas::test;

class TestGuiHiDpi : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("kernel-atlas-tests"));
        m_db = indexDemo(m_dir);
    }

    void theWindowRendersAtTheDevicesResolution()
    {
        MainWindow w;
        QString error;
        QVERIFY2(openShown(w, m_db, QSize(1024, 700), &error), qPrintable(error));
        QTRY_VERIFY(w.graphView()->nodeCount() > 0 && !w.layoutPending());
        QCOMPARE(w.devicePixelRatio(), 2.0);

        // Labels stay legible in pixels; on the device they are twice as tall.
        QCoreApplication::processEvents();
        QVERIFY2(w.graphView()->labelPixels() >= 8, qPrintable(QString::number(w.graphView()->labelPixels())));

        const QPixmap shot = w.grab();
        QCOMPARE(shot.devicePixelRatio(), 2.0);
        QCOMPARE(shot.size(), w.size() * 2);

        // Icons are drawn for the device, not scaled up from small pixmaps.
        int icons = 0;
        for (QToolBar *bar : w.findChildren<QToolBar *>())
            for (QAction *a : bar->actions())
                if (!a->icon().isNull()) {
                    const QPixmap p = a->icon().pixmap(bar->iconSize(), 2.0);
                    QVERIFY2(p.width() >= bar->iconSize().width() * 2 - 1, qPrintable(a->text()));
                    ++icons;
                }
        QVERIFY(icons >= 2); // back and forward at least
    }

private:
    QTemporaryDir m_dir;
    QString m_db;
};

int main(int argc, char **argv)
{
    qputenv("QT_SCALE_FACTOR", "2");
    QApplication app(argc, argv);
    TestGuiHiDpi test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_gui_hidpi.moc"
