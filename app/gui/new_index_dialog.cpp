// The New Index dialog (see new_index_dialog.h).
#include "new_index_dialog.h"

#include "app_settings.h"
#include "profile_picker.h"
#include "repo_table.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFormLayout>
#include <QLineEdit>

namespace katlas {

NewIndexDialog::NewIndexDialog(QWidget *parent)
    : QDialog(parent), m_repos(new RepoTable(this)), m_profile(new ProfilePicker(this)), m_db(new QLineEdit(this))
{
    setWindowTitle(tr("New Index"));
    // Start from the repositories and profile of the settings.
    const AppSettings settings;
    m_repos->setRepos(settings.repos());
    m_profile->setProfile(settings.profile());
    m_db->setText(QDir::home().filePath(QStringLiteral("sglang.katlas")));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *form = new QFormLayout(this);
    form->addRow(tr("Repositories"), m_repos);
    form->addRow(QString(), m_repos->createButtons(this));
    form->addRow(tr("Profile"), m_profile);
    form->addRow(tr("Database"), m_db);
    form->addRow(buttons);
    resize(640, 360);
}

std::vector<RepoInput> NewIndexDialog::repos() const { return m_repos->repos(); }

std::optional<Profile> NewIndexDialog::profile(QString *error) const
{
    return AppSettings::loadProfileSetting(m_profile->profile(), error);
}

QString NewIndexDialog::databasePath() const { return m_db->text(); }

} // namespace katlas
