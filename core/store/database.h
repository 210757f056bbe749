// A read-only connection to an index, opened only after checking that the
// file is a Kernel Atlas database of the schema version this build reads.
#pragma once

#include <QString>

#include <memory>

struct sqlite3;

namespace katlas {

// What a path holds, before it is overwritten by a new index: an index of
// ours (of any schema version) may be replaced; anything else never is.
// Busy: a database another program keeps locked (it cannot be told apart).
enum class DatabaseProbe { Missing, Empty, KernelAtlas, Foreign, Busy };
DatabaseProbe probeDatabase(const QString &path);

class Database {
public:
    // nullptr and a message naming the path when the file is missing, not a
    // SQLite file, not a Kernel Atlas index, of another schema version, or corrupt.
    static std::unique_ptr<Database> open(const QString &path, QString *error);
    ~Database();
    Database(const Database &) = delete;
    Database &operator=(const Database &) = delete;

    sqlite3 *handle() const { return m_db; }
    const QString &path() const { return m_path; }

private:
    Database(sqlite3 *db, QString path) : m_db(db), m_path(std::move(path)) {}
    sqlite3 *m_db;
    QString m_path;
};

// Reads that must agree with each other (the tables of one call graph, the
// meta beside it) inside one deferred read transaction: a patch committed
// meanwhile is seen wholly or not at all. Nested ones join the outer one.
class ReadTransaction {
public:
    explicit ReadTransaction(const Database &db);
    ~ReadTransaction();
    ReadTransaction(const ReadTransaction &) = delete;
    ReadTransaction &operator=(const ReadTransaction &) = delete;

private:
    sqlite3 *m_db;
    bool m_began = false;
};

} // namespace katlas
