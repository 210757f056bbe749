// The repositories table (see repo_table.h).
#include "repo_table.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>

namespace katlas {

RepoTable::RepoTable(QWidget *parent) : QTableWidget(0, 2, parent)
{
    setHorizontalHeaderLabels({tr("Name"), tr("Folder")});
    horizontalHeader()->setStretchLastSection(true);
    verticalHeader()->hide();
}

void RepoTable::setRepos(std::vector<RepoInput> repos)
{
    if (repos.empty())
        repos = {{"sglang", {}}, {"flashinfer", {}}};
    setRowCount(static_cast<int>(repos.size()));
    for (size_t r = 0; r < repos.size(); ++r) {
        setItem(static_cast<int>(r), 0, new QTableWidgetItem(QString::fromStdString(repos[r].name)));
        setItem(static_cast<int>(r), 1, new QTableWidgetItem(repos[r].path));
    }
}

std::vector<RepoInput> RepoTable::repos() const
{
    std::vector<RepoInput> out;
    for (int r = 0; r < rowCount(); ++r) {
        const QTableWidgetItem *name = item(r, 0), *path = item(r, 1);
        const QString n = name ? name->text().trimmed() : QString(), p = path ? path->text().trimmed() : QString();
        if (!p.isEmpty())
            out.push_back({n.toStdString(), p});
    }
    return out;
}

void RepoTable::chooseFolder()
{
    const int row = std::max(0, currentRow());
    if (row >= rowCount())
        return;
    const QTableWidgetItem *current = item(row, 1);
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Repository Folder"), current ? current->text() : QString());
    if (!dir.isEmpty())
        setItem(row, 1, new QTableWidgetItem(dir));
}

QLayout *RepoTable::createButtons(QWidget *parent)
{
    auto *add = new QPushButton(tr("&Add"), parent);
    auto *remove = new QPushButton(tr("&Remove"), parent);
    auto *browse = new QPushButton(tr("&Choose Folder…"), parent);
    connect(add, &QPushButton::clicked, this, [this] {
        insertRow(rowCount());
        setCurrentCell(rowCount() - 1, 0);
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        if (currentRow() >= 0)
            removeRow(currentRow());
    });
    connect(browse, &QPushButton::clicked, this, &RepoTable::chooseFolder);
    auto *row = new QHBoxLayout;
    row->addWidget(add);
    row->addWidget(remove);
    row->addWidget(browse);
    row->addStretch();
    return row;
}

} // namespace katlas
