// Settings → Model Config: the checkpoint's config.json and the deployment
// (TP, EP, page size, DP attention) the open index's shapes and definitions
// are computed for. OK checks that the file is a model configuration and
// stores it with the index's settings; Remove clears it.
#pragma once

#include "app_settings.h"

#include <QDialog>

class QCheckBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace katlas {

class ModelSetupDialog : public QDialog {
    Q_OBJECT
public:
    ModelSetupDialog(const QString &indexPath, QWidget *parent = nullptr);

    ModelSetup setup() const;
    void setSetup(const ModelSetup &setup);
    // Validates and stores; false (the reason shown) when the file cannot be read.
    bool apply();
    QString problem() const;

    void accept() override;

private:
    QString m_indexPath;
    QLineEdit *m_config;
    QSpinBox *m_tp;
    QSpinBox *m_ep;
    QSpinBox *m_pageSize;
    QCheckBox *m_dpAttention;
    QLabel *m_problem;
};

} // namespace katlas
