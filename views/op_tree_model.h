// The op execution graph as a tree model, in execution order: containers,
// branches with their labels, and leaf ops with their call sites.
#pragma once

#include "trace/op_graph.h"

#include <QStandardItemModel>

namespace katlas {

class OpTreeModel : public QStandardItemModel {
    Q_OBJECT
public:
    static constexpr int IdRole = Qt::UserRole + 1;
    static constexpr int LeafRole = Qt::UserRole + 2;

    explicit OpTreeModel(QObject *parent = nullptr);
    void setGraph(const OpGraph &graph);
    QModelIndex indexForId(const QString &id) const;
};

} // namespace katlas
