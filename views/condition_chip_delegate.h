// Paints a path row of the kernel paths panel as its head text (kernel and
// source) followed by its conditions as chips: rounded labels coloured by
// dimension, grey for guard text no rule maps; a long condition is elided in
// the middle on its chip (the row's tooltip lists every condition whole).
// Rows without chips are painted as usual.
#pragma once

#include <QStyledItemDelegate>

namespace katlas {

class ConditionChipDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    // The chip dimension of guard text only the running batch decides.
    static constexpr const char *kRuntime = "~runtime";

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    // The profile's dimensions in order: each gets its own colour (by its
    // place, so the same across runs); others are coloured by their name.
    void setDimensionOrder(const QStringList &dimensions) { m_order = dimensions; }
    // The fill of a chip of `dimension` (grey for guard text, "").
    QColor chipColor(const QString &dimension) const;

private:
    QStringList m_order;
};

} // namespace katlas
