// The backend × quantization matrix of the selected op as a table model:
// each cell names the kernels reached there, or says there is no path.
#pragma once

#include "trace/config_matrix.h"

#include <QAbstractTableModel>

namespace katlas {

class KernelMatrixModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit KernelMatrixModel(QObject *parent = nullptr);
    void setMatrix(const ConfigMatrix &matrix);
    const ConfigMatrix &matrix() const { return m_matrix; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    ConfigMatrix m_matrix;
};

} // namespace katlas
