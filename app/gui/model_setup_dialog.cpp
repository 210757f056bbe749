// The Model Config dialog (see model_setup_dialog.h).
#include "model_setup_dialog.h"

#include "profile/model_config.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace katlas {

namespace {

QSpinBox *sizeBox(QWidget *parent, const QString &name)
{
    auto *box = new QSpinBox(parent);
    box->setRange(1, 4096);
    box->setObjectName(name);
    return box;
}

} // namespace

ModelSetupDialog::ModelSetupDialog(const QString &indexPath, QWidget *parent)
    : QDialog(parent), m_indexPath(indexPath), m_config(new QLineEdit(this)), m_tp(sizeBox(this, QStringLiteral("tp"))),
      m_ep(sizeBox(this, QStringLiteral("ep"))), m_pageSize(sizeBox(this, QStringLiteral("pageSize"))),
      m_dpAttention(new QCheckBox(tr("Attention runs data-parallel (TP 1 per replica)"), this)), m_problem(new QLabel(this))
{
    setWindowTitle(tr("Model Config"));
    // Left at its least, the page size is what the configuration deploys:
    // its page-size setting, or the one its attention backend forces.
    m_pageSize->setMinimum(0);
    m_pageSize->setSpecialValueText(tr("From the configuration"));
    m_config->setObjectName(QStringLiteral("configPath"));
    m_config->setPlaceholderText(tr("the checkpoint's config.json"));
    m_config->setClearButtonEnabled(true);
    auto *browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString file = QFileDialog::getOpenFileName(this, tr("Model Config"), QFileInfo(m_config->text()).absolutePath(),
                                                          tr("Model configuration (*.json)"));
        if (!file.isEmpty())
            m_config->setText(file);
    });
    auto *fileRow = new QHBoxLayout;
    fileRow->addWidget(m_config, 1);
    fileRow->addWidget(browse);
    auto *intro = new QLabel(tr("With a checkpoint's config.json and the deployment's sizes, each op shows the shapes its "
                                "kernels run with per GPU and their flashinfer-trace definition names. Kept for %1.")
                                 .arg(QFileInfo(indexPath).fileName()),
                             this);
    intro->setWordWrap(true);
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #c0392b"));
    m_problem->hide();
    auto *form = new QFormLayout;
    form->addRow(tr("config.json"), fileRow);
    form->addRow(tr("Tensor parallel (TP)"), m_tp);
    form->addRow(tr("Expert parallel (EP)"), m_ep);
    form->addRow(tr("Page size"), m_pageSize);
    form->addRow(QString(), m_dpAttention);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    QPushButton *remove = buttons->addButton(tr("Remove"), QDialogButtonBox::ResetRole);
    remove->setObjectName(QStringLiteral("removeModelConfig"));
    connect(remove, &QPushButton::clicked, this, [this] {
        setSetup({});
        if (apply())
            QDialog::accept();
    });
    connect(buttons, &QDialogButtonBox::accepted, this, &ModelSetupDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addStretch(1);
    layout->addWidget(buttons);
    setSetup(AppSettings().modelSetup(indexPath));
    resize(560, 300);
}

ModelSetup ModelSetupDialog::setup() const
{
    return {m_config->text().trimmed(), m_tp->value(), m_ep->value(), m_pageSize->value(), m_dpAttention->isChecked()};
}

void ModelSetupDialog::setSetup(const ModelSetup &setup)
{
    m_config->setText(setup.configPath);
    m_tp->setValue(setup.tp);
    m_ep->setValue(setup.ep);
    m_pageSize->setValue(setup.pageSize);
    m_dpAttention->setChecked(setup.dpAttention);
}

bool ModelSetupDialog::apply()
{
    const ModelSetup s = setup();
    QString problem;
    std::string error;
    if (!s.configPath.isEmpty() && !readModelConfig(s.configPath.toStdString(), &error))
        problem = QString::fromStdString(error);
    else if (s.tp % s.ep != 0)
        problem = tr("EP %1 does not divide TP %2.").arg(s.ep).arg(s.tp);
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    if (!problem.isEmpty())
        return false;
    AppSettings().setModelSetup(m_indexPath, s);
    return true;
}

QString ModelSetupDialog::problem() const { return m_problem->text(); }

void ModelSetupDialog::accept()
{
    if (apply())
        QDialog::accept();
}

} // namespace katlas
