// Bulk writing of an index (see index_writer.h): one transaction into a
// temporary file beside the target, prepared statements reused in loops,
// indexes built after the insert, then fsync and rename over the target.
#include "store/index_writer.h"

#include "store/facts_codec.h"
#include "store/row_statements.h"
#include "store/schema.h"
#include "store/sql_writer.h"
#include "store/sqlite_statement.h"
#include "store/temp_files.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

namespace katlas {
namespace {

class Writer : public SqlWriter {
public:
    using SqlWriter::SqlWriter;


    void begin()
    {
        // The file is private until renamed into place, and this writer fills
        // the tables in order: foreign keys are declared, not enforced, while
        // loading (enforcing them cost a third of the insert time); the tests
        // run PRAGMA foreign_key_check on what it writes.
        exec("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA foreign_keys=OFF; PRAGMA cache_size=-16384;");
        exec(kSchemaTables);
        exec(kCallIndexes);
        exec("BEGIN");
    }

    void sources(const std::vector<Repo> &repos, const std::vector<SourceFile> &files, const std::vector<ModuleFacts> &facts)
    {
        {
            Statement st(m_db, "INSERT INTO repo(id, name, path, commit_id) VALUES (?, ?, ?, ?)");
            for (const Repo &r : repos)
                check(st.bind(1, r.id).bind(2, r.name).bind(3, r.path).bind(4, r.commit).exec());
        }
        Statement st(m_db, "INSERT INTO file(id, repo_id, path, module, hash, size, line_count, mtime_ns, facts, locals, calls) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        for (size_t i = 0; i < files.size(); ++i) {
            checkCancel(i);
            const SourceFile &f = files[i];
            st.bind(1, f.id).bind(2, f.repoId).bind(3, f.path).bind(4, f.module).bind(5, f.hash);
            st.bind(6, f.size).bind(7, f.lineCount).bind(8, f.mtimeNs);
            const EncodedFacts blobs = i < facts.size() ? encodeFacts(facts[i]) : EncodedFacts{};
            st.bindBlob(9, blobs.declarations).bindBlob(10, blobs.locals).bindBlob(11, blobs.calls);
            check(st.exec());
        }
    }

    void calls(const std::vector<CallSite> &sites, const std::vector<Edge> &edges)
    {
        insertAll(kInsertCallSite, sites, bindCallSite);
        insertAll(kInsertEdge, edges, bindEdge);
    }

    void definitions(const std::vector<Symbol> &symbols)
    {
        insertAll(kInsertSymbol, symbols, bindSymbol);
        exec(kSymbolIndexes);
    }

    // `indexed`: the symbols' indexes are made: the full-text one is kept up
    // to date here.
    void symbols(const std::vector<Symbol> &symbols, bool indexed)
    {
        insertAll(kInsertSymbol, symbols, bindSymbol);
        if (indexed)
            insertAll(kInsertSymbolText, symbols, bindSymbolText);
    }

    void graph(const CallGraph &g, const IndexMeta &meta, bool indexed)
    {
        symbols(g.symbols, indexed);
        calls(g.callSites, g.edges);
        insertAll(kInsertKernel, g.kernels, bindKernel);
        insertAll(kInsertDiagnostic, g.diagnostics, bindDiagnostic);
        Statement st(m_db, "INSERT INTO meta(key, value) VALUES (?, ?)");
        for (const auto &[k, v] : meta)
            check(st.bind(1, k).bind(2, v).exec());
    }

    void finish(bool indexed)
    {
        checkCancel(0);
        if (!indexed)
            exec(kSymbolIndexes);
        exec(kSchemaIndexes);
        exec(("PRAGMA user_version=" + std::to_string(kSchemaVersion)).c_str());
        exec(("PRAGMA application_id=" + std::to_string(kApplicationId)).c_str());
        exec("COMMIT");
    }

};

bool syncFile(const QString &path)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY);
    if (fd < 0)
        return false;
    const bool ok = ::fsync(fd) == 0;
    ::close(fd);
    return ok;
}

bool failWith(QString *error, const QString &why)
{
    if (error)
        *error = why;
    return false;
}

} // namespace

std::unique_ptr<IndexWriter> IndexWriter::create(const QString &dbPath, const std::atomic_bool *cancel, QString *error)
{
    const QFileInfo target(dbPath);
    const QString folder = target.absolutePath();
    const QString tmp = tempPathFor(dbPath);
    if (!QFileInfo(folder).isDir()) {
        failWith(error, QCoreApplication::translate("IndexWriter", "cannot write the index: folder %1 does not exist").arg(folder));
        return nullptr;
    }
    if (target.exists() && target.isDir()) {
        failWith(error, QCoreApplication::translate("IndexWriter", "cannot write the index: %1 is a folder").arg(dbPath));
        return nullptr;
    }
    removeStaleTempFiles(dbPath);
    QFile::remove(tmp);
    registerTempFile(tmp);
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(QFile::encodeName(tmp).constData(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK
        || sqlite3_exec(db, "PRAGMA user_version=0", nullptr, nullptr, nullptr) != SQLITE_OK) {
        const QString why = QString::fromUtf8(db ? sqlite3_errmsg(db) : "out of memory");
        sqlite3_close(db);
        QFile::remove(tmp);
        unregisterTempFile(tmp);
        failWith(error, QCoreApplication::translate("IndexWriter", "cannot create the index in folder %1: %2").arg(folder, why));
        return nullptr;
    }
    std::unique_ptr<IndexWriter> writer(new IndexWriter(dbPath, tmp, db, cancel));
    if (!writer->run([](Writer &w) { w.begin(); }, error))
        return nullptr;
    return writer;
}

IndexWriter::IndexWriter(const QString &dbPath, const QString &tmpPath, sqlite3 *db, const std::atomic_bool *cancel)
    : m_dbPath(dbPath), m_tmpPath(tmpPath), m_db(db), m_cancel(cancel)
{
}

IndexWriter::~IndexWriter()
{
    if (m_db) {
        sqlite3_close(m_db);
        discardTemp();
    }
}

void IndexWriter::discardTemp()
{
    QFile::remove(m_tmpPath);
    unregisterTempFile(m_tmpPath);
}

template <typename Stage>
bool IndexWriter::run(Stage &&stage, QString *error)
{
    if (!m_db)
        return failWith(error, QCoreApplication::translate("IndexWriter", "cannot write the index %1: it was abandoned").arg(m_dbPath));
    try {
        Writer w(m_db, m_cancel);
        stage(w);
        return true;
    } catch (const SqlFailed &f) {
        sqlite3_close(m_db);
        m_db = nullptr;
        discardTemp();
        return failWith(error, m_cancel && m_cancel->load()
                                   ? QCoreApplication::translate("IndexWriter", "indexing was cancelled; %1 is unchanged").arg(m_dbPath)
                                   : QCoreApplication::translate("IndexWriter", "cannot write the index %1: %2").arg(m_dbPath, f.message));
    }
}

bool IndexWriter::writeSources(const std::vector<Repo> &repos, const std::vector<SourceFile> &files,
                               const std::vector<ModuleFacts> &facts, QString *error)
{
    return run([&](Writer &w) { w.sources(repos, files, facts); }, error);
}

bool IndexWriter::writeCalls(const std::vector<CallSite> &sites, const std::vector<Edge> &edges, QString *error)
{
    return run([&](Writer &w) { w.calls(sites, edges); }, error);
}

bool IndexWriter::writeDefinitions(const std::vector<Symbol> &symbols, QString *error)
{
    return run([&](Writer &w) { w.definitions(symbols); }, error) && (m_symbolIndexes = true);
}

bool IndexWriter::writeAddedSymbols(const std::vector<Symbol> &symbols, QString *error)
{
    return run([&](Writer &w) { w.symbols(symbols, m_symbolIndexes); }, error);
}

bool IndexWriter::writeGraph(const CallGraph &graph, const IndexMeta &meta, QString *error)
{
    return run([&](Writer &w) { w.graph(graph, meta, m_symbolIndexes); }, error);
}

bool IndexWriter::commit(QString *error)
{
    if (!run([&](Writer &w) { w.finish(m_symbolIndexes); }, error))
        return false;
    const QString folder = QFileInfo(m_dbPath).absolutePath();
    const int rc = sqlite3_close(m_db);
    m_db = nullptr;
    auto fail = [&](const QString &why) {
        discardTemp();
        return failWith(error, why);
    };
    if (rc != SQLITE_OK)
        return fail(QCoreApplication::translate("IndexWriter", "cannot finish writing the index %1").arg(m_dbPath));
    if (!syncFile(m_tmpPath))
        return fail(QCoreApplication::translate("IndexWriter", "cannot flush the index to disk in folder %1").arg(folder));
    if (std::rename(QFile::encodeName(m_tmpPath).constData(), QFile::encodeName(m_dbPath).constData()) != 0)
        return fail(QCoreApplication::translate("IndexWriter", "cannot replace %1 with the new index").arg(m_dbPath));
    unregisterTempFile(m_tmpPath);
    return true;
}

bool writeIndex(const QString &dbPath, const IndexContents &contents, const std::atomic_bool *cancel, QString *error)
{
    std::unique_ptr<IndexWriter> writer = IndexWriter::create(dbPath, cancel, error);
    return writer && writer->writeSources(contents.graph.repos, contents.graph.files, contents.facts, error)
        && writer->writeGraph(contents.graph, contents.meta, error) && writer->commit(error);
}

} // namespace katlas
