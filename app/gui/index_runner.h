// Indexing in a worker thread with progress and cancel; the old index stays
// open and browsable until the new one is ready.
#pragma once

#include "index/indexer.h"

#include <QFutureWatcher>
#include <QObject>

#include <atomic>

namespace katlas {

class IndexRunner : public QObject {
    Q_OBJECT
public:
    explicit IndexRunner(QObject *parent = nullptr);
    ~IndexRunner() override;

    bool isRunning() const { return m_watcher.isRunning(); }
    void start(IndexRequest request);
    void cancel() { m_cancel = true; }

Q_SIGNALS:
    void progress(int phase, int done, int total);
    void finished(const katlas::IndexReport &report, const QString &dbPath);

private:
    QFutureWatcher<IndexReport> m_watcher;
    std::atomic_bool m_cancel{false};
    QString m_dbPath;
};

} // namespace katlas

Q_DECLARE_METATYPE(katlas::IndexReport)
