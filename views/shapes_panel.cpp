// The shapes panel (see shapes_panel.h).
#include "shapes_panel.h"

#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

#include <algorithm>

namespace katlas {

ShapesPanel::ShapesPanel(QWidget *parent) : QWidget(parent), m_label(new QLabel(this))
{
    setObjectName(QStringLiteral("shapesPanel"));
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::RichText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    m_label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_label->setAccessibleName(tr("Shapes and definitions"));
    connect(m_label, &QLabel::linkActivated, this, [this](const QString &link) {
        if (link == QLatin1String("configure"))
            Q_EMIT configureRequested();
    });
    m_label->setContentsMargins(4, 2, 4, 2);
    // Many kernels or long names scroll rather than squeeze the matrix.
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_label);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
}

void ShapesPanel::showRows(const QString &setup, const std::vector<ShapeRow> &rows)
{
    QString html = QStringLiteral("<b>%1</b> <span style='color:gray'>(%2, <a href='configure'>%3</a>)</span>")
                       .arg(tr("Shapes per GPU"), setup.toHtmlEscaped(), tr("change"));
    if (rows.empty())
        html += QStringLiteral("<br>") + tr("No kernel of this op gives a definition under the configuration.");
    // One line per definition (or per reason there is none), with the kernels giving it.
    std::vector<std::pair<QString, QStringList>> groups;
    for (const ShapeRow &r : rows) {
        const QString head = r.definition.isEmpty()
                                 ? QStringLiteral("<i>%1</i>").arg(r.note.toHtmlEscaped())
                                 : QStringLiteral("<code>%1</code> <span style='color:gray'>%2</span>").arg(r.definition.toHtmlEscaped(), r.axes.toHtmlEscaped());
        auto group = std::find_if(groups.begin(), groups.end(), [&](const auto &g) { return g.first == head; });
        if (group == groups.end())
            group = groups.insert(groups.end(), {head, {}});
        group->second << r.kernel.toHtmlEscaped();
    }
    for (const auto &[head, kernels] : groups)
        html += QStringLiteral("<br>%1<br>&nbsp;&nbsp;&nbsp;&nbsp;%2").arg(head, kernels.join(QStringLiteral(", ")));
    m_label->setText(html);
    updateGeometry();
}

void ShapesPanel::showNoConfig()
{
    updateGeometry();
    m_label->setText(tr("Shapes and definitions need the checkpoint's config.json and the deployment's sizes: "
                        "<a href='configure'>Settings → Model Config…</a>"));
}

void ShapesPanel::showProblem(const QString &problem)
{
    m_label->setText(tr("No shapes: %1 (<a href='configure'>Settings → Model Config…</a>)").arg(problem.toHtmlEscaped()));
}

void ShapesPanel::showComputing() { m_label->setText(tr("Working out the shapes…")); }

QString ShapesPanel::text() const { return m_label->text(); }

QSize ShapesPanel::sizeHint() const
{
    const int lines = 7;
    const int width = std::max(200, this->width());
    const int height = std::min(m_label->heightForWidth(width - 8), fontMetrics().lineSpacing() * lines) + 8;
    return {width, std::max(height, fontMetrics().lineSpacing() * 2)};
}

} // namespace katlas
