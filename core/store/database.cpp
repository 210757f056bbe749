// Opening and validating an index (see database.h).
#include "store/database.h"

#include "store/schema.h"
#include "store/sqlite_statement.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

namespace katlas {
namespace {

// The fields of the 100-byte SQLite header that say whose file it is,
// readable even when the rest of the file is damaged.
struct FileHeader {
    bool sqlite = false;
    quint32 userVersion = 0; // PRAGMA user_version: our schema version
    quint32 applicationId = 0; // PRAGMA application_id
};

FileHeader readHeader(QFile &file)
{
    const QByteArray h = file.read(100);
    FileHeader out;
    out.sqlite = h.startsWith(QByteArray("SQLite format 3\0", 16));
    if (out.sqlite && h.size() == 100) {
        auto be32 = [&](int at) {
            return quint32(quint8(h[at])) << 24 | quint32(quint8(h[at + 1])) << 16 | quint32(quint8(h[at + 2])) << 8
                | quint32(quint8(h[at + 3]));
        };
        out.userVersion = be32(60);
        out.applicationId = be32(68);
    }
    return out;
}

QString damaged(const QString &path, sqlite3 *db)
{
    return QCoreApplication::translate("Database", "%1: is damaged (%2); re-index it")
        .arg(path, QString::fromUtf8(sqlite3_errmsg(db)));
}

QString cannotRollBack(const QString &path)
{
    return QCoreApplication::translate("Database",
        "%1: a write to it was interrupted and must be rolled back from %1-journal, but you cannot "
        "write to the file or its folder; open it once as a user who can, or re-index it")
        .arg(path);
}

// A writer killed in a transaction leaves a hot journal (PATH-journal): a
// read-only connection cannot roll it back and would refuse the file, so a
// read-write connection does it first. Empty when done or nothing to do.
QString rollBackInterruptedWrite(const QString &path)
{
    if (!QFileInfo::exists(path + QStringLiteral("-journal")))
        return {};
    sqlite3 *db = nullptr;
    QString problem;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
        problem = cannotRollBack(path);
    } else {
        sqlite3_busy_timeout(db, 5000);
        Statement st(db, "SELECT count(*) FROM sqlite_master"); // takes the lock that rolls back a hot journal
        const bool read = st.ok() && st.next();
        const int code = sqlite3_extended_errcode(db);
        if (!read
            && ((code & 0xFF) == SQLITE_READONLY || (code & 0xFF) == SQLITE_CANTOPEN || (code & 0xFF) == SQLITE_PERM))
            problem = cannotRollBack(path);
    }
    sqlite3_close_v2(db);
    return problem;
}

// Ours: the application id this build writes, or an index written before
// there was one (id 0) whose meta table records the schema version its
// header holds. A file that merely has a table named `meta` is not.
bool isOurs(sqlite3 *db, const FileHeader &header)
{
    if (header.applicationId == quint32(kApplicationId))
        return true;
    if (header.applicationId != 0 || header.userVersion == 0)
        return false;
    Statement st(db, "SELECT value FROM meta WHERE key = 'schema_version'");
    return st.ok() && st.next() && st.text(0) == std::to_string(header.userVersion);
}

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
    if (!readHeader(file).sqlite)
        return fail(QCoreApplication::translate("Database", "%1: is not a Kernel Atlas database").arg(path));
    file.close();
    if (const QString problem = rollBackInterruptedWrite(path); !problem.isEmpty())
        return fail(problem);
    // Read after the rollback, which may have restored the first page.
    if (!file.open(QIODevice::ReadOnly))
        return fail(QCoreApplication::translate("Database", "%1: cannot be read: %2").arg(path, file.errorString()));
    const FileHeader header = readHeader(file);
    file.close();
    if (header.applicationId != 0 && header.applicationId != quint32(kApplicationId))
        return fail(QCoreApplication::translate("Database", "%1: is not a Kernel Atlas database").arg(path));

    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        sqlite3_close(db);
        return fail(QCoreApplication::translate("Database", "%1: cannot be opened").arg(path));
    }
    sqlite3_busy_timeout(db, 5000);
    // close_v2: a refusal may come while a statement is still open; plain
    // close would then fail and leak the connection.
    auto close = [&](const QString &why) {
        sqlite3_close_v2(db);
        return fail(why);
    };
    auto broken = [&](int code) {
        if (sqlite3_extended_errcode(db) == SQLITE_READONLY_ROLLBACK)
            return cannotRollBack(path);
        return code == SQLITE_CORRUPT || code == SQLITE_NOTADB ? damaged(path, db) : QString();
    };
    int version = -1;
    {
        Statement st(db, "PRAGMA user_version");
        if (!st.ok())
            return close(QCoreApplication::translate("Database", "%1: is damaged or not a database (%2)").arg(path, QString::fromUtf8(sqlite3_errmsg(db))));
        if (st.next())
            version = st.i32(0);
        if (const QString why = broken(st.lastCode()); !why.isEmpty())
            return close(why);
    }
    {
        Statement st(db, "SELECT 1 FROM sqlite_master WHERE type='table' AND name='meta'");
        const bool hasMeta = st.ok() && st.next();
        if (const QString why = broken(st.ok() ? st.lastCode() : SQLITE_CORRUPT); !why.isEmpty())
            return close(why);
        if (!hasMeta)
            return close(QCoreApplication::translate("Database", "%1: is not a Kernel Atlas database").arg(path));
    }
    if (!isOurs(db, header))
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
            return close(damaged(path, db));
    }
    return std::unique_ptr<Database>(new Database(db, path));
}

Database::~Database()
{
    sqlite3_close_v2(m_db);
}

ReadTransaction::ReadTransaction(const Database &db) : m_db(db.handle())
{
    if (sqlite3_get_autocommit(m_db))
        m_began = sqlite3_exec(m_db, "BEGIN DEFERRED", nullptr, nullptr, nullptr) == SQLITE_OK;
}

ReadTransaction::~ReadTransaction()
{
    if (m_began && !sqlite3_get_autocommit(m_db))
        sqlite3_exec(m_db, "COMMIT", nullptr, nullptr, nullptr);
}

DatabaseProbe probeDatabase(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return DatabaseProbe::Missing;
    if (info.isFile() && info.size() == 0)
        return DatabaseProbe::Empty;
    QFile file(path);
    if (!info.isFile() || !file.open(QIODevice::ReadOnly) || !readHeader(file).sqlite)
        return DatabaseProbe::Foreign;
    file.close();
    rollBackInterruptedWrite(path);
    if (!file.open(QIODevice::ReadOnly))
        return DatabaseProbe::Foreign;
    const FileHeader header = readHeader(file);
    file.close();
    if (header.applicationId != 0 && header.applicationId != quint32(kApplicationId))
        return DatabaseProbe::Foreign;
    sqlite3 *db = nullptr;
    bool ours = false, busy = false;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_busy_timeout(db, 5000);
        {
            // Another program holding it whole is told apart from damage.
            Statement st(db, "SELECT count(*) FROM sqlite_master");
            if (st.ok())
                st.next();
            const int code = sqlite3_errcode(db) & 0xFF;
            busy = code == SQLITE_BUSY || code == SQLITE_LOCKED;
        }
        // Ours by its header even when its pages are damaged: --full rebuilds it.
        ours = !busy && (header.applicationId == quint32(kApplicationId) || isOurs(db, header));
    }
    sqlite3_close_v2(db);
    return ours ? DatabaseProbe::KernelAtlas : busy ? DatabaseProbe::Busy : DatabaseProbe::Foreign;
}

} // namespace katlas
