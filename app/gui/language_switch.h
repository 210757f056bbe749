// A new UI language, live. Widgets take their texts when they are built, so
// the main window is built again in the new language and takes over what the
// old one showed: its size and docks, the index, the configuration and the
// filter, and the selection (bookmarks come with the index's settings). An
// index being built finishes first: the switch waits for it.
#pragma once

#include <QObject>
#include <QPointer>

namespace katlas {

class MainWindow;

class LanguageSwitch : public QObject {
    Q_OBJECT
public:
    // Follows `window`'s languageChanged(), and each window that replaces it.
    explicit LanguageSwitch(MainWindow *window, QObject *parent = nullptr);

    MainWindow *window() const { return m_window; }
    // Installs `language` ("" : the system's) and builds the window again in it.
    void apply(const QString &language);

Q_SIGNALS:
    void windowReplaced(katlas::MainWindow *window);

private:
    void watch(MainWindow *window);
    void replace();

    QPointer<MainWindow> m_window;
};

} // namespace katlas
