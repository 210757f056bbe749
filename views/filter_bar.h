// Checkable values for each dimension found in the index (attention backend,
// MoE runner, quantization, attention path, stage, platform), and a reset.
#pragma once

#include "profile/profile.h"
#include "trace/dimension_filter.h"

#include <QToolBar>

class QToolButton;

namespace katlas {

class FilterBar : public QToolBar {
    Q_OBJECT
public:
    explicit FilterBar(QWidget *parent = nullptr);

    // One menu per dimension with the values the profile and the index know.
    void setDimensions(const std::vector<Dimension> &dimensions);
    DimensionFilter filter() const { return m_filter; }
    void setFilter(const DimensionFilter &filter);

public Q_SLOTS:
    void reset();

Q_SIGNALS:
    void filterChanged(const DimensionFilter &filter);

private:
    void rebuildChecks();

    std::vector<Dimension> m_dimensions;
    DimensionFilter m_filter;
    std::vector<QToolButton *> m_buttons;
};

} // namespace katlas
