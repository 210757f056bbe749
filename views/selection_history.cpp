// The selection history (see selection_history.h).
#include "selection_history.h"

namespace katlas {

void SelectionHistory::visit(const Selection &selection, bool replaceCurrent)
{
    if (const Selection *now = current(); now && *now == selection)
        return;
    if (!m_steps.empty())
        m_steps.erase(m_steps.begin() + static_cast<std::ptrdiff_t>(m_current) + 1, m_steps.end());
    if (replaceCurrent && !m_steps.empty()) {
        m_steps.back() = selection;
        return;
    }
    m_steps.push_back(selection);
    while (m_steps.size() > m_limit)
        m_steps.pop_front();
    m_current = m_steps.size() - 1;
}

const Selection *SelectionHistory::back()
{
    if (!canGoBack())
        return nullptr;
    return &m_steps[--m_current];
}

const Selection *SelectionHistory::forward()
{
    if (!canGoForward())
        return nullptr;
    return &m_steps[++m_current];
}

void SelectionHistory::clear()
{
    m_steps.clear();
    m_current = 0;
}

} // namespace katlas
