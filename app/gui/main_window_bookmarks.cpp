// The main window's bookmarks: Bookmarks → Add Bookmark… (Ctrl+D) names
// what the window shows; choosing one (Ctrl+1 … Ctrl+9 for the first nine)
// shows it again as a new step of the history. Saved with the index
// (see main_window.h, views/bookmarks.h and app_settings.h).
#include "main_window.h"

#include "app_settings.h"

#include <QAction>
#include <QInputDialog>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>

namespace katlas {

void MainWindow::createBookmarkMenu()
{
    m_bookmarkMenu = menuBar()->addMenu(tr("&Bookmarks"));
    m_bookmarkMenu->setObjectName(QStringLiteral("bookmarkMenu"));
    m_addBookmarkAction = new QAction(tr("&Add Bookmark…"), this);
    m_addBookmarkAction->setObjectName(QStringLiteral("addBookmarkAction"));
    m_addBookmarkAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    m_addBookmarkAction->setToolTip(tr("Keep what the window shows under a name (%1)")
                                        .arg(m_addBookmarkAction->shortcut().toString(QKeySequence::NativeText)));
    connect(m_addBookmarkAction, &QAction::triggered, this, &MainWindow::promptBookmark);
    rebuildBookmarkMenu();
}

void MainWindow::rebuildBookmarkMenu()
{
    m_bookmarkMenu->clear();
    m_bookmarkMenu->addAction(m_addBookmarkAction);
    m_addBookmarkAction->setEnabled(m_session != nullptr);
    QMenu *remove = m_bookmarkMenu->addMenu(tr("&Remove Bookmark"));
    remove->setEnabled(!m_bookmarks.items().isEmpty());
    if (m_bookmarks.items().isEmpty()) {
        m_bookmarkMenu->addSeparator();
        m_bookmarkMenu->addAction(tr("No bookmarks: Ctrl+D keeps what the window shows"))->setEnabled(false);
        return;
    }
    m_bookmarkMenu->addSeparator();
    int n = 0;
    for (const Bookmark &b : m_bookmarks.items()) {
        const QString name = b.name;
        QAction *go = m_bookmarkMenu->addAction(name, this, [this, name] { goToBookmark(name); });
        if (++n <= 9)
            go->setShortcut(QKeySequence(Qt::CTRL | (Qt::Key_0 + n)));
        remove->addAction(name, this, [this, name] { removeBookmark(name); });
    }
}

// A name for what the window shows: the op's, else the kernel's or the
// function's, else the source line's.
QString MainWindow::defaultBookmarkName() const
{
    const Bookmark here = bookmarkHere({});
    if (!here.op.isEmpty()) {
        const std::string id = here.op.toStdString();
        return QString::fromStdString(id.substr(id.rfind('/') + 1));
    }
    if (!here.kernel.isEmpty())
        return here.kernel.section(QLatin1Char('.'), -1);
    if (!here.function.isEmpty())
        return here.function.section(QLatin1Char('.'), -1);
    if (!here.file.isEmpty())
        return here.file.section(QLatin1Char('/'), -1) + QLatin1Char(':') + QString::number(here.line);
    return {};
}

Bookmark MainWindow::bookmarkHere(const QString &name) const
{
    Bookmark b;
    b.name = name;
    if (!m_session)
        return b;
    const CallIndex &index = m_session->index();
    b.op = m_selectedOp;
    if (m_selectedKernel)
        b.kernel = QString::fromStdString(index.symbol(m_selectedKernel).qualName);
    if (m_selectedFunction)
        b.function = QString::fromStdString(index.symbol(m_selectedFunction).qualName);
    if (const SourceFile *f = m_sourceFile ? index.file(m_sourceFile) : nullptr) {
        b.file = QString::fromStdString(index.repoOfFile(m_sourceFile) + "/" + f->path);
        b.line = m_sourceLine;
    }
    return b;
}

void MainWindow::promptBookmark()
{
    if (!m_session)
        return;
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Add Bookmark"), tr("Name:"), QLineEdit::Normal,
                                               defaultBookmarkName(), &ok).trimmed();
    if (ok && !name.isEmpty())
        addBookmark(name);
}

void MainWindow::addBookmark(const QString &name)
{
    if (!m_session || name.isEmpty())
        return;
    m_bookmarks.add(bookmarkHere(name));
    AppSettings().setBookmarks(m_session->path(), m_bookmarks);
    rebuildBookmarkMenu();
    statusBar()->showMessage(tr("Bookmark “%1” added").arg(name));
}

void MainWindow::removeBookmark(const QString &name)
{
    if (!m_session || !m_bookmarks.remove(name))
        return;
    AppSettings().setBookmarks(m_session->path(), m_bookmarks);
    rebuildBookmarkMenu();
    statusBar()->showMessage(tr("Bookmark “%1” removed").arg(name));
}

void MainWindow::loadBookmarks()
{
    m_bookmarks = m_session ? AppSettings().bookmarks(m_session->path()) : Bookmarks{};
    rebuildBookmarkMenu();
}

bool MainWindow::goToBookmark(const QString &name)
{
    const Bookmark *b = m_session ? m_bookmarks.find(name) : nullptr;
    if (!b)
        return false;
    const CallIndex &index = m_session->index();
    const auto symbolNamed = [&](const QString &qualName, bool kernel) -> std::int64_t {
        for (std::int64_t id : index.byQualName(qualName.toStdString()))
            if (!kernel || index.kernel(id))
                return id;
        return 0;
    };
    Selection s;
    if (!b->op.isEmpty() && !findOpId(m_opGraph, b->op.toStdString()).empty())
        s.op = b->op;
    s.kernel = b->kernel.isEmpty() ? 0 : symbolNamed(b->kernel, true);
    s.function = b->function.isEmpty() ? 0 : symbolNamed(b->function, false);
    if (!b->file.isEmpty())
        for (const SourceFile &f : index.graph().files)
            if (QString::fromStdString(index.repoOfFile(f.id) + "/" + f.path) == b->file) {
                s.sourceFile = f.id;
                s.sourceLine = b->line;
                break;
            }
    if (s == Selection{}) {
        statusBar()->showMessage(tr("Nothing the bookmark “%1” names is in this index any more").arg(name));
        return false;
    }
    restoreSelection(s);
    recordSelection();
    statusBar()->showMessage(tr("Bookmark “%1”").arg(name));
    return true;
}

} // namespace katlas
