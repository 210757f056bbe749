// Shared by the GUI tests that drive the window with keys and mouse buttons:
// the main window on an index, shown and active (shortcuts and focus need it).
#pragma once

#include "main_window.h"

#include <QApplication>
#include <QTest>

namespace katlas::test {

inline bool openActive(MainWindow &w, const QString &db, QString *error)
{
    if (!w.openDatabase(db, error))
        return false;
    w.resize(1400, 900);
    w.show();
    QApplication::setActiveWindow(&w);
    return QTest::qWaitForWindowActive(&w);
}

} // namespace katlas::test
