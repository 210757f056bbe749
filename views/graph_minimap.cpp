// The graph's bird's-eye view (see graph_minimap.h).
#include "graph_minimap.h"

#include <QMouseEvent>
#include <QPainter>

namespace katlas {

GraphMinimap::GraphMinimap(QGraphicsView *main) : QGraphicsView(main->scene(), main), m_main(main)
{
    setObjectName(QStringLiteral("graphMinimap"));
    setAccessibleName(tr("Graph overview"));
    setToolTip(tr("Overview of the whole graph: click or drag to move the view"));
    setInteractive(false);
    setFocusPolicy(Qt::NoFocus);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setRenderHints(QPainter::Antialiasing);
    setFrameShape(QFrame::Box);
    setBackgroundBrush(palette().color(QPalette::Base));
    setCursor(Qt::PointingHandCursor);
}

QRectF GraphMinimap::shownArea() const
{
    return m_main->mapToScene(m_main->viewport()->rect()).boundingRect();
}

void GraphMinimap::sync()
{
    const QRectF all = scene() ? scene()->itemsBoundingRect() : QRectF();
    const QRectF shown = shownArea();
    // Only worth showing when part of the graph is out of sight, and when the
    // view is large enough that it does not hide what it maps (a small window
    // scrolls instead).
    const QSize room = m_main->viewport()->size();
    const bool needed = !all.isEmpty() && !shown.contains(all.adjusted(8, 8, -8, -8)) && room.width() >= kMinViewWidth
        && room.height() >= kMinViewHeight;
    setVisible(needed);
    if (!needed)
        return;
    // At most a fifth of the main view's width and height, in the graph's proportions.
    const qreal maxW = room.width() * 0.2, maxH = room.height() * 0.2;
    const qreal s = std::min(maxW / all.width(), maxH / all.height());
    const QSize size(std::max(60, qRound(all.width() * s) + 4), std::max(40, qRound(all.height() * s) + 4));
    resize(size);
    const QRect area = m_main->viewport()->geometry();
    move(area.right() - size.width() - 8, area.bottom() - size.height() - 8);
    raise();
    fitInView(all, Qt::KeepAspectRatio);
    viewport()->update();
}

void GraphMinimap::drawForeground(QPainter *painter, const QRectF &)
{
    const QColor accent = palette().color(QPalette::Highlight);
    QColor fill = accent;
    fill.setAlpha(40);
    painter->setPen(QPen(accent, 0)); // cosmetic: one pixel at any scale
    painter->setBrush(fill);
    painter->drawRect(shownArea());
}

void GraphMinimap::moveMainTo(const QPoint &pos) { m_main->centerOn(mapToScene(pos)); }

void GraphMinimap::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton)
        moveMainTo(event->position().toPoint());
    event->accept();
}

void GraphMinimap::mouseMoveEvent(QMouseEvent *event)
{
    if (event->buttons() & Qt::LeftButton)
        moveMainTo(event->position().toPoint());
    event->accept();
}

void GraphMinimap::wheelEvent(QWheelEvent *event) { event->accept(); }

} // namespace katlas
