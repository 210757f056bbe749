// The New Index dialog (see new_index_dialog.h).
#include "new_index_dialog.h"

#include "app_settings.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>

namespace katlas {

NewIndexDialog::NewIndexDialog(QWidget *parent)
    : QDialog(parent), m_repos(new QTableWidget(0, 2, this)), m_profile(new QComboBox(this)), m_db(new QLineEdit(this))
{
    setWindowTitle(tr("New Index"));
    m_repos->setHorizontalHeaderLabels({tr("Name"), tr("Folder")});
    m_repos->horizontalHeader()->setStretchLastSection(true);
    // Start from the repositories and profile of the settings.
    const AppSettings settings;
    std::vector<RepoInput> repos = settings.repos();
    if (repos.empty())
        repos = {{"sglang", {}}, {"flashinfer", {}}};
    m_repos->setRowCount(static_cast<int>(repos.size()));
    for (size_t r = 0; r < repos.size(); ++r) {
        m_repos->setItem(static_cast<int>(r), 0, new QTableWidgetItem(QString::fromStdString(repos[r].name)));
        m_repos->setItem(static_cast<int>(r), 1, new QTableWidgetItem(repos[r].path));
    }
    auto *browse = new QPushButton(tr("Choose Folder…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const int row = std::max(0, m_repos->currentRow());
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Repository Folder"));
        if (!dir.isEmpty())
            m_repos->setItem(row, 1, new QTableWidgetItem(dir));
    });
    auto *addRow = new QPushButton(tr("Add Repository"), this);
    connect(addRow, &QPushButton::clicked, this, [this] { m_repos->insertRow(m_repos->rowCount()); });
    m_profile->setEditable(true);
    m_profile->addItems({QStringLiteral("sglang"), QStringLiteral("demo")});
    m_profile->setCurrentText(settings.profile());
    m_profile->setToolTip(tr("A built-in profile name, or the path of a profile JSON file"));
    m_db->setText(QDir::home().filePath(QStringLiteral("sglang.katlas")));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *form = new QFormLayout(this);
    form->addRow(tr("Repositories"), m_repos);
    form->addRow(QString(), browse);
    form->addRow(QString(), addRow);
    form->addRow(tr("Profile"), m_profile);
    form->addRow(tr("Database"), m_db);
    form->addRow(buttons);
    resize(640, 360);
}

std::vector<RepoInput> NewIndexDialog::repos() const
{
    std::vector<RepoInput> out;
    for (int r = 0; r < m_repos->rowCount(); ++r) {
        const QTableWidgetItem *name = m_repos->item(r, 0), *path = m_repos->item(r, 1);
        if (name && path && !name->text().isEmpty() && !path->text().isEmpty())
            out.push_back({name->text().toStdString(), path->text()});
    }
    return out;
}

std::optional<Profile> NewIndexDialog::profile(QString *error) const
{
    return AppSettings::loadProfileSetting(m_profile->currentText(), error);
}

QString NewIndexDialog::databasePath() const { return m_db->text(); }

} // namespace katlas
