// The configuration picker: "Any configuration" and the profile's presets
// ("H200 FP8 decode", ...) in a combo box beside the filter bar.
#pragma once

#include "profile/profile.h"

#include <QComboBox>

namespace katlas {

class ConfigurationPicker : public QComboBox {
    Q_OBJECT
public:
    explicit ConfigurationPicker(QWidget *parent = nullptr);

    // Item 0 is "Any configuration"; the presets follow, labelled in the UI
    // language when the profile has a label for it.
    void setConfigurations(const std::vector<Configuration> &configurations);
    // The chosen preset's name, "" for any configuration.
    QString configuration() const;
    // Shows `name` ("" or unknown: any configuration) without emitting chosen().
    void setConfiguration(const QString &name);

Q_SIGNALS:
    // The user picked an item; "" for any configuration.
    void chosen(const QString &name);
};

} // namespace katlas
