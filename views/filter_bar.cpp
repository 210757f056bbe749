// The filter line (see filter_bar.h).
#include "filter_bar.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QScrollBar>
#include <QToolButton>

namespace katlas {

FilterBar::FilterBar(QWidget *parent)
    : QToolBar(tr("Filters"), parent), m_scroll(new QScrollArea(this)), m_chipRow(new QWidget), m_chipLayout(new QHBoxLayout(m_chipRow))
{
    setObjectName(QStringLiteral("filterBar"));
    setMovable(false);
    m_chipLayout->setContentsMargins(0, 0, 0, 0);
    m_chipLayout->setSpacing(4);
    m_scroll->setWidget(m_chipRow);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_scroll->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    addWidget(m_scroll);
    addSeparator();
    QAction *resetAction = addAction(tr("Reset filters"), this, &FilterBar::reset);
    resetAction->setObjectName(QStringLiteral("resetFilters"));
    resetAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    resetAction->setToolTip(tr("Clear every filter (Ctrl+R)"));
    rebuildChips();
}

void FilterBar::setPanelAction(QAction *action)
{
    m_panelAction = action;
    insertAction(actions().value(0), action);
}

void FilterBar::setDimensions(const std::vector<Dimension> &dimensions)
{
    m_dimensions = dimensions;
    rebuildChips();
}

void FilterBar::setFilter(const DimensionFilter &filter)
{
    m_filter = filter;
    rebuildChips();
    Q_EMIT filterChanged(m_filter);
}

void FilterBar::reset() { setFilter({}); }

QStringList FilterBar::chips() const
{
    QStringList out;
    for (const QToolButton *b : m_chipRow->findChildren<QToolButton *>(QString(), Qt::FindDirectChildrenOnly))
        out << b->objectName().mid(5); // "chip_key=value"
    return out;
}

void FilterBar::rebuildChips()
{
    while (QLayoutItem *item = m_chipLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const std::string locale = QLocale().name().toStdString();
    // In the profile's order, then any other dimension the filter names.
    std::vector<std::pair<std::string, QString>> order;
    for (const Dimension &d : m_dimensions)
        order.emplace_back(d.key, QString::fromStdString(d.labelFor(locale)));
    for (const auto &[key, values] : m_filter.allowed())
        if (std::none_of(order.begin(), order.end(), [&](const auto &o) { return o.first == key; }))
            order.emplace_back(key, QString::fromStdString(key));
    int shown = 0;
    for (const auto &[key, label] : order) {
        const auto it = m_filter.allowed().find(key);
        if (it == m_filter.allowed().end())
            continue;
        for (const std::string &value : it->second) {
            auto *chip = new QToolButton(m_chipRow);
            chip->setObjectName(QString::fromStdString("chip_" + key + "=" + value));
            chip->setText(QStringLiteral("%1: %2  \u2715").arg(label, QString::fromStdString(value)));
            chip->setToolTip(tr("Remove %1 = %2 from the filter").arg(label, QString::fromStdString(value)));
            chip->setAutoRaise(false);
            connect(chip, &QToolButton::clicked, this, [this, key, value] {
                DimensionFilter f = m_filter;
                auto values = f.allowed().at(key);
                values.erase(value);
                f.set(key, values);
                setFilter(f);
            });
            m_chipLayout->addWidget(chip);
            chip->show(); // now, so that the line's height counts it
            ++shown;
        }
    }
    if (!shown) {
        auto *none = new QLabel(tr("No filter: every configuration is shown."), m_chipRow);
        none->setEnabled(false);
        m_chipLayout->addWidget(none);
        none->show();
    }
    m_chipLayout->addStretch(1);
    fitHeight();
}

// One line of chips, and room for the scroll bar only when they overflow.
void FilterBar::fitHeight()
{
    const bool overflow = m_chipRow->sizeHint().width() > m_scroll->viewport()->width();
    m_scroll->setFixedHeight(m_chipRow->sizeHint().height()
                             + (overflow ? m_scroll->horizontalScrollBar()->sizeHint().height() : 0) + 2);
}

void FilterBar::resizeEvent(QResizeEvent *event)
{
    QToolBar::resizeEvent(event);
    fitHeight();
}

} // namespace katlas
