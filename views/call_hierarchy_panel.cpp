// The Callers / Callees panel (see call_hierarchy_panel.h).
#include "call_hierarchy_panel.h"

#include <QButtonGroup>
#include <algorithm>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QStyledItemDelegate>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace katlas {
namespace {

// Names and locations keep their end (the class and the function, the file
// and the line); conditions keep their start.
class KeepEndDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        option->textElideMode = index.column() < 2 ? Qt::ElideLeft : Qt::ElideRight;
    }
};

} // namespace

CallHierarchyPanel::CallHierarchyPanel(QWidget *parent)
    : QWidget(parent), m_callers(new QToolButton(this)), m_callees(new QToolButton(this)), m_title(new QLabel(this)),
      m_tree(new QTreeView(this)), m_model(new CallHierarchyModel(this))
{
    m_callers->setText(tr("Callers"));
    m_callers->setToolTip(tr("Who calls the function, and who calls them"));
    m_callees->setText(tr("Callees"));
    m_callees->setToolTip(tr("What the function calls, and what they call"));
    auto *group = new QButtonGroup(this);
    for (QToolButton *b : {m_callers, m_callees}) {
        b->setCheckable(true);
        b->setAutoRaise(true);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        group->addButton(b);
    }
    m_callers->setChecked(true);
    m_callers->setObjectName(QStringLiteral("callersButton"));
    m_callees->setObjectName(QStringLiteral("calleesButton"));
    connect(m_callers, &QToolButton::toggled, this, [this](bool on) {
        if (on)
            setDirection(CallHierarchyModel::Direction::Callers);
    });
    connect(m_callees, &QToolButton::toggled, this, [this](bool on) {
        if (on)
            setDirection(CallHierarchyModel::Direction::Callees);
    });
    m_title->setWordWrap(true);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setObjectName(QStringLiteral("callHierarchyTitle"));
    m_tree->setModel(m_model);
    m_tree->setAccessibleName(tr("Call hierarchy"));
    m_tree->setUniformRowHeights(true);
    m_tree->setItemDelegate(new KeepEndDelegate(m_tree));
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tree->header()->setSectionResizeMode(QHeaderView::Interactive);
    m_tree->header()->setStretchLastSection(true);
    connect(m_tree, &QTreeView::activated, this, [this](const QModelIndex &row) {
        if (const qint64 symbol = row.data(CallHierarchyModel::SymbolRole).toLongLong())
            Q_EMIT functionActivated(symbol);
    });

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_callers);
    bar->addWidget(m_callees);
    bar->addWidget(m_title, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(m_tree, 1);
    layout->addStretch(0); // keeps the message at the top while the tree is hidden
    setFocusProxy(m_tree);
    showMessage({});
}

void CallHierarchyPanel::showFunction(const CallIndex *index, std::int64_t symbolId)
{
    if (index == m_index && symbolId == m_symbol && m_model->root() == symbolId)
        return;
    m_index = index;
    m_symbol = symbolId;
    refresh();
}

void CallHierarchyPanel::showMessage(const QString &why)
{
    m_index = nullptr;
    m_symbol = 0;
    m_model->clearRoot();
    m_title->setText(why);
    m_tree->hide();
}

void CallHierarchyPanel::setDirection(CallHierarchyModel::Direction direction)
{
    (direction == CallHierarchyModel::Direction::Callers ? m_callers : m_callees)->setChecked(true);
    if (direction != m_model->direction())
        refresh();
}

QString CallHierarchyPanel::title() const { return m_title->text(); }

void CallHierarchyPanel::refresh()
{
    const auto direction = m_callers->isChecked() ? CallHierarchyModel::Direction::Callers : CallHierarchyModel::Direction::Callees;
    if (!m_index || !m_symbol) {
        m_model->setRoot(nullptr, 0, direction);
        return;
    }
    m_model->setRoot(m_index, m_symbol, direction);
    const QString name = QString::fromStdString(m_index->symbol(m_symbol).qualName);
    const bool callers = direction == CallHierarchyModel::Direction::Callers;
    if (m_model->rowCount() == 0)
        m_title->setText(callers ? tr("Nothing the index knows calls %1.").arg(name) : tr("%1 calls nothing the index resolved.").arg(name));
    else
        m_title->setText(callers ? tr("Callers of %1 (%2)").arg(name).arg(m_model->rowCount())
                                 : tr("Callees of %1 (%2)").arg(name).arg(m_model->rowCount()));
    m_tree->setVisible(m_model->rowCount() > 0);
    // Wide enough for most names, never so wide that the conditions leave the panel.
    for (int column : {0, 1}) {
        m_tree->resizeColumnToContents(column);
        m_tree->setColumnWidth(column, std::min(m_tree->columnWidth(column), std::max(160, m_tree->viewport()->width() * 2 / 5)));
    }
}

} // namespace katlas
