// The Configuration dock (see configuration_panel.h).
#include "configuration_panel.h"

#include "configuration_picker.h"
#include "dimension_button.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

namespace katlas {
namespace {

QString groupTitle(const std::string &group)
{
    if (group == "hardware")
        return ConfigurationPanel::tr("Hardware");
    if (group == "model")
        return ConfigurationPanel::tr("Model settings");
    if (group == "backends")
        return ConfigurationPanel::tr("Backends");
    if (group == "stage")
        return ConfigurationPanel::tr("Stage");
    return ConfigurationPanel::tr("Other");
}

} // namespace

ConfigurationPanel::ConfigurationPanel(QWidget *parent) : QScrollArea(parent), m_picker(new ConfigurationPicker(this))
{
    setObjectName(QStringLiteral("configurationPanel"));
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_picker->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    setDimensions({});
}

DimensionButton *ConfigurationPanel::button(const std::string &key) const
{
    for (DimensionButton *b : m_buttons)
        if (b->key() == key)
            return b;
    return nullptr;
}

void ConfigurationPanel::setDimensions(const std::vector<Dimension> &dimensions)
{
    m_buttons.clear();
    auto *content = new QWidget;
    auto *layout = new QVBoxLayout(content);
    auto *named = new QLabel(tr("&Named configuration:"), content);
    named->setBuddy(m_picker);
    layout->addWidget(named);
    m_picker->setParent(content);
    layout->addWidget(m_picker);
    const std::string locale = QLocale().name().toStdString();
    for (const char *group : {"hardware", "model", "backends", "stage", "other"}) {
        QGroupBox *box = nullptr;
        QFormLayout *form = nullptr;
        for (const Dimension &d : dimensions) {
            if (d.group != group)
                continue;
            if (!box) {
                box = new QGroupBox(groupTitle(group), content);
                form = new QFormLayout(box);
                form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
                form->setRowWrapPolicy(QFormLayout::WrapLongRows);
                layout->addWidget(box);
            }
            auto *b = new DimensionButton(d, box);
            const QString label = QString::fromStdString(d.labelFor(locale));
            b->setAccessibleName(label);
            b->setToolTip(label);
            connect(b, &DimensionButton::changed, this, [this](const std::string &key, const std::set<std::string> &values) {
                m_filter.set(key, values);
                Q_EMIT filterChanged(m_filter);
            });
            form->addRow(label, b);
            m_buttons.push_back(b);
        }
    }
    layout->addStretch(1);
    setWidget(content); // deletes the previous content
    setFilter(m_filter);
}

void ConfigurationPanel::setFilter(const DimensionFilter &filter)
{
    m_filter = filter;
    for (DimensionButton *b : m_buttons) {
        const auto it = m_filter.allowed().find(b->key());
        b->setValues(it == m_filter.allowed().end() ? std::set<std::string>{} : it->second);
    }
}

} // namespace katlas
