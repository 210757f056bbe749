// The Configuration dock: the named configurations on top, then one value
// chooser per dimension, grouped (hardware, model settings, backends, stage,
// other) as the profile groups them. Every dimension is reachable: the panel
// scrolls rather than hiding any.
#pragma once

#include "profile/profile.h"
#include "trace/dimension_filter.h"

#include <QScrollArea>

#include <vector>

namespace katlas {

class ConfigurationPicker;
class DimensionButton;

class ConfigurationPanel : public QScrollArea {
    Q_OBJECT
public:
    explicit ConfigurationPanel(QWidget *parent = nullptr);

    void setDimensions(const std::vector<Dimension> &dimensions);
    void setFilter(const DimensionFilter &filter); // shows it; emits nothing
    DimensionFilter filter() const { return m_filter; }
    ConfigurationPicker *picker() const { return m_picker; }
    DimensionButton *button(const std::string &key) const;

Q_SIGNALS:
    void filterChanged(const DimensionFilter &filter);

private:
    ConfigurationPicker *m_picker;
    std::vector<DimensionButton *> m_buttons;
    DimensionFilter m_filter;
};

} // namespace katlas
