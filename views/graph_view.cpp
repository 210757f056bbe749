// The graph view (see graph_view.h).
#include "graph_view.h"

#include "graph_items.h"
#include "graph_minimap.h"

#include <cmath>

#include <QGraphicsPathItem>
#include <QKeyEvent>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QWheelEvent>

namespace katlas {

namespace {

QPainterPath roundedRect(const QRectF &r, qreal radius)
{
    QPainterPath p;
    p.addRoundedRect(r, radius, radius);
    return p;
}

} // namespace

GraphView::GraphView(QWidget *parent) : QGraphicsView(parent)
{
    setScene(&m_scene);
    setDragMode(ScrollHandDrag);
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setTransformationAnchor(AnchorUnderMouse);
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("Execution graph"));
    m_minimap = new GraphMinimap(this);
    m_minimap->hide();
}

qreal GraphView::labelPixels() const
{
    return GraphNodeItem::kLabelPixels * transform().m11();
}

qreal GraphView::legibleScale() const
{
    return kLegiblePixels / GraphNodeItem::kLabelPixels;
}

void GraphView::setMinimapEnabled(bool on)
{
    m_minimapEnabled = on;
    if (on)
        m_minimap->sync();
    else
        m_minimap->hide();
}

void GraphView::setGraph(const LayoutGraph &input, const GraphLayout &layout)
{
    // Keep the selected node where it is on screen across the change.
    QPointF anchorView;
    const bool keep = m_nodes.contains(m_selected);
    if (keep)
        anchorView = mapFromScene(m_nodes.value(m_selected)->boundingRect().center());
    m_scene.clear();
    m_nodes.clear();
    m_scene.setSceneRect(layout.bounds.adjusted(-40, -40, 40, 40));
    m_top = layout.nodes.empty() ? QPointF() : layout.nodes.front().rect.center();
    // The ops a container runs sit in a light box, behind everything.
    for (const PlacedCluster &c : layout.clusters) {
        auto *box = m_scene.addPath(roundedRect(c.rect, 8), QPen(QColor(clusterBorderColor()), 0), QBrush(QColor(clusterFillColor())));
        box->setZValue(-1);
        box->setData(0, QString::fromStdString(c.id));
    }
    for (const PlacedEdge &e : layout.edges)
        m_scene.addItem(new GraphEdgeItem(e));
    for (const PlacedNode &p : layout.nodes) {
        const auto it = std::find_if(input.nodes.begin(), input.nodes.end(), [&](const LayoutNode &n) { return n.id == p.id; });
        if (it == input.nodes.end())
            continue;
        auto *item = new GraphNodeItem(*it, p.rect);
        if (it->folded)
            item->setToolTip(tr("%1\n%n op(s) folded inside: double-click to unfold", nullptr, static_cast<int>(it->folded)).arg(it->label));
        m_scene.addItem(item);
        m_nodes.insert(item->nodeId(), item);
    }
    if (GraphNodeItem *sel = m_nodes.value(m_selected)) {
        sel->setHighlighted(true);
        if (keep) {
            const QPointF now = mapFromScene(sel->boundingRect().center());
            const QPointF delta = now - anchorView;
            horizontalScrollBar()->setValue(horizontalScrollBar()->value() + qRound(delta.x()));
            verticalScrollBar()->setValue(verticalScrollBar()->value() + qRound(delta.y()));
        }
    }
    if (m_minimapEnabled)
        m_minimap->sync();
}

void GraphView::selectNode(const QString &id)
{
    if (GraphNodeItem *old = m_nodes.value(m_selected))
        old->setHighlighted(false);
    m_selected = id;
    if (GraphNodeItem *item = m_nodes.value(id)) {
        item->setHighlighted(true);
        // A selected node must be readable: zoom in from an overview.
        if (transform().m11() < 0.9)
            setTransform(QTransform());
        centerOn(item->boundingRect().center());
        if (m_minimapEnabled)
            m_minimap->sync();
    }
}

void GraphView::fitToWindow()
{
    const QRectF all = m_scene.itemsBoundingRect();
    fitInView(all, Qt::KeepAspectRatio);
    if (transform().m11() < legibleScale()) {
        // Too large to read whole: show its top, from the first node, at
        // the smallest legible zoom; the rest is a scroll (or the overview) away.
        const qreal s = legibleScale();
        setTransform(QTransform::fromScale(s, s));
        const qreal halfHeight = viewport()->height() / (2 * s);
        centerOn(QPointF(m_top.x(), std::min(all.top() + halfHeight, all.center().y())));
    }
    if (m_minimapEnabled)
        m_minimap->sync();
}

void GraphView::zoomIn() { zoomBy(1.25); }
void GraphView::zoomOut() { zoomBy(0.8); }

void GraphView::zoomBy(qreal factor)
{
    scale(factor, factor);
    if (m_minimapEnabled)
        m_minimap->sync();
}

void GraphView::wheelEvent(QWheelEvent *event)
{
    zoomBy(event->angleDelta().y() > 0 ? 1.15 : 1 / 1.15);
    event->accept();
}

void GraphView::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    if (m_minimapEnabled)
        m_minimap->sync();
}

void GraphView::scrollContentsBy(int dx, int dy)
{
    QGraphicsView::scrollContentsBy(dx, dy);
    if (m_minimapEnabled && m_minimap->isVisible())
        m_minimap->viewport()->update();
}

QString GraphView::nodeAt(const QPoint &pos) const
{
    for (QGraphicsItem *item : items(pos))
        if (auto *node = dynamic_cast<GraphNodeItem *>(item))
            return node->nodeId();
    return {};
}

void GraphView::mousePressEvent(QMouseEvent *event)
{
    const QString id = nodeAt(event->pos());
    if (!id.isEmpty() && event->button() == Qt::LeftButton) {
        selectNode(id);
        Q_EMIT nodeClicked(id);
    }
    QGraphicsView::mousePressEvent(event);
}

void GraphView::mouseDoubleClickEvent(QMouseEvent *event)
{
    const QString id = nodeAt(event->pos());
    if (!id.isEmpty())
        Q_EMIT nodeDoubleClicked(id);
    QGraphicsView::mouseDoubleClickEvent(event);
}

void GraphView::keyPressEvent(QKeyEvent *event)
{
    if (event->modifiers() & Qt::ControlModifier) {
        switch (event->key()) {
        case Qt::Key_Equal:
        case Qt::Key_Plus:
            zoomIn();
            return;
        case Qt::Key_Minus:
            zoomOut();
            return;
        case Qt::Key_0:
            fitToWindow();
            return;
        default:
            break;
        }
    }
    if (!(event->modifiers() & (Qt::ControlModifier | Qt::AltModifier))) {
        switch (event->key()) {
        case Qt::Key_Left:
        case Qt::Key_Right:
        case Qt::Key_Up:
        case Qt::Key_Down:
            if (const QString next = nodeToward(m_selected, event->key()); !next.isEmpty())
                Q_EMIT nodeClicked(next);
            return;
        case Qt::Key_Return:
        case Qt::Key_Enter:
            if (!m_selected.isEmpty())
                Q_EMIT nodeClicked(m_selected);
            return;
        case Qt::Key_Space:
            if (!m_selected.isEmpty())
                Q_EMIT nodeDoubleClicked(m_selected);
            return;
        default:
            break;
        }
    }
    QGraphicsView::keyPressEvent(event);
}

QString GraphView::nodeToward(const QString &from, int key) const
{
    const GraphNodeItem *start = m_nodes.value(from);
    QString best;
    qreal bestScore = 0;
    for (auto it = m_nodes.constBegin(); it != m_nodes.constEnd(); ++it) {
        const QPointF c = it.value()->sceneBoundingRect().center();
        if (!start) { // nothing selected yet: the top-left node
            const qreal score = c.y() * 4 + c.x();
            if (best.isEmpty() || score < bestScore)
                best = it.key(), bestScore = score;
            continue;
        }
        if (it.value() == start)
            continue;
        const QPointF d = c - start->sceneBoundingRect().center();
        const qreal along = key == Qt::Key_Right ? d.x() : key == Qt::Key_Left ? -d.x() : key == Qt::Key_Down ? d.y() : -d.y();
        const qreal across = key == Qt::Key_Right || key == Qt::Key_Left ? std::abs(d.y()) : std::abs(d.x());
        if (along <= 0 || across > along * 1.75) // outside the 60-degree cone
            continue;
        const qreal score = along + 2 * across;
        if (best.isEmpty() || score < bestScore)
            best = it.key(), bestScore = score;
    }
    return best;
}

void GraphView::drawForeground(QPainter *painter, const QRectF &rect)
{
    QGraphicsView::drawForeground(painter, rect);
    if (!hasFocus())
        return;
    // Where the keyboard is: a frame around the view.
    painter->save();
    painter->resetTransform();
    painter->setPen(QPen(palette().color(QPalette::Highlight), 2));
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(viewport()->rect().adjusted(1, 1, -1, -1));
    painter->restore();
}

void GraphView::focusInEvent(QFocusEvent *event)
{
    QGraphicsView::focusInEvent(event);
    viewport()->update();
}

void GraphView::focusOutEvent(QFocusEvent *event)
{
    QGraphicsView::focusOutEvent(event);
    viewport()->update();
}

} // namespace katlas
