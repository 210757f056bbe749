// The live language switch (see language_switch.h).
#include "language_switch.h"

#include "app_settings.h"
#include "index_runner.h"
#include "main_window.h"
#include "filter_bar.h"
#include "translations_anchor.h"

#include <QStatusBar>

namespace katlas {

LanguageSwitch::LanguageSwitch(MainWindow *window, QObject *parent) : QObject(parent) { watch(window); }

void LanguageSwitch::watch(MainWindow *window)
{
    m_window = window;
    connect(window, &MainWindow::languageChanged, this, [this] { apply(AppSettings().language()); });
}

void LanguageSwitch::apply(const QString &language)
{
    installTranslation(language);
    if (m_window && m_window->indexRunner()->isRunning()) {
        m_window->statusBar()->showMessage(tr("The new language applies when the index is built."));
        connect(m_window->indexRunner(), &IndexRunner::finished, this, &LanguageSwitch::replace, Qt::SingleShotConnection);
        return;
    }
    replace();
}

void LanguageSwitch::replace()
{
    MainWindow *old = m_window;
    if (!old)
        return;
    auto *fresh = new MainWindow;
    fresh->setAttribute(Qt::WA_DeleteOnClose, old->testAttribute(Qt::WA_DeleteOnClose));
    fresh->restoreGeometry(old->saveGeometry());
    fresh->restoreState(old->saveState());
    if (const TraceSession *session = old->session()) {
        QString error;
        if (fresh->openDatabase(session->path(), &error)) {
            if (!old->activeConfiguration().isEmpty())
                fresh->chooseConfiguration(old->activeConfiguration());
            fresh->setFilter(old->filterBar()->filter());
            fresh->showSelection(old->selection());
            fresh->adoptHistory(old->history()); // Alt+Left still goes back past the switch
        }
    }
    if (old->isVisible())
        fresh->show();
    watch(fresh);
    old->hide();
    old->deleteLater();
    Q_EMIT windowReplaced(fresh);
}

} // namespace katlas
