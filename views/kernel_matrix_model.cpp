// The kernel matrix model (see kernel_matrix_model.h).
#include "kernel_matrix_model.h"

#include <QBrush>
#include <QColor>

namespace katlas {

KernelMatrixModel::KernelMatrixModel(QObject *parent) : QAbstractTableModel(parent) {}

void KernelMatrixModel::setMatrix(const ConfigMatrix &matrix)
{
    beginResetModel();
    m_matrix = matrix;
    endResetModel();
}

int KernelMatrixModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_matrix.rows.size());
}

int KernelMatrixModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_matrix.columns.size());
}

QVariant KernelMatrixModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const auto &cell = m_matrix.cells[static_cast<size_t>(index.row())][static_cast<size_t>(index.column())];
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        if (cell.empty())
            return tr("no path");
        QStringList names;
        for (const std::string &k : cell)
            names << QString::fromStdString(k);
        return names.join(role == Qt::DisplayRole ? QStringLiteral("\n") : QStringLiteral(", "));
    }
    if (role == Qt::ForegroundRole && cell.empty())
        return QBrush(QColor(Qt::gray));
    return {};
}

QVariant KernelMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    const auto &labels = orientation == Qt::Horizontal ? m_matrix.columns : m_matrix.rows;
    if (section < 0 || static_cast<size_t>(section) >= labels.size())
        return {};
    return QString::fromStdString(labels[static_cast<size_t>(section)]);
}

} // namespace katlas
