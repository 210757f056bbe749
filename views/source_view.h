// The source of the selected frame: read-only, line numbers, Python
// highlighting from tree-sitter, the line highlighted and scrolled into view,
// and a button that copies `file:line`. Says so when the file is gone.
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

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    QWidget *m_numbers;
};

class SourceView : public QWidget {
    Q_OBJECT
public:
    explicit SourceView(QWidget *parent = nullptr);

    // Shows `absPath` at `line`; `displayPath` is what the header shows and copies.
    bool showFile(const QString &absPath, const QString &displayPath, int line);
    QString currentPath() const { return m_displayPath; }
    int currentLine() const { return m_line; }
    QString text() const { return m_editor->toPlainText(); }
    QString message() const;

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
