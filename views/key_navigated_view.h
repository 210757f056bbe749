// Item views that tell whether their current item is being moved by the
// keyboard, so that the window can count a walk with the arrow keys as one
// step of its history. Tab leaves the view instead of moving between cells.
#pragma once

#include <QAbstractItemView>
#include <QKeyEvent>
#include <QScopedValueRollback>

namespace katlas {

class KeyboardMoves {
public:
    virtual ~KeyboardMoves() = default;
    // True while a key press is moving the view's current item.
    bool movingByKeyboard() const { return m_keyboard; }
    // The same for any view: false for one that does not tell.
    static bool of(const QAbstractItemView *view)
    {
        const auto *moves = dynamic_cast<const KeyboardMoves *>(view);
        return moves && moves->movingByKeyboard();
    }

protected:
    bool m_keyboard = false;
};

template <class View>
class KeyNavigatedView : public View, public KeyboardMoves {
public:
    explicit KeyNavigatedView(QWidget *parent = nullptr) : View(parent) { View::setTabKeyNavigation(false); }

protected:
    void keyPressEvent(QKeyEvent *event) override
    {
        const QScopedValueRollback<bool> keyboard(m_keyboard, true);
        View::keyPressEvent(event);
    }
};

} // namespace katlas
