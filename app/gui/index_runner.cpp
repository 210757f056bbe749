// Background indexing (see index_runner.h).
#include "index_runner.h"

#include <QtConcurrent>

namespace katlas {

IndexRunner::IndexRunner(QObject *parent) : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<IndexReport>::finished, this,
            [this] { Q_EMIT finished(m_watcher.result(), m_dbPath); });
}

IndexRunner::~IndexRunner()
{
    m_cancel = true;
    m_watcher.waitForFinished();
}

void IndexRunner::start(IndexRequest request)
{
    if (isRunning())
        return;
    m_cancel = false;
    m_dbPath = request.dbPath;
    m_watcher.setFuture(QtConcurrent::run([this, request = std::move(request)] {
        return runIndex(
            request,
            [this](const IndexProgress &p) {
                // Queued to the runner's thread, where the UI listens.
                QMetaObject::invokeMethod(this, [this, p] { Q_EMIT progress(static_cast<int>(p.phase), p.done, p.total); },
                                          Qt::QueuedConnection);
            },
            &m_cancel);
    }));
}

} // namespace katlas
