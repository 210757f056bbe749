// The search dialog (see search_dialog.h).
#include "search_dialog.h"

#include <QCheckBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QListWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <tuple>

namespace katlas {

int fuzzyScore(const QString &query, const QString &text)
{
    if (query.isEmpty())
        return 0;
    int score = 0, last = -2;
    qsizetype pos = 0;
    for (const QChar q : query) {
        if (q.isSpace())
            continue;
        const qsizetype at = text.indexOf(q, pos, Qt::CaseInsensitive);
        if (at < 0)
            return -1;
        score += 1;
        if (at == last + 1)
            score += 3;
        if (at == 0 || !text[at - 1].isLetterOrNumber())
            score += 2;
        last = static_cast<int>(at);
        pos = at + 1;
    }
    return score * 100 / static_cast<int>(std::max<qsizetype>(8, text.size()));
}

SearchDialog::SearchDialog(QWidget *parent)
    : QDialog(parent), m_edit(new QLineEdit(this)), m_list(new QListWidget(this)),
      m_showIdle(new QCheckBox(tr("Show ops that do not run under the configuration"), this))
{
    setWindowTitle(tr("Search"));
    m_edit->setPlaceholderText(tr("Ops, kernels, functions, files…"));
    m_edit->installEventFilter(this);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_edit);
    layout->addWidget(m_list);
    layout->addWidget(m_showIdle);
    m_showIdle->setObjectName(QStringLiteral("showIdleOps"));
    m_showIdle->setVisible(false);
    resize(860, 460); // room for an op's place beside its name
    connect(m_showIdle, &QCheckBox::toggled, this, &SearchDialog::refresh);
    connect(m_edit, &QLineEdit::textChanged, this, &SearchDialog::refresh);
    connect(m_list, &QListWidget::itemActivated, this, [this] { acceptCurrent(); });
}

void SearchDialog::replace(bool ops, std::vector<SearchItem> items)
{
    std::erase_if(m_items, [&](const SearchItem &i) { return (i.kind == SearchItem::Kind::Op) == ops; });
    m_items.insert(m_items.end(), std::make_move_iterator(items.begin()), std::make_move_iterator(items.end()));
    if (isVisible())
        refresh();
}

void SearchDialog::setIndexItems(std::vector<SearchItem> items) { replace(false, std::move(items)); }

void SearchDialog::setOps(std::vector<SearchItem> ops, std::set<std::string> idle)
{
    m_idleOps = std::move(idle);
    m_showIdle->setVisible(!m_idleOps.empty());
    replace(true, std::move(ops));
}

void SearchDialog::setShowIdle(bool show) { m_showIdle->setChecked(show); }

bool SearchDialog::idle(const SearchItem &item) const
{
    return item.kind == SearchItem::Kind::Op && m_idleOps.count(item.target.toStdString());
}

void SearchDialog::setQuery(const QString &query)
{
    m_edit->setText(query);
    refresh();
}

std::vector<SearchItem> SearchDialog::results() const
{
    std::vector<SearchItem> out;
    for (size_t i : m_shown)
        out.push_back(m_items[i]);
    return out;
}

void SearchDialog::refresh()
{
    static const QStringList kinds = {tr("op"), tr("kernel"), tr("function"), tr("file")};
    // The model's ops first, then the rest, best first in each; ops that do
    // not run under the configuration after all others, when shown. Among
    // the ops, those no named configuration runs come after the others.
    std::vector<std::tuple<bool, bool, bool, int, size_t>> scored;
    for (size_t i = 0; i < m_items.size(); ++i) {
        const bool isIdle = idle(m_items[i]);
        if (isIdle && !m_showIdle->isChecked())
            continue;
        const int s = fuzzyScore(m_edit->text(), m_items[i].text);
        if (s >= 0)
            scored.emplace_back(isIdle, m_items[i].kind != SearchItem::Kind::Op, m_items[i].remote, -s, i);
    }
    std::stable_sort(scored.begin(), scored.end());
    m_list->clear();
    m_shown.clear();
    for (size_t k = 0; k < scored.size() && k < 200; ++k) {
        const size_t at = std::get<4>(scored[k]);
        const SearchItem &item = m_items[at];
        // The kind right after the name: a long place (an op's file:line) may scroll out, the kind may not.
        QString text = QStringLiteral("%1 — %2   %3").arg(item.text, kinds[static_cast<int>(item.kind)], item.detail);
        if (std::get<0>(scored[k]))
            text += QStringLiteral("   (") + tr("does not run under the configuration") + QLatin1Char(')');
        m_list->addItem(text);
        m_shown.push_back(at);
    }
    m_list->setCurrentRow(0);
}

void SearchDialog::acceptCurrent()
{
    const int row = m_list->currentRow();
    if (row < 0 || static_cast<size_t>(row) >= m_shown.size())
        return;
    Q_EMIT chosen(m_items[m_shown[static_cast<size_t>(row)]]);
    accept();
}

bool SearchDialog::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_edit && event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Down || key->key() == Qt::Key_Up) {
            const int step = key->key() == Qt::Key_Down ? 1 : -1;
            m_list->setCurrentRow(std::clamp(m_list->currentRow() + step, 0, std::max(0, m_list->count() - 1)));
            return true;
        }
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
            acceptCurrent();
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

} // namespace katlas
