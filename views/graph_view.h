// The execution graph in the centre of the window: laid out by Graphviz,
// drawn with our items; zoom with the wheel or Ctrl+= / Ctrl+- / Ctrl+0,
// pan by dragging; the selected node stays in place when the graph changes.
#pragma once

#include "layout/graph_layout.h"

#include <QGraphicsView>
#include <QHash>

namespace katlas {

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

private:
    QString nodeAt(const QPoint &pos) const;

    QGraphicsScene m_scene;
    QHash<QString, GraphNodeItem *> m_nodes;
    QString m_selected;
};

} // namespace katlas
