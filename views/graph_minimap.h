// The bird's-eye view in a corner of the graph: the whole scene at a glance,
// the main view's viewport as a rectangle; a click or a drag moves the main
// view there. Shown only while the graph does not fit the main view.
#pragma once

#include <QGraphicsView>

namespace katlas {

class GraphMinimap : public QGraphicsView {
    Q_OBJECT
public:
    explicit GraphMinimap(QGraphicsView *main);

    // Below this size of the main view the overview would cover too much of it.
    static constexpr int kMinViewWidth = 600, kMinViewHeight = 400;

    // Refits the scene and updates the viewport rectangle; called by the
    // main view when it scrolls, zooms, resizes or gets a new graph.
    void sync();
    // The rectangle of the main view's viewport, in scene coordinates.
    QRectF shownArea() const;

protected:
    void drawForeground(QPainter *painter, const QRectF &rect) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;

private:
    void moveMainTo(const QPoint &pos);

    QGraphicsView *m_main;
};

} // namespace katlas
