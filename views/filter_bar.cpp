// The filter bar (see filter_bar.h).
#include "filter_bar.h"

#include <QAction>
#include <QLocale>
#include <QMenu>
#include <QToolButton>

namespace katlas {

FilterBar::FilterBar(QWidget *parent) : QToolBar(tr("Filters"), parent)
{
    setObjectName(QStringLiteral("filterBar"));
}

void FilterBar::setDimensions(const std::vector<Dimension> &dimensions)
{
    clear();
    m_buttons.clear();
    m_dimensions = dimensions;
    for (const Dimension &d : m_dimensions) {
        auto *button = new QToolButton(this);
        button->setText(QString::fromStdString(d.labelFor(QLocale().name().toStdString())));
        button->setPopupMode(QToolButton::InstantPopup);
        button->setObjectName(QString::fromStdString("filter_" + d.key));
        auto *menu = new QMenu(button);
        for (const std::string &v : d.values) {
            QAction *a = menu->addAction(QString::fromStdString(v));
            a->setCheckable(true);
            connect(a, &QAction::toggled, this, [this, key = d.key, v](bool on) {
                auto allowed = m_filter.allowed();
                std::set<std::string> values = allowed.count(key) ? allowed.at(key) : std::set<std::string>{};
                if (on)
                    values.insert(v);
                else
                    values.erase(v);
                if (values == (allowed.count(key) ? allowed.at(key) : std::set<std::string>{}))
                    return;
                m_filter.set(key, values);
                rebuildChecks();
                Q_EMIT filterChanged(m_filter);
            });
        }
        button->setMenu(menu);
        addWidget(button);
        m_buttons.push_back(button);
    }
    addSeparator();
    QAction *resetAction = addAction(tr("Reset filters"), this, &FilterBar::reset);
    resetAction->setObjectName(QStringLiteral("resetFilters"));
    resetAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    rebuildChecks();
}

void FilterBar::setFilter(const DimensionFilter &filter)
{
    m_filter = filter;
    rebuildChecks();
    Q_EMIT filterChanged(m_filter);
}

void FilterBar::reset() { setFilter({}); }

void FilterBar::rebuildChecks()
{
    for (size_t i = 0; i < m_buttons.size(); ++i) {
        const Dimension &d = m_dimensions[i];
        const auto it = m_filter.allowed().find(d.key);
        int checked = 0;
        for (QAction *a : m_buttons[i]->menu()->actions()) {
            const bool on = it != m_filter.allowed().end() && it->second.count(a->text().toStdString());
            const QSignalBlocker block(a);
            a->setChecked(on);
            checked += on;
        }
        const QString label = QString::fromStdString(d.labelFor(QLocale().name().toStdString()));
        m_buttons[i]->setText(checked ? QStringLiteral("%1 (%2)").arg(label).arg(checked) : label);
    }
}

} // namespace katlas
