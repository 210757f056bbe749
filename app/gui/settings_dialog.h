// Settings: the repositories and profile New Index and Re-index start from,
// the theme and the language. OK and Apply validate (a repository folder must
// exist, a profile must load) and store; Cancel changes nothing.
#pragma once

#include "app_settings.h"

#include <QDialog>

class QComboBox;
class QLabel;
namespace katlas {

class ProfilePicker;
class RepoTable;

class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    explicit SettingsDialog(QWidget *parent = nullptr);

    // Validates and stores; false (with the reason shown in the dialog) when
    // something is wrong, and then nothing is stored.
    bool apply();
    // The reason shown for the last failed apply ("" after a good one).
    QString problem() const;

    // For tests: the widgets a user edits.
    RepoTable *repoTable() const { return m_repos; }
    QComboBox *profileBox() const;
    QComboBox *themeBox() const { return m_theme; }
    QComboBox *languageBox() const { return m_language; }

    void accept() override;

private:
    QWidget *repositoriesPage();
    QWidget *appearancePage();

    RepoTable *m_repos;
    ProfilePicker *m_profile;
    QComboBox *m_theme;
    QComboBox *m_language;
    QLabel *m_problem;
};

} // namespace katlas
