// The callers (or callees) of one function as a tree that grows as it is
// expanded: the callers of each caller, and so on. Each row is a function,
// the file:line of the call and the conditions of the call's edge.
#pragma once

#include "trace/call_index.h"

#include <QStandardItemModel>

namespace katlas {

class CallHierarchyModel : public QStandardItemModel {
    Q_OBJECT
public:
    enum class Direction { Callers, Callees };
    static constexpr int SymbolRole = Qt::UserRole + 1;  // the row's function
    static constexpr int SiteRole = Qt::UserRole + 2;    // the call site of the row's call
    static constexpr int FetchedRole = Qt::UserRole + 3; // its own rows are in

    explicit CallHierarchyModel(QObject *parent = nullptr);
    // The first level below `symbolId`; `index` must outlive the model's rows.
    void setRoot(const CallIndex *index, std::int64_t symbolId, Direction direction);
    void clearRoot();
    std::int64_t root() const { return m_root; }
    Direction direction() const { return m_direction; }

    bool hasChildren(const QModelIndex &parent = {}) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

private:
    // Appends the rows of `symbolId` under `parent` (the invisible root for the first level).
    void addLevel(QStandardItem *parent, std::int64_t symbolId);

    const CallIndex *m_index = nullptr;
    std::int64_t m_root = 0;
    Direction m_direction = Direction::Callers;
};

} // namespace katlas
