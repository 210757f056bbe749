// Drawing of graph nodes and edges (see graph_items.h).
#include "graph_items.h"

#include <QApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QPalette>
#include <QtMath>

namespace katlas {

GraphNodeItem::GraphNodeItem(const LayoutNode &node, const QRectF &rect)
    : m_id(QString::fromStdString(node.id)), m_label(node.label), m_kind(node.kind), m_shape(node.shape),
      m_fill(node.fillColor.isEmpty() ? QColor(Qt::white) : QColor(node.fillColor)), m_rect(rect)
{
    setFlag(ItemIsSelectable);
    setAcceptHoverEvents(true);
    setToolTip(m_label);
    setData(0, m_id);
}

QFont GraphNodeItem::labelFont()
{
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPixelSize(kLabelPixels);
    return font;
}

void GraphNodeItem::measureLabels(LayoutGraph &graph)
{
    const QFontMetricsF metrics(labelFont());
    for (LayoutNode &n : graph.nodes) {
        qreal width = 0;
        for (const QString &line : n.label.split(QLatin1Char('\n')))
            width = std::max(width, metrics.horizontalAdvance(line));
        n.labelWidth = width;
    }
}

QRectF GraphNodeItem::boundingRect() const { return m_rect.adjusted(-4, -4, 4, 4); }

void GraphNodeItem::setHighlighted(bool on)
{
    if (m_highlighted == on)
        return;
    m_highlighted = on;
    update();
}

void GraphNodeItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    painter->setRenderHint(QPainter::Antialiasing);
    const QColor accent = QApplication::palette().color(QPalette::Highlight);
    painter->setPen(m_highlighted ? QPen(accent, 3.5) : QPen(QColor(0x55, 0x5b, 0x63), 1.0));
    painter->setBrush(m_fill);
    switch (m_shape) {
    case NodeShape::Ellipse:
        painter->drawEllipse(m_rect);
        break;
    case NodeShape::RoundedBox:
        painter->drawRoundedRect(m_rect, 8, 8);
        break;
    case NodeShape::Hexagon: {
        const qreal d = m_rect.height() / 2;
        painter->drawPolygon(QPolygonF{{m_rect.left(), m_rect.center().y()}, {m_rect.left() + d, m_rect.top()},
                                       {m_rect.right() - d, m_rect.top()}, {m_rect.right(), m_rect.center().y()},
                                       {m_rect.right() - d, m_rect.bottom()}, {m_rect.left() + d, m_rect.bottom()}});
        break;
    }
    case NodeShape::Box:
        painter->drawRect(m_rect);
        break;
    }
    painter->setFont(labelFont());
    // The fills are light in both themes; an op that does not run is written grey.
    painter->setPen(m_kind.ends_with(":idle") ? QColor(0x80, 0x80, 0x80) : QColor(Qt::black));
    painter->drawText(m_rect, Qt::AlignCenter, m_label);
}

GraphEdgeItem::GraphEdgeItem(const PlacedEdge &edge) : m_label(edge.label), m_labelPos(edge.labelPos)
{
    setZValue(-1);
    const auto &s = edge.spline;
    if (!s.empty()) {
        m_path.moveTo(s[0]);
        for (size_t i = 1; i + 2 < s.size(); i += 3)
            m_path.cubicTo(s[i], s[i + 1], s[i + 2]);
    }
    if (edge.arrowTip && !s.empty()) {
        const QPointF tip = *edge.arrowTip, from = s.back();
        const qreal angle = std::atan2(tip.y() - from.y(), tip.x() - from.x());
        const qreal size = 7;
        m_arrow << tip << tip - QPointF(std::cos(angle - 0.4) * size, std::sin(angle - 0.4) * size)
                << tip - QPointF(std::cos(angle + 0.4) * size, std::sin(angle + 0.4) * size);
        m_path.lineTo(tip);
    }
}

QRectF GraphEdgeItem::boundingRect() const
{
    return m_path.boundingRect().united(m_arrow.boundingRect()).adjusted(-40, -10, 40, 10);
}

void GraphEdgeItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    painter->setRenderHint(QPainter::Antialiasing);
    const QColor c = QApplication::palette().color(QPalette::WindowText);
    painter->setPen(QPen(c, 1.1));
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(m_path);
    painter->setBrush(c);
    painter->drawPolygon(m_arrow);
    if (!m_label.isEmpty())
        painter->drawText(m_labelPos, m_label);
}

} // namespace katlas
