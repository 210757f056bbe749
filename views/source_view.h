// The source of the selected frame: read-only, line numbers, Python
// highlighting from tree-sitter, the line highlighted and scrolled into view,
// and a button that copies `file:line`. Says so when the file is gone.
// Ctrl+click on a call (or F12, see requestDefinition) asks for its definition.
#pragma once

#include <QPlainTextEdit>
#include <QWidget>

class QLabel;
class QToolButton;

namespace katlas {

class SourceEditor : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit SourceEditor(QWidget *parent = nullptr);
    int lineNumberWidth() const;
    void paintLineNumbers(QPaintEvent *event);

Q_SIGNALS:
    void ctrlClicked();

protected:
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;

private:
    QWidget *m_numbers;
};

class SourceView : public QWidget {
    Q_OBJECT
public:
    explicit SourceView(QWidget *parent = nullptr);

    // Shows `absPath` at `line`; `displayPath` is what the header shows and copies.
    bool showFile(const QString &absPath, const QString &displayPath, int line);
    // Back to no file: "Select a frame to see its source."
    void clearFile();
    QString currentPath() const { return m_displayPath; }
    int currentLine() const { return m_line; }
    QString text() const { return m_editor->toPlainText(); }
    QString message() const;
    SourceEditor *editor() const { return m_editor; }
    // The dotted name the caret is on, up to the end of its word: in
    // `self.attn.forward(x)`, "self.attn" on `attn`, "self.attn.forward" on `forward`.
    static QString expressionAt(const QString &lineText, int column);
    // Asks for the definition of the call at the caret (F12, Ctrl+click).
    void requestDefinition();

Q_SIGNALS:
    // `line` counts from 1; `expression` is empty when the caret is on no name.
    void definitionRequested(int line, const QString &expression);

private:
    void highlight(const QByteArray &utf8);

    QLabel *m_header;
    QToolButton *m_copy;
    SourceEditor *m_editor;
    QString m_displayPath;
    QString m_loadedPath;
    int m_line = 0;
};

} // namespace katlas
