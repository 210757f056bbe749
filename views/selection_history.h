// Back / forward over what the user selected: each step is what the window
// showed after a selection (the op or kernel, the matrix cell, the path row,
// the source line, the function), so that going back restores all of it. Going back and
// then selecting something new drops the steps ahead, as a browser does.
#pragma once

#include <QList>
#include <QString>

#include <cstdint>
#include <deque>

namespace katlas {

struct Selection {
    QString op;                  // the selected op's id, "" when none
    std::int64_t kernel = 0;     // the selected kernel (its backtraces shown), 0 when none
    int cellRow = -1;            // the matrix cell narrowing the paths, -1 when none
    int cellColumn = -1;
    QList<int> pathRow;          // the current row of the path list, as rows from the top level down
    std::int64_t sourceFile = 0; // the file the source view shows, 0 when none
    int sourceLine = 0;
    std::int64_t function = 0;   // the function whose callers and callees are shown, 0 when none

    bool operator==(const Selection &) const = default;
};

class SelectionHistory {
public:
    explicit SelectionHistory(size_t limit = 100) : m_limit(limit) {}

    // Records a selection as the newest step; the steps ahead of the current
    // one are dropped. `replaceCurrent` overwrites the current step instead
    // (a walk with the arrow keys counts as one step). A selection equal to
    // the current step records nothing.
    void visit(const Selection &selection, bool replaceCurrent = false);
    // Moves one step and returns the selection to restore, or nullptr at the end.
    const Selection *back();
    const Selection *forward();

    bool canGoBack() const { return m_current > 0; }
    bool canGoForward() const { return m_current + 1 < m_steps.size(); }
    const Selection *current() const { return m_steps.empty() ? nullptr : &m_steps[m_current]; }
    size_t size() const { return m_steps.size(); }
    size_t position() const { return m_current; }
    void clear();

private:
    std::deque<Selection> m_steps;
    size_t m_current = 0; // index into m_steps; meaningless when empty
    size_t m_limit;
};

} // namespace katlas
