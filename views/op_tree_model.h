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
    static constexpr int IdleRole = Qt::UserRole + 3; // true: the op does not run under the configuration

    explicit OpTreeModel(QObject *parent = nullptr);
    // `idle`: ids of ops that do not run under the configuration, shown greyed.
    // `index`, when given, adds where each op is called (file:line) to its tooltip.
    void setGraph(const OpGraph &graph, const std::set<std::string> &idle = {}, const CallIndex *index = nullptr);
    QModelIndex indexForId(const QString &id) const;
};

} // namespace katlas
