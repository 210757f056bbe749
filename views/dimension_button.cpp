// A dimension's value chooser (see dimension_button.h).
#include "dimension_button.h"

#include <QAction>
#include <QMenu>

namespace katlas {

DimensionButton::DimensionButton(const Dimension &dimension, QWidget *parent) : QToolButton(parent), m_key(dimension.key)
{
    setObjectName(QString::fromStdString("filter_" + dimension.key));
    setPopupMode(QToolButton::InstantPopup);
    setToolButtonStyle(Qt::ToolButtonTextOnly);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    auto *menu = new QMenu(this);
    QAction *any = menu->addAction(tr("Any"));
    any->setObjectName(QStringLiteral("any"));
    connect(any, &QAction::triggered, this, [this] {
        if (m_values.empty())
            return;
        setValues({});
        Q_EMIT changed(m_key, m_values);
    });
    menu->addSeparator();
    for (const std::string &v : dimension.values) {
        QAction *a = menu->addAction(QString::fromStdString(v));
        a->setCheckable(true);
        connect(a, &QAction::toggled, this, [this, v](bool on) {
            std::set<std::string> values = m_values;
            if (on)
                values.insert(v);
            else
                values.erase(v);
            if (values == m_values)
                return;
            setValues(values);
            Q_EMIT changed(m_key, m_values);
        });
    }
    setMenu(menu);
    showValues();
}

void DimensionButton::setValues(const std::set<std::string> &values)
{
    m_values = values;
    for (QAction *a : menu()->actions())
        if (a->isCheckable()) {
            const QSignalBlocker block(a);
            a->setChecked(m_values.count(a->text().toStdString()));
        }
    showValues();
}

void DimensionButton::showValues()
{
    QStringList shown;
    for (const std::string &v : m_values)
        shown << QString::fromStdString(v);
    setText(shown.isEmpty() ? tr("Any") : shown.join(QStringLiteral(", ")));
    QFont f = font();
    f.setBold(!shown.isEmpty()); // a value chosen stands out from "Any"
    setFont(f);
}

} // namespace katlas
