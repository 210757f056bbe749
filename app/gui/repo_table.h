// The table of repositories (name, folder) that New Index and Settings edit,
// with the buttons that go with it: add, remove, choose a folder.
#pragma once

#include "index/indexer.h"

#include <QTableWidget>

class QLayout;

namespace katlas {

class RepoTable : public QTableWidget {
    Q_OBJECT
public:
    explicit RepoTable(QWidget *parent = nullptr);

    // The rows; with no repositories, empty sglang and flashinfer rows to fill in.
    void setRepos(std::vector<RepoInput> repos);
    // Rows with a folder (a name alone is not a repository yet).
    std::vector<RepoInput> repos() const;
    // Add / Remove / Choose Folder… buttons acting on this table.
    QLayout *createButtons(QWidget *parent);
    void chooseFolder();
};

} // namespace katlas
