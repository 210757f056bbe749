// Small RAII wrappers over sqlite3 prepared statements, so that queries and
// bulk inserts read as plain code and never leak a handle.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace katlas {

class Statement {
public:
    Statement(sqlite3 *db, const char *sql) { m_prepareRc = sqlite3_prepare_v2(db, sql, -1, &m_stmt, nullptr); }
    ~Statement() { sqlite3_finalize(m_stmt); }
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;

    bool ok() const { return m_prepareRc == SQLITE_OK && m_stmt; }

    Statement &bind(int i, std::int64_t v) { sqlite3_bind_int64(m_stmt, i, v); return *this; }
    Statement &bind(int i, int v) { sqlite3_bind_int(m_stmt, i, v); return *this; }
    Statement &bind(int i, std::string_view v)
    {
        sqlite3_bind_text(m_stmt, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
        return *this;
    }
    Statement &bindBlob(int i, std::string_view v)
    {
        sqlite3_bind_blob(m_stmt, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
        return *this;
    }
    Statement &bindNull(int i) { sqlite3_bind_null(m_stmt, i); return *this; }
    Statement &bindIdOrNull(int i, std::int64_t id) { return id ? bind(i, id) : bindNull(i); }

    // Runs an insert/update; resets for the next use. Returns the sqlite code.
    int exec()
    {
        const int rc = sqlite3_step(m_stmt);
        sqlite3_reset(m_stmt);
        return rc == SQLITE_DONE || rc == SQLITE_ROW ? SQLITE_OK : rc;
    }
    // Steps a query; true while there is a row.
    bool next()
    {
        m_rc = sqlite3_step(m_stmt);
        return m_rc == SQLITE_ROW;
    }
    int lastCode() const { return m_rc; }
    int columnCount() const { return sqlite3_column_count(m_stmt); }
    // Ends a query early, for the next use.
    void reset() { sqlite3_reset(m_stmt); }

    std::int64_t i64(int col) const { return sqlite3_column_int64(m_stmt, col); }
    int i32(int col) const { return sqlite3_column_int(m_stmt, col); }
    // Valid until the next step: for decoding in place.
    std::string_view view(int col) const
    {
        const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, col));
        return p ? std::string_view(p, static_cast<size_t>(sqlite3_column_bytes(m_stmt, col))) : std::string_view();
    }
    std::string text(int col) const
    {
        const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, col));
        return p ? std::string(p, static_cast<size_t>(sqlite3_column_bytes(m_stmt, col))) : std::string();
    }
    std::string_view blobView(int col) const
    {
        const auto *p = static_cast<const char *>(sqlite3_column_blob(m_stmt, col));
        return p ? std::string_view(p, static_cast<size_t>(sqlite3_column_bytes(m_stmt, col))) : std::string_view();
    }
    std::string blob(int col) const
    {
        const auto *p = static_cast<const char *>(sqlite3_column_blob(m_stmt, col));
        return p ? std::string(p, static_cast<size_t>(sqlite3_column_bytes(m_stmt, col))) : std::string();
    }

private:
    sqlite3_stmt *m_stmt = nullptr;
    int m_prepareRc = SQLITE_OK;
    int m_rc = SQLITE_OK;
};

} // namespace katlas
