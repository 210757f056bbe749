// The execution graph in the centre of the window: laid out by Graphviz,
// drawn with our items; zoom with the wheel or Ctrl+= / Ctrl+- / Ctrl+0,
// pan by dragging; the selected node stays in place when the graph changes.
// From the keyboard: the arrows move to the nearest node that way (a click),
// Enter selects the node again, Space unfolds or folds it (a double-click).
// Fitting never makes labels smaller than legible (it shows the top of the
// graph and scrolls instead); an overview in the corner shows where the
// view is while the graph does not fit.
#pragma once

#include "layout/graph_layout.h"

#include <QGraphicsView>
#include <QHash>

namespace katlas {

class GraphMinimap;
class GraphNodeItem;

class GraphView : public QGraphicsView {
    Q_OBJECT
public:
    explicit GraphView(QWidget *parent = nullptr);

    void setGraph(const LayoutGraph &input, const GraphLayout &layout);
    void selectNode(const QString &id);
    QString selectedNode() const { return m_selected; }
    GraphNodeItem *nodeItem(const QString &id) const { return m_nodes.value(id); }
    int nodeCount() const { return static_cast<int>(m_nodes.size()); }
    // The height in screen pixels of the node labels' font at the current zoom.
    qreal labelPixels() const;
    // The smallest zoom at which labels stay legible (kLegiblePixels).
    qreal legibleScale() const;
    GraphMinimap *minimap() const { return m_minimap; }
    void setMinimapEnabled(bool on);
    bool minimapEnabled() const { return m_minimapEnabled; }

    static constexpr qreal kLegiblePixels = 8.5;

public Q_SLOTS:
    void fitToWindow();
    void zoomIn();
    void zoomOut();

Q_SIGNALS:
    void nodeClicked(const QString &id);
    void nodeDoubleClicked(const QString &id);

protected:
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void drawForeground(QPainter *painter, const QRectF &rect) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    QString nodeAt(const QPoint &pos) const;
    // The node nearest `from`'s centre in the arrow's direction (within 60
    // degrees of it); the top-left one when nothing is selected; empty at an edge.
    QString nodeToward(const QString &from, int key) const;
    void zoomBy(qreal factor);

    QGraphicsScene m_scene;
    QHash<QString, GraphNodeItem *> m_nodes;
    QString m_selected;
    QPointF m_top;  // the centre of the first node: where a too-large graph is shown from
    GraphMinimap *m_minimap = nullptr;
    bool m_minimapEnabled = true;
};

} // namespace katlas
