// The chooser of a call's targets (see definition_chooser.h).
#include "definition_chooser.h"

#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QScreen>
#include <QVBoxLayout>

#include <algorithm>

namespace katlas {

DefinitionChooser::DefinitionChooser(QWidget *parent)
    : QFrame(parent, Qt::Popup), m_title(new QLabel(this)), m_list(new QListWidget(this))
{
    setObjectName(QStringLiteral("definitionChooser"));
    setFrameShape(QFrame::StyledPanel);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(2);
    layout->addWidget(m_title);
    layout->addWidget(m_list);
    m_list->setAccessibleName(tr("Definitions"));
    m_list->installEventFilter(this);
    connect(m_list, &QListWidget::itemClicked, this, [this] { acceptCurrent(); });
}

void DefinitionChooser::popup(const QString &call, const std::vector<DefinitionChoice> &choices, const QPoint &globalPos)
{
    m_title->setText(tr("%1 goes to %n definition(s):", nullptr, static_cast<int>(choices.size())).arg(call));
    m_list->clear();
    for (const DefinitionChoice &c : choices) {
        // The conditions right after the name: they tell the targets apart.
        QString text = c.name;
        if (!c.conditions.isEmpty())
            text += QStringLiteral("   ⟨%1⟩").arg(c.conditions);
        text += QStringLiteral("  —  %1").arg(c.location);
        auto *item = new QListWidgetItem(text, m_list);
        item->setData(Qt::UserRole, QVariant::fromValue<qint64>(c.symbolId));
        item->setToolTip(QStringLiteral("%1\n%2").arg(c.qualName, c.conditions.isEmpty() ? tr("Always") : c.conditions));
    }
    m_list->setCurrentRow(0);
    const int rows = std::min(static_cast<int>(choices.size()), 12);
    const int width = std::min(m_list->sizeHintForColumn(0) + 40, 900);
    m_list->setFixedSize(std::max(width, 320), rows * m_list->sizeHintForRow(0) + 2 * m_list->frameWidth() + 4);
    adjustSize();
    // Kept on the screen the call is on.
    QRect r(globalPos, size());
    if (const QScreen *screen = QWidget::screen()) {
        const QRect avail = screen->availableGeometry();
        r.moveRight(std::min(r.right(), avail.right()));
        if (r.bottom() > avail.bottom())
            r.moveBottom(globalPos.y() - 4);
    }
    move(r.topLeft());
    show();
    m_list->setFocus();
}

void DefinitionChooser::acceptCurrent()
{
    const QListWidgetItem *item = m_list->currentItem();
    hide();
    if (item)
        Q_EMIT chosen(item->data(Qt::UserRole).toLongLong());
}

bool DefinitionChooser::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_list && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Return || key == Qt::Key_Enter) {
            acceptCurrent();
            return true;
        }
        if (key == Qt::Key_Escape) {
            hide();
            return true;
        }
    }
    return QFrame::eventFilter(watched, event);
}

} // namespace katlas
