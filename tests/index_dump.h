// Shared by the tests of incremental indexing: an index as sorted rows, ids
// replaced by what they name, so that two indexes of the same tree compare
// equal however they were made.
#pragma once

#include "store/database.h"
#include "store/sqlite_statement.h"

#include <QTest>

#include <algorithm>
#include <string>
#include <vector>

namespace katlas::test {

// Every row of an index, with ids replaced by what they name, sorted.
inline std::vector<std::string> dump(const QString &db)
{
    QString error;
    auto d = Database::open(db, &error);
    if (!d)
        qFatal("%s", qPrintable(error));
    static const char *const queries[] = {
        "SELECT 'file', path, module, hash, size, line_count FROM file",
        "SELECT 'symbol', f.path, s.qual_name, s.name, s.kind, s.line, s.end_line, p.qual_name, o.qual_name FROM symbol s "
        "LEFT JOIN file f ON f.id = s.file_id LEFT JOIN symbol p ON p.id = s.parent_id LEFT JOIN symbol o ON o.id = s.origin_id",
        "SELECT 'site', f.path, c.line, c.callee, caller.qual_name, c.guards FROM call_site c "
        "JOIN file f ON f.id = c.file_id JOIN symbol caller ON caller.id = c.caller_id",
        "SELECT 'edge', f.path, c.line, c.callee, caller.qual_name, callee.qual_name, e.resolution, e.conditions FROM edge e "
        "JOIN call_site c ON c.id = e.call_site_id JOIN file f ON f.id = c.file_id JOIN symbol caller ON caller.id = c.caller_id "
        "LEFT JOIN symbol callee ON callee.id = e.callee_id",
        "SELECT 'kernel', s.qual_name, k.source, k.category FROM kernel k JOIN symbol s ON s.id = k.symbol_id",
        "SELECT 'diagnostic', path, line, message FROM diagnostic",
        "SELECT 'fts', s.qual_name FROM symbol_fts JOIN symbol s ON s.id = symbol_fts.rowid WHERE symbol_fts MATCH 'step OR loop OR op_a OR op_b OR forward OR rmsnorm'",
    };
    std::vector<std::string> rows;
    for (const char *sql : queries) {
        Statement st(d->handle(), sql);
        if (!st.ok())
            qFatal("%s", sql);
        while (st.next()) {
            std::string row;
            for (int c = 0; c < st.columnCount(); ++c)
                row += st.text(c) + "|";
            rows.push_back(row);
        }
    }
    std::sort(rows.begin(), rows.end());
    return rows;
}

// The first row where two dumps differ, for a failure message; empty when equal.
inline QString firstDifference(const std::vector<std::string> &a, const std::vector<std::string> &b)
{
    for (size_t i = 0; i < std::max(a.size(), b.size()); ++i)
        if (i >= a.size() || i >= b.size() || a[i] != b[i])
            return QStringLiteral("first difference: %1 / %2")
                .arg(QString::fromStdString(i < a.size() ? a[i] : "-"), QString::fromStdString(i < b.size() ? b[i] : "-"));
    return {};
}

} // namespace katlas::test
