// Condition chips in the path list (see condition_chip_delegate.h).
#include "condition_chip_delegate.h"

#include "path_list_model.h"

#include <QApplication>
#include <QPainter>

namespace katlas {
namespace {

constexpr int kChipPadding = 5;  // inside a chip, left and right
constexpr int kChipSpacing = 4;  // between chips
constexpr int kChipRadius = 6;
constexpr int kChipChars = 48;   // a longer condition is elided on its chip (the tooltip has it whole)

QStringList chipsOf(const QModelIndex &index) { return index.data(PathListModel::ChipsRole).toStringList(); }

// A chip's text as painted: at most about kChipChars characters wide.
QString chipText(const QFontMetrics &fm, const QString &text)
{
    return fm.elidedText(text, Qt::ElideMiddle, fm.averageCharWidth() * kChipChars);
}

} // namespace

QColor ConditionChipDelegate::chipColor(const QString &dimension) const
{
    if (dimension.isEmpty())
        return QColor(0xe0, 0xe0, 0xe0);
    if (dimension == QLatin1String(kRuntime))
        return QColor(0xfa, 0xfa, 0xf2); // nearly white: "may run", decided by the batch
    // Soft pastel hues, light enough for dark text in either theme.
    static const QColor palette[] = {QColor(0xff, 0xe0, 0xb8), QColor(0xcf, 0xe2, 0xff), QColor(0xf0, 0xd4, 0xf4),
                                     QColor(0xd4, 0xf0, 0xd0), QColor(0xff, 0xd6, 0xd6), QColor(0xd0, 0xf0, 0xf0),
                                     QColor(0xf4, 0xf0, 0xc8), QColor(0xe4, 0xdc, 0xff), QColor(0xff, 0xcc, 0xe5),
                                     QColor(0xdc, 0xe8, 0xc8), QColor(0xc8, 0xe0, 0xe8), QColor(0xf0, 0xe0, 0xd0)};
    constexpr size_t n = sizeof palette / sizeof palette[0];
    const qsizetype place = m_order.indexOf(dimension);
    return palette[place >= 0 ? static_cast<size_t>(place) % n : qHash(dimension) % n];
}

void ConditionChipDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const QStringList chips = chipsOf(index);
    if (chips.isEmpty()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QStringList dims = index.data(PathListModel::ChipDimensionsRole).toStringList();
    QStyle *style = opt.widget ? opt.widget->style() : QApplication::style();
    // Where the text goes (asked while the option still has text), then the
    // row's background and selection as the style draws them, without text.
    const QRect area = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, opt.widget).adjusted(0, 0, 10000, 0) & opt.rect;
    opt.text.clear();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);

    const QFontMetrics fm(opt.font);
    painter->save();
    painter->setFont(opt.font);
    const QString head = index.data(PathListModel::HeadRole).toString();
    const bool selected = opt.state & QStyle::State_Selected;
    painter->setPen(opt.palette.color(selected ? QPalette::HighlightedText : QPalette::Text));
    painter->drawText(area, Qt::AlignLeft | Qt::AlignVCenter, head);
    int x = area.left() + fm.horizontalAdvance(head) + 2 * kChipSpacing;
    const int h = fm.height() + 2;
    const int y = area.top() + (area.height() - h) / 2;
    painter->setRenderHint(QPainter::Antialiasing);
    for (int i = 0; i < chips.size() && x < area.right(); ++i) {
        const QString text = chipText(fm, chips[i]);
        const int w = fm.horizontalAdvance(text) + 2 * kChipPadding;
        const QRect chip(x, y, w, h);
        const QColor fill = chipColor(dims.value(i));
        // A dashed outline: only the running batch decides this one ("may run").
        painter->setPen(QPen(fill.darker(dims.value(i) == QLatin1String(kRuntime) ? 180 : 125), 1,
                             dims.value(i) == QLatin1String(kRuntime) ? Qt::DashLine : Qt::SolidLine));
        painter->setBrush(fill);
        painter->drawRoundedRect(chip, kChipRadius, kChipRadius);
        painter->setPen(QColor(0x20, 0x20, 0x20)); // dark on the light fills, in any theme
        painter->drawText(chip, Qt::AlignCenter, text);
        x += w + kChipSpacing;
    }
    painter->restore();
}

QSize ConditionChipDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    const QStringList chips = chipsOf(index);
    if (chips.isEmpty())
        return size;
    const QFontMetrics fm(option.font);
    int width = fm.horizontalAdvance(index.data(PathListModel::HeadRole).toString()) + 2 * kChipSpacing + 8;
    for (const QString &c : chips)
        width += fm.horizontalAdvance(chipText(fm, c)) + 2 * kChipPadding + kChipSpacing;
    size.setWidth(std::max(size.width(), width));
    size.setHeight(std::max(size.height(), fm.height() + 6));
    return size;
}

} // namespace katlas
