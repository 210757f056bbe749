// In-place changes to an index (see index_maintenance.h).
#include "store/index_maintenance.h"

#include "store/sqlite_statement.h"

#include <QFile>

namespace katlas {

bool markFileChanged(const QString &dbPath, long long fileId)
{
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(QFile::encodeName(dbPath).constData(), &db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
        sqlite3_close(db);
        return false;
    }
    bool ok = false;
    {
        Statement st(db, "UPDATE file SET hash = 'changed' WHERE id = ?");
        ok = st.ok() && st.bind(1, static_cast<std::int64_t>(fileId)).exec() == SQLITE_OK;
    }
    sqlite3_close(db);
    return ok;
}

} // namespace katlas
