// The Callers / Callees panel: the call hierarchy of the selected function or
// kernel, in either direction, or a line saying what to select. Enter or a
// double-click on a row asks to select that function.
#pragma once

#include "call_hierarchy_model.h"

#include <QWidget>

class QLabel;
class QToolButton;
class QTreeView;

namespace katlas {

class CallHierarchyPanel : public QWidget {
    Q_OBJECT
public:
    explicit CallHierarchyPanel(QWidget *parent = nullptr);

    // The hierarchy of `symbolId` (kept as it is when it is already shown).
    void showFunction(const CallIndex *index, std::int64_t symbolId);
    // Nothing to show: `why` says what to select.
    void showMessage(const QString &why);
    void setDirection(CallHierarchyModel::Direction direction);

    CallHierarchyModel *model() const { return m_model; }
    QTreeView *tree() const { return m_tree; }
    QString title() const;

Q_SIGNALS:
    void functionActivated(std::int64_t symbolId);

private:
    void refresh();

    QToolButton *m_callers;
    QToolButton *m_callees;
    QLabel *m_title;
    QTreeView *m_tree;
    CallHierarchyModel *m_model;
    const CallIndex *m_index = nullptr;
    std::int64_t m_symbol = 0;
};

} // namespace katlas
