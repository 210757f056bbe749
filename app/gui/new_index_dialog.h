// New Index: the repositories to index (name and folder), the profile, and
// where to write the database.
#pragma once

#include "index/indexer.h"

#include <QDialog>

#include <optional>

class QLineEdit;
namespace katlas {

class ProfilePicker;
class RepoTable;

class NewIndexDialog : public QDialog {
    Q_OBJECT
public:
    explicit NewIndexDialog(QWidget *parent = nullptr);

    std::vector<RepoInput> repos() const;
    std::optional<Profile> profile(QString *error) const;
    QString databasePath() const;

private:
    RepoTable *m_repos;
    ProfilePicker *m_profile;
    QLineEdit *m_db;
};

} // namespace katlas
