// The source view (see source_view.h).
#include "source_view.h"

#include "parse/syntax_highlighter_spans.h"

#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QFontDatabase>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QTextBlock>
#include <QToolButton>
#include <QVBoxLayout>

namespace katlas {
namespace {

class LineNumbers : public QWidget {
public:
    explicit LineNumbers(SourceEditor *editor) : QWidget(editor), m_editor(editor) {}
    QSize sizeHint() const override { return {m_editor->lineNumberWidth(), 0}; }

protected:
    void paintEvent(QPaintEvent *event) override { m_editor->paintLineNumbers(event); }

private:
    SourceEditor *m_editor;
};

QTextCharFormat format(HighlightSpan::Kind kind)
{
    QTextCharFormat f;
    switch (kind) {
    case HighlightSpan::Kind::Keyword: f.setForeground(QColor(0x8e, 0x44, 0xad)); f.setFontWeight(QFont::Bold); break;
    case HighlightSpan::Kind::String: f.setForeground(QColor(0x27, 0xae, 0x60)); break;
    case HighlightSpan::Kind::Comment: f.setForeground(QColor(0x7f, 0x8c, 0x8d)); f.setFontItalic(true); break;
    case HighlightSpan::Kind::Number: f.setForeground(QColor(0xd3, 0x54, 0x00)); break;
    case HighlightSpan::Kind::Function: f.setForeground(QColor(0x29, 0x80, 0xb9)); f.setFontWeight(QFont::Bold); break;
    case HighlightSpan::Kind::Decorator: f.setForeground(QColor(0xc0, 0x39, 0x2b)); break;
    case HighlightSpan::Kind::Builtin: f.setForeground(QColor(0x16, 0xa0, 0x85)); break;
    }
    return f;
}

} // namespace

SourceEditor::SourceEditor(QWidget *parent) : QPlainTextEdit(parent), m_numbers(new LineNumbers(this))
{
    setReadOnly(true);
    setLineWrapMode(NoWrap);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setViewportMargins(lineNumberWidth(), 0, 0, 0);
    viewport()->setMouseTracking(true);
    connect(this, &QPlainTextEdit::blockCountChanged, this, [this] { setViewportMargins(lineNumberWidth(), 0, 0, 0); });
    connect(this, &QPlainTextEdit::updateRequest, this, [this](const QRect &rect, int dy) {
        if (dy)
            m_numbers->scroll(0, dy);
        else
            m_numbers->update(0, rect.y(), m_numbers->width(), rect.height());
    });
}

int SourceEditor::lineNumberWidth() const
{
    const int digits = QString::number(std::max(1, blockCount())).size();
    return 12 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * digits;
}

void SourceEditor::resizeEvent(QResizeEvent *event)
{
    QPlainTextEdit::resizeEvent(event);
    const QRect cr = contentsRect();
    m_numbers->setGeometry(QRect(cr.left(), cr.top(), lineNumberWidth(), cr.height()));
}

void SourceEditor::mousePressEvent(QMouseEvent *event)
{
    QPlainTextEdit::mousePressEvent(event); // moves the caret where the click is
    if (event->button() == Qt::LeftButton && event->modifiers() == Qt::ControlModifier)
        Q_EMIT ctrlClicked();
}

void SourceEditor::mouseMoveEvent(QMouseEvent *event)
{
    // A pointing hand while Ctrl is held: the click follows the call.
    viewport()->setCursor(event->modifiers() == Qt::ControlModifier ? Qt::PointingHandCursor : Qt::IBeamCursor);
    QPlainTextEdit::mouseMoveEvent(event);
}

void SourceEditor::paintLineNumbers(QPaintEvent *event)
{
    QPainter painter(m_numbers);
    painter.fillRect(event->rect(), palette().color(QPalette::AlternateBase));
    painter.setPen(palette().color(QPalette::PlaceholderText));
    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    while (block.isValid() && top <= event->rect().bottom()) {
        const int height = qRound(blockBoundingRect(block).height());
        painter.drawText(0, top, m_numbers->width() - 6, height, Qt::AlignRight, QString::number(block.blockNumber() + 1));
        block = block.next();
        top += height;
    }
}

SourceView::SourceView(QWidget *parent)
    : QWidget(parent), m_header(new QLabel(this)), m_copy(new QToolButton(this)), m_editor(new SourceEditor(this))
{
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_header, 1);
    bar->addWidget(m_copy);
    m_copy->setText(tr("Copy file:line"));
    m_copy->setToolTip(tr("Copy the path and line of this frame"));
    m_copy->setEnabled(false);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    clearFile();
    connect(m_copy, &QToolButton::clicked, this, [this] {
        QApplication::clipboard()->setText(QStringLiteral("%1:%2").arg(m_displayPath).arg(m_line));
    });
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_editor);
    m_editor->setAccessibleName(tr("Source"));
    m_editor->setTabChangesFocus(true);
    setFocusProxy(m_editor);
    connect(m_editor, &SourceEditor::ctrlClicked, this, &SourceView::requestDefinition);
}

QString SourceView::expressionAt(const QString &lineText, int column)
{
    const auto word = [&](int i) { return i >= 0 && i < lineText.size() && (lineText[i].isLetterOrNumber() || lineText[i] == QLatin1Char('_')); };
    int end = column;
    if (!word(end) && word(end - 1))
        --end; // just after a name: that name
    if (!word(end))
        return {};
    while (word(end + 1))
        ++end;
    int start = end;
    while (word(start - 1) || (start > 0 && lineText[start - 1] == QLatin1Char('.') && word(start - 2)))
        --start;
    return lineText.mid(start, end - start + 1);
}

void SourceView::requestDefinition()
{
    if (m_loadedPath.isEmpty())
        return;
    const QTextCursor cursor = m_editor->textCursor();
    Q_EMIT definitionRequested(cursor.blockNumber() + 1, expressionAt(cursor.block().text(), cursor.positionInBlock()));
}

QString SourceView::message() const { return m_header->text(); }

void SourceView::clearFile()
{
    m_displayPath.clear();
    m_line = 0;
    m_loadedPath.clear();
    m_editor->clear();
    m_copy->setEnabled(false);
    m_header->setText(tr("Select a frame to see its source."));
}

bool SourceView::showFile(const QString &absPath, const QString &displayPath, int line)
{
    m_displayPath = displayPath;
    m_line = line;
    if (absPath != m_loadedPath) {
        QFile f(absPath);
        if (!f.open(QIODevice::ReadOnly)) {
            m_loadedPath.clear();
            m_editor->clear();
            m_copy->setEnabled(false);
            m_header->setText(tr("%1 is not available (%2): the repository moved or the file was deleted since indexing.")
                                  .arg(absPath, f.errorString()));
            return false;
        }
        const QByteArray bytes = f.readAll();
        m_editor->setPlainText(QString::fromUtf8(bytes));
        highlight(bytes);
        m_loadedPath = absPath;
    }
    m_copy->setEnabled(true);
    m_header->setText(QStringLiteral("%1:%2").arg(displayPath).arg(line));
    QTextBlock block = m_editor->document()->findBlockByLineNumber(std::max(0, line - 1));
    QTextCursor cursor(block);
    m_editor->setTextCursor(cursor);
    QTextEdit::ExtraSelection sel;
    sel.format.setBackground(palette().color(QPalette::Highlight).lighter(170));
    sel.format.setProperty(QTextFormat::FullWidthSelection, true);
    sel.cursor = cursor;
    m_editor->setExtraSelections({sel});
    m_editor->centerCursor();
    return true;
}

void SourceView::highlight(const QByteArray &utf8)
{
    // Spans are in bytes; the document counts UTF-16 units: map once.
    std::vector<int> unit(static_cast<size_t>(utf8.size()) + 1, 0);
    int u = 0;
    for (qsizetype i = 0; i < utf8.size(); ++i) {
        unit[static_cast<size_t>(i)] = u;
        const auto c = static_cast<unsigned char>(utf8[i]);
        if ((c & 0xC0) != 0x80)
            u += c >= 0xF0 ? 2 : 1; // a 4-byte sequence is a surrogate pair
    }
    unit[static_cast<size_t>(utf8.size())] = u;
    const std::vector<HighlightSpan> spans =
        highlightPython(std::string_view(utf8.constData(), static_cast<size_t>(utf8.size())));
    QTextCursor cursor(m_editor->document());
    for (const HighlightSpan &s : spans) {
        cursor.setPosition(unit[s.start]);
        cursor.setPosition(unit[std::min<size_t>(s.start + s.length, unit.size() - 1)], QTextCursor::KeepAnchor);
        cursor.mergeCharFormat(format(s.kind));
    }
}

} // namespace katlas
