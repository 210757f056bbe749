// The items the graph view draws: op and kernel nodes, and edges along the
// splines Graphviz computed. Drawn by us, not from an SVG image.
#pragma once

#include "layout/graph_layout.h"

#include <QGraphicsItem>

namespace katlas {

class GraphNodeItem : public QGraphicsItem {
public:
    GraphNodeItem(const LayoutNode &node, const QRectF &rect);

    // The labels' font: Graphviz's (layout/graph_layout.cpp), at its size in
    // scene units, so that every label fits the box Graphviz sized for it.
    static constexpr int kLabelPixels = 10;
    static QFont labelFont();
    // Gives each node the width of its label in that font, so that Graphviz
    // sizes its box for the text as drawn.
    static void measureLabels(LayoutGraph &graph);

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    const QString &nodeId() const { return m_id; }
    const QString &label() const { return m_label; }
    const std::string &kind() const { return m_kind; }
    void setHighlighted(bool on);
    bool isHighlighted() const { return m_highlighted; }

private:
    QString m_id;
    QString m_label;
    std::string m_kind;
    NodeShape m_shape;
    QColor m_fill;
    QRectF m_rect;
    bool m_highlighted = false;
};

class GraphEdgeItem : public QGraphicsItem {
public:
    explicit GraphEdgeItem(const PlacedEdge &edge);

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    QPainterPath m_path;
    QPolygonF m_arrow;
    QString m_label;
    QPointF m_labelPos;
};

} // namespace katlas
