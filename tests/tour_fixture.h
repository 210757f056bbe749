// What the tour tests (tst_gui_tour on the demo, tst_gui_tour_real on a
// real checkout) read off the window, and where they write its pictures:
// KATLAS_SCREENSHOT_DIR when set (docs/screenshots), else the build folder.
#pragma once

#include "graph_items.h"
#include "graph_view.h"
#include "kernel_matrix_model.h"
#include "main_window.h"
#include "window_fixture.h"

#include <QDir>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QImage>
#include <QTest>

namespace katlas::test {

inline QString screenshotPath(const QString &name)
{
    const QByteArray dir = qgetenv("KATLAS_SCREENSHOT_DIR");
    return QDir(dir.isEmpty() ? QStringLiteral(KATLAS_BUILD_DIR) : QString::fromLocal8Bit(dir)).filePath(name);
}

inline void save(MainWindow &w, const QString &name)
{
    QTRY_VERIFY(!w.layoutPending());
    QTest::qWait(200);
    QVERIFY(w.grab().toImage().save(screenshotPath(name)));
}

// Every kernel the matrix lists, in every cell.
inline QStringList matrixKernels(const MainWindow &w)
{
    QStringList out;
    const KernelMatrixModel *m = w.matrixModel();
    for (int r = 0; r < m->rowCount(); ++r)
        for (int c = 0; c < m->columnCount(); ++c)
            out << m->data(m->index(r, c), Qt::DisplayRole).toString().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    out.removeDuplicates();
    out.sort();
    return out;
}

inline QStringList rowHeaders(const MainWindow &w)
{
    QStringList out;
    for (int r = 0; r < w.matrixModel()->rowCount(); ++r)
        out << w.matrixModel()->headerData(r, Qt::Vertical, Qt::DisplayRole).toString();
    return out;
}

// The labels of the drawn nodes whose text does not fit their box, in the
// font they are drawn with: none should.
inline QStringList clippedLabels(GraphView *view)
{
    QStringList out;
    const QFontMetricsF metrics(GraphNodeItem::labelFont());
    for (QGraphicsItem *item : view->scene()->items()) {
        const auto *node = dynamic_cast<GraphNodeItem *>(item);
        if (!node)
            continue;
        const QRectF box = node->boundingRect().adjusted(4, 4, -4, -4);
        const QStringList lines = node->label().split(QLatin1Char('\n'));
        qreal width = 0;
        for (const QString &line : lines)
            width = std::max(width, metrics.horizontalAdvance(line));
        if (width > box.width() || lines.size() * metrics.height() > box.height())
            out << node->label();
    }
    return out;
}

inline DimensionFilter filter(const char *text)
{
    std::string error;
    return *DimensionFilter::parse(text, &error);
}

} // namespace katlas::test
