// Opening and validating an index (see database.h).
#include "store/database.h"

#include "store/schema.h"
#include "store/sqlite_statement.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

namespace katlas {
namespace {
} // namespace

std::unique_ptr<Database> Database::open(const QString &path, QString *error)
{
    auto fail = [&](const QString &why) -> std::unique_ptr<Database> {
        if (error)
            *error = why;
        return nullptr;
    };
    const QFileInfo info(path);
    if (!info.exists())
        return fail(QCoreApplication::translate("Database", "%1: no such file").arg(path));
    if (!info.isFile())
        return fail(QCoreApplication::translate("Database", "%1: is not a file").arg(path));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(QCoreApplication::translate("Database", "%1: cannot be read: %2").arg(path, file.errorString()));
    if (!file.read(16).startsWith(QByteArray("SQLite format 3\0", 16)))
        return fail(QCoreApplication::translate("Database", "%1: is not a Kernel Atlas database").arg(path));
    file.close();

    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        sqlite3_close(db);
        return fail(QCoreApplication::translate("Database", "%1: cannot be opened").arg(path));
    }
    sqlite3_busy_timeout(db, 5000);
    auto close = [&](const QString &why) {
        sqlite3_close(db);
        return fail(why);
    };
    int version = -1;
    bool hasMeta = false;
    {
        Statement st(db, "PRAGMA user_version");
        if (!st.ok())
            return close(QCoreApplication::translate("Database", "%1: is damaged or not a database (%2)").arg(path, QString::fromUtf8(sqlite3_errmsg(db))));
        if (st.next())
            version = st.i32(0);
        if (st.lastCode() == SQLITE_CORRUPT || st.lastCode() == SQLITE_NOTADB)
            return close(QCoreApplication::translate("Database", "%1: is damaged (%2); re-index it").arg(path, QString::fromUtf8(sqlite3_errmsg(db))));
    }
    {
        Statement st(db, "SELECT 1 FROM sqlite_master WHERE type='table' AND name='meta'");
        hasMeta = st.ok() && st.next();
        if (!st.ok() || st.lastCode() == SQLITE_CORRUPT || st.lastCode() == SQLITE_NOTADB)
            return close(QCoreApplication::translate("Database", "%1: is damaged (%2); re-index it").arg(path, QString::fromUtf8(sqlite3_errmsg(db))));
    }
    if (!hasMeta)
        return close(QCoreApplication::translate("Database", "%1: is not a Kernel Atlas database").arg(path));
    if (version != kSchemaVersion)
        return close(QCoreApplication::translate("Database", "%1: was written by schema version %2; this Kernel Atlas reads version %3: re-index it")
                         .arg(path)
                         .arg(version)
                         .arg(kSchemaVersion));
    {
        // A cheap integrity probe: damaged pages usually show up here.
        Statement st(db, "SELECT count(*) FROM symbol");
        if (!st.ok() || !st.next())
            return close(QCoreApplication::translate("Database", "%1: is damaged (%2); re-index it").arg(path, QString::fromUtf8(sqlite3_errmsg(db))));
    }
    return std::unique_ptr<Database>(new Database(db, path));
}

Database::~Database() { sqlite3_close(m_db); }

DatabaseProbe probeDatabase(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return DatabaseProbe::Missing;
    if (info.isFile() && info.size() == 0)
        return DatabaseProbe::Empty;
    QFile file(path);
    if (!info.isFile() || !file.open(QIODevice::ReadOnly) || !file.read(16).startsWith(QByteArray("SQLite format 3\0", 16)))
        return DatabaseProbe::Foreign;
    file.close();
    sqlite3 *db = nullptr;
    bool ours = false, busy = false;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_busy_timeout(db, 5000);
        Statement st(db, "SELECT 1 FROM sqlite_master WHERE type='table' AND name='meta'");
        ours = st.ok() && st.next();
        const int code = sqlite3_errcode(db) & 0xFF;
        busy = !ours && (code == SQLITE_BUSY || code == SQLITE_LOCKED);
    }
    sqlite3_close(db);
    return ours ? DatabaseProbe::KernelAtlas : busy ? DatabaseProbe::Busy : DatabaseProbe::Foreign;
}

} // namespace katlas
