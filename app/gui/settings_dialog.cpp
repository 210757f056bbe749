// The Settings dialog (see settings_dialog.h).
#include "settings_dialog.h"

#include "profile_picker.h"
#include "repo_table.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

namespace katlas {

SettingsDialog::SettingsDialog(QWidget *parent)
    : QDialog(parent), m_repos(new RepoTable(this)), m_profile(new ProfilePicker(this)), m_theme(new QComboBox(this)),
      m_language(new QComboBox(this)), m_problem(new QLabel(this))
{
    setWindowTitle(tr("Settings"));
    auto *tabs = new QTabWidget(this);
    tabs->addTab(repositoriesPage(), tr("Repositories and profile"));
    tabs->addTab(appearancePage(), tr("Appearance and language"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #c0392b"));
    m_problem->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problem->hide();
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::Apply, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this, &SettingsDialog::apply);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(tabs);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);
    resize(680, 420);
}

QWidget *SettingsDialog::repositoriesPage()
{
    auto *page = new QWidget(this);
    const AppSettings settings;
    m_repos->setRepos(settings.repos());
    m_profile->setProfile(settings.profile());

    auto *form = new QFormLayout(page);
    form->addRow(new QLabel(tr("New Index starts from these repositories and this profile."), page));
    form->addRow(tr("Repositories"), m_repos);
    form->addRow(QString(), m_repos->createButtons(page));
    form->addRow(tr("Profile"), m_profile);
    return page;
}

QWidget *SettingsDialog::appearancePage()
{
    auto *page = new QWidget(this);
    const AppSettings settings;
    m_theme->addItem(tr("Follow the system"), static_cast<int>(AppSettings::Theme::System));
    m_theme->addItem(tr("Light"), static_cast<int>(AppSettings::Theme::Light));
    m_theme->addItem(tr("Dark"), static_cast<int>(AppSettings::Theme::Dark));
    m_theme->setCurrentIndex(m_theme->findData(static_cast<int>(settings.theme())));
    m_language->addItem(tr("Follow the system"), QString());
    m_language->addItem(QStringLiteral("English"), QStringLiteral("en"));
    m_language->addItem(QStringLiteral("简体中文"), QStringLiteral("zh_CN"));
    m_language->setCurrentIndex(std::max(0, m_language->findData(settings.language())));
    auto *form = new QFormLayout(page);
    form->addRow(tr("Theme"), m_theme);
    form->addRow(tr("Language"), m_language);
    form->addRow(new QLabel(tr("The window changes to a new language at once."), page));
    return page;
}

bool SettingsDialog::apply()
{
    const std::vector<RepoInput> repos = m_repos->repos();
    QString problem;
    for (const RepoInput &r : repos)
        if (problem.isEmpty())
            problem = AppSettings::repoProblem(r);
    if (problem.isEmpty())
        AppSettings::loadProfileSetting(m_profile->profile(), &problem);
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    if (!problem.isEmpty())
        return false;
    AppSettings settings;
    settings.setRepos(repos);
    settings.setProfile(m_profile->profile());
    const auto theme = static_cast<AppSettings::Theme>(m_theme->currentData().toInt());
    settings.setTheme(theme);
    AppSettings::applyTheme(theme);
    settings.setLanguage(m_language->currentData().toString());
    return true;
}

QComboBox *SettingsDialog::profileBox() const { return m_profile->comboBox(); }

QString SettingsDialog::problem() const { return m_problem->text(); }

void SettingsDialog::accept()
{
    if (apply())
        QDialog::accept();
}

} // namespace katlas
