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
};

// Fuzzy score of `query` in `text`: characters in order, consecutive and
// word-start matches worth more; -1 when they do not all appear.
int fuzzyScore(const QString &query, const QString &text);

class SearchDialog : public QDialog {
    Q_OBJECT
public:
    explicit SearchDialog(QWidget *parent = nullptr);
    void setItems(std::vector<SearchItem> items);
    // Replaces the items of one kind (the ops, when the graph is rebuilt).
    void replaceItems(SearchItem::Kind kind, std::vector<SearchItem> items);
    // Ops that do not run under the configuration: hidden, unless the
    // "show ops that do not run" box is ticked, and then listed after the others.
    void setIdleOps(const std::set<std::string> &ids);
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

    bool idle(const SearchItem &item) const;

    QLineEdit *m_edit;
    QListWidget *m_list;
    QCheckBox *m_showIdle;
    std::set<std::string> m_idleOps;
    std::vector<SearchItem> m_items;
    std::vector<size_t> m_shown;
};

} // namespace katlas
