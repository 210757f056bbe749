// Tests of the SQLite store: a round trip of every table, atomic replacement,
// failures that leave the old index intact, and clear messages for files
// that are not an index of this version.
#include "graph/dense_ids.h"
#include "store/condition_codec.h"
#include "store/database.h"
#include "store/facts_codec.h"
#include "store/index_reader.h"
#include "store/index_writer.h"
#include "store/schema.h"
#include "store/temp_files.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace katlas;

namespace {

IndexContents sample(const std::string &tag)
{
    IndexContents c;
    c.graph.repos = {{1, "repo", "/src/repo", "abc123"}};
    c.graph.files = {{1, 1, "pkg/mod.py", "pkg.mod", "h1", 120, 10}};
    c.graph.symbols = {{1, 1, "pkg.mod", "mod", SymbolKind::Module, 1, 10, 0},
                       {2, 1, "pkg.mod.rmsnorm_" + tag, "rmsnorm_" + tag, SymbolKind::Function, 3, 5, 1},
                       {3, 0, "torch.ops.ns.op", "op", SymbolKind::External, 0, 0, 0}};
    c.graph.callSites = {{1, 1, 2, "torch.ops.ns.op.default", 4, {{"_is_cuda", false}, {"x is None", true}}}};
    c.graph.edges = {{1, 3, Resolution::Exact, {{"platform", {"cuda"}, false, "_is_cuda"}, {"", {}, true, "x is None"}}}};
    c.graph.kernels = {{3, "torch.ops", "Normalization"}};
    c.graph.diagnostics = {{1, "repo/pkg/mod.py", 7, "syntax error near ')'"}};
    ModuleFacts f;
    f.repo = "repo";
    f.path = "pkg/mod.py";
    f.module = "pkg.mod";
    f.hash = "h1";
    f.calls = {{"rmsnorm", "torch.ops.ns.op.default", 4, {{"_is_cuda", false}}}};
    f.functions = {{"rmsnorm", "", 3, 5, {{"triton.jit", ""}}, {{"x", "Tensor"}}, {{"a()", {"b()"}, {"x"}, {{"Linear", "pkg.Impl"}}, {{"fast", "True"}}, "", false, 5, {}}}}};
    f.locals = {{"rmsnorm", "y", {"Impl()", {}, {"x"}, {}, {}, "", false, 4, {{"_is_cuda", false}}}, ""}};
    f.localCalls = {{"Impl", 0, 0}};
    c.facts = {f};
    c.meta = {{"profile_name", "test"}, {"tag", tag}};
    return c;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void execSql(const QString &path, const char *sql)
{
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(QFile::encodeName(path).constData(), &db), SQLITE_OK);
    char *message = nullptr;
    const int rc = sqlite3_exec(db, sql, nullptr, nullptr, &message);
    QVERIFY2(rc == SQLITE_OK, message);
    sqlite3_close(db);
}

int openFileDescriptors()
{
    return static_cast<int>(QDir(QStringLiteral("/proc/self/fd")).entryList(QDir::Files | QDir::System).size());
}

// A pid no process has: one that ran and was reaped.
qint64 deadPid()
{
    QProcess p;
    p.start(QStringLiteral("true"), {});
    p.waitForFinished();
    return p.processId() ? p.processId() : 999999;
}

} // namespace

class TestStore : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void roundTrip()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("a.katlas");
        const IndexContents c = sample("one");
        QString error;
        QVERIFY2(writeIndex(path, c, nullptr, &error), qPrintable(error));
        auto db = Database::open(path, &error);
        QVERIFY2(db, qPrintable(error));
        QCOMPARE(foreignKeyViolations(*db), 0);
        const CallGraph g = loadCallGraph(*db);
        QCOMPARE(g.repos.size(), size_t(1));
        QCOMPARE(g.repos[0].commit, std::string("abc123"));
        QCOMPARE(g.files[0].module, std::string("pkg.mod"));
        QCOMPARE(g.symbols.size(), size_t(3));
        QCOMPARE(g.symbols[1].qualName, std::string("pkg.mod.rmsnorm_one"));
        QCOMPARE(g.symbols[2].kind, SymbolKind::External);
        QCOMPARE(g.symbols[2].fileId, std::int64_t(0));
        QCOMPARE(g.callSites[0].guards, c.graph.callSites[0].guards);
        QCOMPARE(g.edges[0].conditions, c.graph.edges[0].conditions);
        QCOMPARE(g.edges[0].resolution, Resolution::Exact);
        QCOMPARE(g.kernels[0].category, std::string("Normalization"));
        QCOMPARE(g.diagnostics[0].line, 7);
        const auto facts = loadFacts(*db);
        QCOMPARE(facts.size(), size_t(1));
        QVERIFY(facts[0] == c.facts[0]);
        QCOMPARE(loadMeta(*db).at("tag"), std::string("one"));
        QCOMPARE(fileStamps(*db).at("repo/pkg/mod.py").hash, std::string("h1"));
        QCOMPARE(fileStamps(*db).at("repo/pkg/mod.py").id, std::int64_t(1));
        QVERIFY(loadFacts(*db, false)[0].calls.empty());
        QVERIFY(loadFacts(*db, false)[0].locals.empty());
        QVERIFY(loadFacts(*db, false)[0].localCalls == c.facts[0].localCalls);
        QVERIFY(loadLocals(*db, 1) == c.facts[0].locals);
        QVERIFY(loadCalls(*db, 1) == c.facts[0].calls);
        const IndexStats s = loadStats(*db);
        QCOMPARE(s.callSites, 1);
        QCOMPARE(s.resolvedCallSites, 1);
        QCOMPARE(s.kernelsBySource.at("torch.ops"), 1);
    }

    void danglingReferencesAreFound()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("a.katlas");
        IndexContents c = sample("one");
        c.graph.edges.push_back({999, 1, Resolution::Exact, {}}); // no call site 999
        QString error;
        QVERIFY2(writeIndex(path, c, nullptr, &error), qPrintable(error));
        QCOMPARE(foreignKeyViolations(*Database::open(path, &error)), 1);
    }

    void readersRefuseReferencesOutOfRange()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("a.katlas");
        QString error;
        QVERIFY(writeIndex(path, sample("one"), nullptr, &error));
        QVERIFY(firstBadReference(loadCallGraph(*Database::open(path, &error))).empty());
        sqlite3 *db = nullptr;
        sqlite3_open(path.toUtf8().constData(), &db);
        QCOMPARE(sqlite3_exec(db, "PRAGMA foreign_keys=OFF; UPDATE edge SET call_site_id = 4000000000", nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(db);
        // What TraceSession::open reports as "damaged; re-index it" instead of indexing past its vectors.
        const std::string bad = firstBadReference(loadCallGraph(*Database::open(path, &error)));
        QVERIFY2(bad.find("4000000000") != std::string::npos, bad.c_str());
    }

    void search()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("a.katlas");
        QString error;
        QVERIFY(writeIndex(path, sample("one"), nullptr, &error));
        auto db = Database::open(path, &error);
        QCOMPARE(searchSymbols(*db, "rmsn", 10).size(), size_t(1));
        QCOMPARE(searchSymbols(*db, "pkg.mod rms", 10).size(), size_t(1));
        for (const char *hostile : {"\"", "rms*\"", "a OR -b", "NEAR(", "'; DROP TABLE symbol; --"})
            QVERIFY(searchSymbols(*db, hostile, 10).size() <= 3);
        QVERIFY(searchSymbols(*db, "zzz", 10).empty());
    }

    void codecs()
    {
        const GuardList guards{{"a == 1", false}, {"not b", true}, {"", false}};
        QCOMPARE(decodeGuards(encodeGuards(guards)), guards);
        const ConditionSet conds{{"q", {"fp8", "int8"}, true, "t"}, {"", {}, false, "x"}};
        QCOMPARE(decodeConditions(encodeConditions(conds)), conds);
        QVERIFY(!decodeFacts("garbage"));
        const EncodedFacts blobs = encodeFacts(sample("x").facts[0]);
        QVERIFY(decodeFacts(blobs.declarations, blobs.locals, blobs.calls) == sample("x").facts[0]);
        std::string half = blobs.declarations;
        half.resize(half.size() / 2);
        QVERIFY(!decodeFacts(half));
        std::vector<CallFact> calls;
        QVERIFY(!decodeCalls(blobs.calls.substr(0, blobs.calls.size() - 1), calls));
    }

    void replaceIsAtomicAndFailuresKeepTheOld()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("a.katlas");
        QString error;
        QVERIFY(writeIndex(path, sample("one"), nullptr, &error));
        QVERIFY(writeIndex(path, sample("two"), nullptr, &error));
        QCOMPARE(loadMeta(*Database::open(path, &error)).at("tag"), std::string("two"));
        const QByteArray before = readAll(path);

        std::atomic_bool cancel{true};
        QVERIFY(!writeIndex(path, sample("three"), &cancel, &error));
        QVERIFY(error.contains("cancelled"));
        QCOMPARE(readAll(path), before);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"a.katlas"});

        const QString missingFolder = dir.filePath("no/such/folder/a.katlas");
        QVERIFY(!writeIndex(missingFolder, sample("x"), nullptr, &error));
        QVERIFY2(error.contains(dir.filePath("no/such/folder")), qPrintable(error));
    }

    void openErrors_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("message");
        QTest::newRow("text") << QByteArray("hello, I am a text file\n") << "is not a Kernel Atlas database";
        QTest::newRow("empty") << QByteArray() << "is not a Kernel Atlas database";
        QTest::newRow("truncated") << QByteArray("SQLite format 3\0\x10\0", 19) << "damaged";
    }
    void openErrors()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString path = dir.filePath("x.katlas");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
        f.close();
        QString error;
        QVERIFY(!Database::open(path, &error));
        QVERIFY2(error.contains(message), qPrintable(error));
        QVERIFY(error.contains(path));
    }

    void otherSchemaVersionAndForeignDatabase()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("a.katlas");
        QString error;
        QVERIFY(writeIndex(path, sample("one"), nullptr, &error));
        sqlite3 *db = nullptr;
        sqlite3_open(path.toUtf8().constData(), &db);
        sqlite3_exec(db, "PRAGMA user_version=99", nullptr, nullptr, nullptr);
        sqlite3_close(db);
        QVERIFY(!Database::open(path, &error));
        QVERIFY2(error.contains("schema version 99") && error.contains("re-index"), qPrintable(error));
        QCOMPARE(probeDatabase(path), DatabaseProbe::KernelAtlas);

        const QString foreign = dir.filePath("other.sqlite");
        sqlite3_open(foreign.toUtf8().constData(), &db);
        sqlite3_exec(db, "CREATE TABLE t(x)", nullptr, nullptr, nullptr);
        sqlite3_close(db);
        QVERIFY(!Database::open(foreign, &error));
        QVERIFY(error.contains("not a Kernel Atlas database"));
        QCOMPARE(probeDatabase(foreign), DatabaseProbe::Foreign);
        QCOMPARE(probeDatabase(dir.filePath("missing")), DatabaseProbe::Missing);
    }

    // Whose file it is: an index of ours carries our application id; a
    // SQLite file of another program, even with a table named meta and our
    // schema version, is not ours and is never replaced.
    void ownership_data()
    {
        QTest::addColumn<bool>("fromIndex");
        QTest::addColumn<QString>("sql");
        QTest::addColumn<bool>("ours");
        QTest::newRow("index") << true << "" << true;
        QTest::newRow("index before application ids")
            << true << "PRAGMA application_id=0; INSERT INTO meta VALUES ('schema_version', '4')" << true;
        QTest::newRow("other application's id") << true << "PRAGMA application_id=7" << false;
        QTest::newRow("table named meta") << false << "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT)" << false;
        QTest::newRow("meta and our version")
            << false << "CREATE TABLE meta(key TEXT, value TEXT); CREATE TABLE symbol(x); PRAGMA user_version=4"
            << false;
    }
    void ownership()
    {
        QFETCH(bool, fromIndex);
        QFETCH(QString, sql);
        QFETCH(bool, ours);
        QTemporaryDir dir;
        const QString path = dir.filePath("a.katlas");
        QString error;
        if (fromIndex)
            QVERIFY(writeIndex(path, sample("one"), nullptr, &error));
        if (!sql.isEmpty())
            execSql(path, sql.toUtf8().constData());
        QCOMPARE(probeDatabase(path), ours ? DatabaseProbe::KernelAtlas : DatabaseProbe::Foreign);
        QCOMPARE(bool(Database::open(path, &error)), ours);
        if (!ours)
            QVERIFY2(error.contains("not a Kernel Atlas database"), qPrintable(error));
    }

    // A writer killed inside a transaction leaves a hot journal beside the
    // file: opening the index rolls it back, and it reads as before.
    void hotJournalIsRolledBack()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("a.katlas"), copy = dir.filePath("copy.katlas");
        QString error;
        QVERIFY(writeIndex(path, sample("one"), nullptr, &error));
        sqlite3 *writer = nullptr;
        QCOMPARE(sqlite3_open(QFile::encodeName(path).constData(), &writer), SQLITE_OK);
        // A small cache: the changed pages spill into the file before the commit.
        QCOMPARE(sqlite3_exec(writer,
                     "PRAGMA journal_mode=DELETE; PRAGMA cache_size=2; BEGIN; "
                     "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200) "
                     "INSERT INTO meta SELECT 'junk' || i, hex(randomblob(3000)) FROM n; "
                     "UPDATE symbol SET qual_name = 'changed';",
                     nullptr, nullptr, nullptr),
            SQLITE_OK);
        QVERIFY(QFile::exists(path + "-journal"));
        QVERIFY(QFile::copy(path, copy));
        QVERIFY(QFile::copy(path + "-journal", copy + "-journal"));
        sqlite3_exec(writer, "ROLLBACK", nullptr, nullptr, nullptr);
        sqlite3_close(writer);

        auto db = Database::open(copy, &error);
        QVERIFY2(db, qPrintable(error));
        QCOMPARE(probeDatabase(copy), DatabaseProbe::KernelAtlas);
        QCOMPARE(loadMeta(*db).count("junk1"), size_t(0));
        QCOMPARE(loadCallGraph(*db).symbols[1].qualName, std::string("pkg.mod.rmsnorm_one"));
        QVERIFY(!QFile::exists(copy + "-journal"));
    }

    // The same journal on a file its reader cannot write: said plainly.
    void hotJournalOnAReadOnlyFile()
    {
        if (::geteuid() == 0)
            QSKIP("root writes read-only files");
        QTemporaryDir dir;
        const QString path = dir.filePath("a.katlas"), copy = dir.filePath("ro/copy.katlas");
        QString error;
        QVERIFY(writeIndex(path, sample("one"), nullptr, &error));
        QVERIFY(QDir().mkpath(dir.filePath("ro")));
        sqlite3 *writer = nullptr;
        QCOMPARE(sqlite3_open(QFile::encodeName(path).constData(), &writer), SQLITE_OK);
        QCOMPARE(
            sqlite3_exec(writer, "PRAGMA cache_size=2; BEGIN; UPDATE symbol SET qual_name = hex(randomblob(3000));",
                nullptr, nullptr, nullptr),
            SQLITE_OK);
        QVERIFY(QFile::copy(path, copy));
        QVERIFY(QFile::copy(path + "-journal", copy + "-journal"));
        sqlite3_exec(writer, "ROLLBACK", nullptr, nullptr, nullptr);
        sqlite3_close(writer);
        QFile::setPermissions(copy, QFile::ReadOwner);
        QFile::setPermissions(dir.filePath("ro"), QFile::ReadOwner | QFile::ExeOwner);
        QVERIFY(!Database::open(copy, &error));
        QVERIFY2(error.contains("interrupted") && error.contains("cannot write"), qPrintable(error));
        QFile::setPermissions(dir.filePath("ro"), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }

    // A damaged index of ours is refused with its connection closed, and is
    // still ours: a new index replaces it.
    void damagedIndexIsRefusedAndReplaced()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("a.katlas");
        QString error;
        QVERIFY(writeIndex(path, sample("one"), nullptr, &error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        const qint64 size = f.size();
        QVERIFY(size > 8192);
        f.seek(4096);
        f.write(QByteArray(size - 4096, '\xA5'));
        f.close();
        Database::open(path, &error); // SQLite's first open allocates what it keeps
        const int before = openFileDescriptors();
        for (int i = 0; i < 3; ++i) {
            QVERIFY(!Database::open(path, &error));
            QVERIFY2(error.contains("damaged"), qPrintable(error));
        }
        QCOMPARE(openFileDescriptors(), before);
        QCOMPARE(probeDatabase(path), DatabaseProbe::KernelAtlas);
        QVERIFY2(writeIndex(path, sample("two"), nullptr, &error), qPrintable(error));
        QCOMPARE(loadMeta(*Database::open(path, &error)).at("tag"), std::string("two"));
    }

    // The reader takes the graph's tables in one read transaction: a writer
    // committing between two of its queries (here, as the edges are about
    // to be read) has to wait, and the graph is of one commit.
    void graphIsReadInOneTransaction()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("a.katlas");
        QString error;
        QVERIFY(writeIndex(path, sample("one"), nullptr, &error));
        auto db = Database::open(path, &error);
        QVERIFY(db);
        struct Writer {
            sqlite3 *db = nullptr;
            int rc = -1;
        } writer;
        QCOMPARE(sqlite3_open(QFile::encodeName(path).constData(), &writer.db), SQLITE_OK);
        sqlite3_trace_v2(
            db->handle(), SQLITE_TRACE_STMT,
            [](unsigned, void *context, void *, void *x) {
                auto *w = static_cast<Writer *>(context);
                if (w->rc == -1 && std::string(static_cast<const char *>(x)).find("FROM edge") != std::string::npos) {
                    w->rc = sqlite3_exec(w->db,
                        "BEGIN IMMEDIATE; INSERT INTO call_site VALUES (2, 1, 2, 'x', 5, ''); "
                        "INSERT INTO edge VALUES (2, 3, 'exact', ''); COMMIT;",
                        nullptr, nullptr, nullptr);
                    if (w->rc != SQLITE_OK)
                        sqlite3_exec(w->db, "ROLLBACK", nullptr, nullptr, nullptr);
                }
                return 0;
            },
            &writer);
        const CallGraph g = loadCallGraph(*db);
        sqlite3_trace_v2(db->handle(), 0, nullptr, nullptr);
        sqlite3_close(writer.db);
        QCOMPARE(writer.rc, SQLITE_BUSY);
        QCOMPARE(g.callSites.size(), size_t(1));
        QCOMPARE(g.edges.size(), size_t(1));
    }

    // A run killed outright leaves .NAME.tmp-PID: the next write of NAME
    // removes it once that process is gone, and leaves a live one's alone.
    void staleTempFilesAreRemoved()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("a.katlas");
        const QString stale = dir.filePath(QStringLiteral(".a.katlas.tmp-%1").arg(deadPid()));
        const QString live = dir.filePath(QStringLiteral(".a.katlas.tmp-1")); // init never ends
        const QString other = dir.filePath(QStringLiteral(".b.katlas.tmp-%1").arg(deadPid()));
        for (const QString &f : {stale, live, other}) {
            QFile file(f);
            QVERIFY(file.open(QIODevice::WriteOnly));
        }
        QString error;
        QVERIFY(writeIndex(path, sample("one"), nullptr, &error));
        QVERIFY(!QFile::exists(stale));
        QVERIFY(QFile::exists(live));
        QVERIFY(QFile::exists(other));
    }

    // SIGTERM (or SIGHUP, SIGINT) while a temporary file is registered: it is
    // unlinked, and the process still ends by the signal.
    void signalRemovesTheTempFile()
    {
        QTemporaryDir dir;
        const QString tmp = dir.filePath(".a.katlas.tmp-x");
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            QFile file(tmp);
            if (!file.open(QIODevice::WriteOnly))
                ::_exit(3);
            file.close();
            ::signal(SIGTERM, SIG_DFL); // Qt Test's own handler would keep ours out
            registerTempFile(tmp);
            ::raise(SIGTERM);
            ::_exit(4);
        }
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY2(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM, qPrintable(QString::number(status)));
        QVERIFY(!QFile::exists(tmp));
    }

    void readsWhileAnotherConnectionWrites()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("a.katlas");
        QString error;
        QVERIFY(writeIndex(path, sample("one"), nullptr, &error));
        sqlite3 *writer = nullptr;
        sqlite3_open(path.toUtf8().constData(), &writer);
        QCOMPARE(sqlite3_exec(writer, "BEGIN; INSERT INTO meta VALUES('k','v');", nullptr, nullptr, nullptr), SQLITE_OK);
        auto db = Database::open(path, &error);
        QVERIFY2(db, qPrintable(error));
        QCOMPARE(loadCallGraph(*db).symbols.size(), size_t(3));
        sqlite3_exec(writer, "ROLLBACK", nullptr, nullptr, nullptr);
        sqlite3_close(writer);
    }
};

QTEST_GUILESS_MAIN(TestStore)
#include "tst_store.moc"
