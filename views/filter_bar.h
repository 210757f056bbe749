// The active filter in one line under the toolbar: each chosen value a chip
// ("Stage: decode ✕", a click removes it), the configuration panel's toggle,
// and "Reset filters", always visible. The line scrolls when the chips do
// not fit; nothing is hidden behind an overflow menu.
#pragma once

#include "profile/profile.h"
#include "trace/dimension_filter.h"

#include <QToolBar>

class QHBoxLayout;
class QScrollArea;

namespace katlas {

class FilterBar : public QToolBar {
    Q_OBJECT
public:
    explicit FilterBar(QWidget *parent = nullptr);

    // The dimensions' labels and order, for the chips.
    void setDimensions(const std::vector<Dimension> &dimensions);
    DimensionFilter filter() const { return m_filter; }
    // Shows `filter` and emits filterChanged.
    void setFilter(const DimensionFilter &filter);
    // Puts the action that shows the configuration panel before the chips.
    void setPanelAction(QAction *action);
    // The chips shown, as "key=value" (for tests).
    QStringList chips() const;

public Q_SLOTS:
    void reset();

Q_SIGNALS:
    void filterChanged(const DimensionFilter &filter);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void rebuildChips();
    void fitHeight();

    std::vector<Dimension> m_dimensions;
    DimensionFilter m_filter;
    QScrollArea *m_scroll;
    QWidget *m_chipRow;
    QHBoxLayout *m_chipLayout;
    QAction *m_panelAction = nullptr;
};

} // namespace katlas
