// The statements of a writing connection that fail by throwing SqlFailed
// (with SQLite's message) and stop when cancelled: shared by the writer of a
// whole index and the patcher of one.
#pragma once

#include "store/sqlite_statement.h"

#include <QCoreApplication>
#include <QString>

#include <atomic>
#include <vector>

namespace katlas {

struct SqlFailed {
    QString message;
};

class SqlWriter {
public:
    SqlWriter(sqlite3 *db, const std::atomic_bool *cancel) : m_db(db), m_cancel(cancel) {}

    void exec(const char *sql)
    {
        char *msg = nullptr;
        if (sqlite3_exec(m_db, sql, nullptr, nullptr, &msg) != SQLITE_OK) {
            const QString why = QString::fromUtf8(msg ? msg : sqlite3_errmsg(m_db));
            sqlite3_free(msg);
            throw SqlFailed{why};
        }
    }

    void check(int rc)
    {
        if (rc != SQLITE_OK)
            throw SqlFailed{QString::fromUtf8(sqlite3_errmsg(m_db))};
    }

    // Checked every 1024th row of a loop (`i`), and at once for i = 0.
    void checkCancel(size_t i = 0)
    {
        if ((i & 0x3FF) == 0 && m_cancel && m_cancel->load())
            throw SqlFailed{QCoreApplication::translate("IndexWriter", "cancelled")};
    }

    template <typename Row, typename Bind>
    void insertAll(const char *sql, const std::vector<Row> &rows, Bind bind)
    {
        Statement st(m_db, sql);
        for (size_t i = 0; i < rows.size(); ++i) {
            checkCancel(i);
            check(bind(st, rows[i]).exec());
        }
    }

protected:
    sqlite3 *m_db;
    const std::atomic_bool *m_cancel;
};

} // namespace katlas
