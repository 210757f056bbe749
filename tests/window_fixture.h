// Shared by the GUI tests that drive the window with keys and mouse buttons:
// the demo index, and the main window on it, shown and active (shortcuts and
// focus need it).
#pragma once

#include "demo_fixture.h"
#include "graph_view.h"
#include "main_window.h"

#include <QApplication>
#include <QSettings>
#include <QTest>

namespace katlas::test {

// The demo indexed into `dir`, for windows with settings of their own that
// remember no configuration.
inline QString indexDemoForWindows(const QTemporaryDir &dir)
{
    QCoreApplication::setOrganizationName(QStringLiteral("kernel-atlas-tests"));
    QSettings().remove(QStringLiteral("filter/configuration"));
    return indexDemo(dir);
}

// The window on `db`, shown at `size` and exposed.
inline bool openShown(MainWindow &w, const QString &db, QSize size, QString *error)
{
    if (!w.openDatabase(db, error))
        return false;
    w.resize(size);
    w.show();
    return QTest::qWaitForWindowExposed(&w);
}

// The window shown at 1400x900 (the size of the pictures in docs/), then
// opened on `db`, its first layout drawn.
inline void showLaidOut(MainWindow &w, const QString &db)
{
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QString error;
    QVERIFY2(w.openDatabase(db, &error), qPrintable(error));
    QTRY_VERIFY(w.graphView()->nodeCount() > 0 && !w.layoutPending());
}

inline bool openActive(MainWindow &w, const QString &db, QString *error)
{
    if (!w.openDatabase(db, error))
        return false;
    w.resize(1400, 900);
    w.show();
    w.activateWindow();
    QApplication::setActiveWindow(&w);
    // On an X server without a window manager (xvfb-run) nothing may hand the
    // window the focus: shown and exposed is what the tests need there.
    return QTest::qWaitForWindowActive(&w, 2000) || QTest::qWaitForWindowExposed(&w);
}

} // namespace katlas::test
