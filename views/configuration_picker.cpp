// The configuration picker (see configuration_picker.h).
#include "configuration_picker.h"

#include <QLocale>

namespace katlas {

ConfigurationPicker::ConfigurationPicker(QWidget *parent) : QComboBox(parent)
{
    setObjectName(QStringLiteral("configurationPicker"));
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    setToolTip(tr("Trace under one deployment: the preset sets the filters"));
    setAccessibleName(tr("Configuration"));
    setConfigurations({});
    connect(this, &QComboBox::activated, this, [this](int index) { Q_EMIT chosen(itemData(index).toString()); });
}

void ConfigurationPicker::setConfigurations(const std::vector<Configuration> &configurations)
{
    const QSignalBlocker block(this);
    clear();
    addItem(tr("Any configuration"), QString());
    const std::string locale = QLocale().name().toStdString();
    for (const Configuration &c : configurations) {
        addItem(QString::fromStdString(c.labelFor(locale)), QString::fromStdString(c.name));
        setItemData(count() - 1, QString::fromStdString(c.description), Qt::ToolTipRole);
    }
    setEnabled(!configurations.empty());
}

QString ConfigurationPicker::configuration() const { return currentData().toString(); }

void ConfigurationPicker::setConfiguration(const QString &name)
{
    const QSignalBlocker block(this);
    const int index = name.isEmpty() ? 0 : findData(name);
    setCurrentIndex(index < 0 ? 0 : index);
}

} // namespace katlas
