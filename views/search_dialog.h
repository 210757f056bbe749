// Ctrl+K: find an op, kernel, function or file by typing parts of its name;
// arrows choose, Enter jumps there.
#pragma once

#include <QDialog>

#include <set>
#include <string>
#include <vector>

class QCheckBox;
class QLineEdit;
class QListWidget;

namespace katlas {

struct SearchItem {
    enum class Kind { Op, Kernel, Function, File };
    Kind kind = Kind::Op;
    QString text;    // what is matched and shown
    QString detail;  // shown after it
    QString target;  // op id, or symbol / file id as text
    bool remote = false; // an op no named configuration runs: after the others
};

// Fuzzy score of `query` in `text`: characters in order, consecutive and
// word-start matches worth more; -1 when they do not all appear.
int fuzzyScore(const QString &query, const QString &text);

class SearchDialog : public QDialog {
    Q_OBJECT
public:
    explicit SearchDialog(QWidget *parent = nullptr);
    // The index's kernels, functions and files: set when an index opens.
    void setIndexItems(std::vector<SearchItem> items);
    // The graph's ops, set each time it is rebuilt; those in `idle` do not
    // run under the configuration: hidden, unless the "show ops that do not
    // run" box is ticked, and then listed after the others.
    void setOps(std::vector<SearchItem> ops, std::set<std::string> idle);
    void setShowIdle(bool show);
    void setQuery(const QString &query);
    // The visible results, best first.
    std::vector<SearchItem> results() const;
    void acceptCurrent();

Q_SIGNALS:
    void chosen(const SearchItem &item);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void refresh();
    // Replaces the items of `kind` (ops) or of every other kind; the list
    // is worked out again when the dialog is shown or the query changes.
    void replace(bool ops, std::vector<SearchItem> items);

    bool idle(const SearchItem &item) const;

    QLineEdit *m_edit;
    QListWidget *m_list;
    QCheckBox *m_showIdle;
    std::set<std::string> m_idleOps;
    std::vector<SearchItem> m_items;
    std::vector<size_t> m_shown;
};

} // namespace katlas
