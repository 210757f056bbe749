// Tests of the incremental re-index: after each edit of a small tree, the
// index patched in place must hold exactly what a whole index of the edited
// tree holds (compared row by row, ids aside), and its kept figures must be
// those counted from its tables. Also: which edits patch and which rebuild,
// and a cancelled patch leaves the index as it was.
#include "demo_fixture.h"
#include "index_dump.h"

#include "export/kernel_traces_md.h"
#include "export/op_traces_md.h"
#include "index/repo_copy.h"

#include "store/database.h"
#include "store/index_reader.h"

#include <QDir>
#include <QFile>

using namespace katlas;
using namespace katlas::test;

namespace {

// A base class whose methods call through self (so each subclass gets its
// own copy of them), used from another module, and a function defined on
// each branch of a test (its second definition's facts name it by its line).
const QByteArray kBase = R"(import torch


class Base:
    def run(self, x):
        self.step(x)

    def loop(self, x):
        if x:
            self.loop(x)

    def step(self, x):
        pass


class A(Base):
    def step(self, x):
        torch.ops.k.op_a.default(x)


class B(Base):
    def step(self, x):
        torch.ops.k.op_b.default(x)


if torch.version.hip:
    def pick(x):
        y = x
        return y
else:
    def pick(x):
        y = x
        return y
)";

const QByteArray kUse = R"(from pkg.base import A, B


def main(x):
    a = A()
    b = B()
    a.run(x)
    a.loop(x)
)";

} // namespace

class TestIncremental : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString root() const { return m_dir.filePath(QStringLiteral("tree")); }
    QString patchedDb() const { return m_dir.filePath(QStringLiteral("patched.katlas")); }
    std::vector<RepoInput> repos() const { return {{"work", root()}}; }

    IndexReport index(const QString &db, bool reuse, const std::atomic_bool *cancel = nullptr,
                      const ProgressCallback &progress = {})
    {
        return runIndex({db, repos(), demoProfile(), reuse, 0}, progress, cancel);
    }

    // The patched index holds what a whole index of the same tree holds.
    void checkSameAsWhole()
    {
        const QString whole = m_dir.filePath(QStringLiteral("whole.katlas"));
        QFile::remove(whole);
        QVERIFY(index(whole, false).ok);
        const QString difference = firstDifference(dump(patchedDb()), dump(whole));
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
        auto db = Database::open(patchedDb(), nullptr);
        QCOMPARE(foreignKeyViolations(*db), 0);
        const IndexStats kept = loadStats(*db), counted = countStats(*db);
        QCOMPARE(kept.files, counted.files);
        QCOMPARE(kept.symbols, counted.symbols);
        QCOMPARE(kept.callSites, counted.callSites);
        QCOMPARE(kept.edges, counted.edges);
        QCOMPARE(kept.resolvedCallSites, counted.resolvedCallSites);
        QCOMPARE(kept.diagnostics, counted.diagnostics);
        QCOMPARE(kept.kernelsBySource, counted.kernelsBySource);
        QCOMPARE(kept.edgesByResolution, counted.edgesByResolution);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        writeFile(root() + "/pkg/__init__.py", "");
        writeFile(root() + "/pkg/base.py", kBase);
        writeFile(root() + "/pkg/use.py", kUse);
        writeFile(root() + "/pkg/solo.py", "import torch\n\n\ndef f(x):\n    torch.ops.k.op_d.default(x)\n");
        // A kernel library of the demo profile (which has `launches`).
        writeFile(root() + "/tiny_kernel/__init__.py", "import torch\n\n\ndef k(x):\n    torch.ops.k.op_e.default(x)\n");
        const IndexReport first = index(patchedDb(), true);
        QVERIFY2(first.ok, qPrintable(first.error));
        QVERIFY(!first.patched);
    }

    void edits_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("before");
        QTest::addColumn<QByteArray>("after");
        QTest::addColumn<bool>("patched");
        // Each edit applies to the tree the previous ones left.
        QTest::newRow("a call added: a new copy of an inherited method")
            << "pkg/use.py" << QByteArray("    a.loop(x)\n") << QByteArray("    a.loop(x)\n    b.run(x)\n") << true;
        QTest::newRow("lines move: a comment above everything")
            << "pkg/base.py" << QByteArray("import torch\n") << QByteArray("# edited\n\nimport torch\n") << true;
        QTest::newRow("a call added to an inherited method: its copies follow")
            << "pkg/base.py" << QByteArray("        self.step(x)\n") << QByteArray("        self.step(x)\n        torch.ops.k.op_c.default(x)\n") << true;
        QTest::newRow("a guard changed")
            << "pkg/base.py" << QByteArray("        if x:\n") << QByteArray("        if x and x.any():\n") << true;
        QTest::newRow("a call removed: the copy only it reached goes, with what only the copy reached")
            << "pkg/use.py" << QByteArray("    a.run(x)\n") << QByteArray("") << true;
        QTest::newRow("a self-recursive copy no longer reached goes too")
            << "pkg/use.py" << QByteArray("    a.loop(x)\n") << QByteArray("") << true;
        QTest::newRow("an external no longer called goes")
            << "pkg/base.py" << QByteArray("        torch.ops.k.op_b.default(x)\n") << QByteArray("        pass\n") << true;
        QTest::newRow("the only call of a file removed")
            << "pkg/solo.py" << QByteArray("    torch.ops.k.op_d.default(x)\n") << QByteArray("    pass\n") << true;
        QTest::newRow("a return changed: rebuilt")
            << "pkg/base.py" << QByteArray("    def step(self, x):\n        pass\n") << QByteArray("    def step(self, x):\n        return torch.zeros(x)\n") << false;
        QTest::newRow("a function added: rebuilt")
            << "pkg/use.py" << QByteArray("def main(x):\n") << QByteArray("def helper():\n    pass\n\n\ndef main(x):\n") << false;
        QTest::newRow("a syntax error in calls only: patched, with its diagnostic")
            << "pkg/use.py" << QByteArray("    b.run(x)\n") << QByteArray("    b.run(x) +\n") << true;
        QTest::newRow("a call in a kernel library: rebuilt (its entries may no longer launch)")
            << "tiny_kernel/__init__.py" << QByteArray("    torch.ops.k.op_e.default(x)\n") << QByteArray("    pass\n") << false;
    }

    void edits()
    {
        QFETCH(QString, file);
        QFETCH(QByteArray, before);
        QFETCH(QByteArray, after);
        QFETCH(bool, patched);
        QFile f(root() + "/" + file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray text = f.readAll();
        f.close();
        QVERIFY2(text.contains(before), before.constData());
        writeFile(root() + "/" + file, text.replace(before, after));
        const IndexReport r = index(patchedDb(), true);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.patched, patched);
        QCOMPARE(r.parsedFiles, 1);
        checkSameAsWhole();
    }

    void patchThatCannotWriteLeavesTheIndexAsItWas()
    {
        QFile use(root() + "/pkg/use.py");
        QVERIFY(use.open(QIODevice::Append));
        use.write("    a.run(x)\n");
        use.close();
        const std::vector<std::string> before = dump(patchedDb());
        // Another program writes to the index past the wait (the patch cannot
        // begin), or holds it whole (it cannot even be read).
        for (const char *lock : {"BEGIN IMMEDIATE", "BEGIN EXCLUSIVE"}) {
            sqlite3 *other = nullptr;
            QCOMPARE(sqlite3_open(QFile::encodeName(patchedDb()).constData(), &other), SQLITE_OK);
            QCOMPARE(sqlite3_exec(other, lock, nullptr, nullptr, nullptr), SQLITE_OK);
            const IndexReport r = index(patchedDb(), true);
            sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
            sqlite3_close(other);
            QVERIFY(!r.ok);
            QVERIFY2(r.error.contains(patchedDb()) && r.error.contains("unchanged"), qPrintable(r.error));
            QVERIFY(dump(patchedDb()) == before);
        }
        QVERIFY(index(patchedDb(), true).patched);
        checkSameAsWhole();
    }

    void cancelledPatchLeavesTheIndexAsItWas()
    {
        const std::vector<std::string> before = dump(patchedDb());
        QFile use(root() + "/pkg/use.py");
        QVERIFY(use.open(QIODevice::Append));
        use.write("    b.loop(x)\n"); // main is the last function
        use.close();
        std::atomic_bool cancel{false};
        const IndexReport r = index(patchedDb(), true, &cancel, [&](const IndexProgress &p) {
            if (p.phase == IndexProgress::Phase::Writing)
                cancel = true;
        });
        QVERIFY(!r.ok);
        QVERIFY(r.cancelled);
        QVERIFY(dump(patchedDb()) == before);
        // Not cancelled, the same edit patches.
        const IndexReport again = index(patchedDb(), true);
        QVERIFY(again.ok);
        QVERIFY(again.patched);
        checkSameAsWhole();
    }

    // What users see of an index: the reports of a patched one are those of
    // a whole one (the demo, edited in a model layer and a kernel wrapper).
    void reportsOfAPatchedIndexAreThoseOfAWholeOne()
    {
        QTemporaryDir dir;
        const std::vector<RepoInput> repos = copyIndexedFiles(demoRepos(), demoProfile(), dir.filePath("copy"));
        const QString patched = dir.filePath("patched.katlas"), whole = dir.filePath("whole.katlas");
        QVERIFY(runIndex({patched, repos, demoProfile(), true, 0}).ok);
        const QString layers = repos.front().path + "/python/tinyserve/srt/layers/";
        for (const auto &[file, before, after] :
             {std::tuple{"layernorm.py", "        return rmsnorm(x, self.weight, self.eps)\n",
                         "        torch.cuda.synchronize()\n        return rmsnorm(x, self.weight, self.eps)\n"},
              std::tuple{"activation.py", "# Demo fixture", "# edited\n# Demo fixture"}}) {
            QFile f(layers + file);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QByteArray text = f.readAll();
            f.close();
            QVERIFY2(text.contains(before), file);
            writeFile(layers + file, text.replace(before, after));
        }
        const IndexReport r = runIndex({patched, repos, demoProfile(), true, 0});
        QVERIFY2(r.ok && r.patched, qPrintable(r.error));
        QVERIFY(runIndex({whole, repos, demoProfile(), false, 0}).ok);
        std::vector<std::string> reports[2];
        for (int i = 0; i < 2; ++i) {
            QString error;
            const auto session = TraceSession::open(i == 0 ? patched : whole, &error);
            QVERIFY2(session, qPrintable(error));
            const TraceReport report = buildTraceReport(*session, "deepmini", {});
            const MarkdownLinks links(session->index(), dir.path(), {});
            reports[i] = {opTracesMarkdown(*session, report, links), kernelTracesMarkdown(*session, report, links)};
        }
        QVERIFY(reports[0][0].find("rmsnorm") != std::string::npos);
        QCOMPARE(QString::fromStdString(reports[0][0]), QString::fromStdString(reports[1][0]));
        QCOMPARE(QString::fromStdString(reports[0][1]), QString::fromStdString(reports[1][1]));
    }

    // An index another extractor made (its meta names another facts version)
    // is rebuilt whole, not kept as up to date: its facts and what was
    // resolved from them are not this build's.
    void indexOfAnotherFactsVersionIsRebuilt()
    {
        const IndexReport whole = index(patchedDb(), true);
        QVERIFY2(whole.ok, qPrintable(whole.error));
        {
            sqlite3 *db = nullptr;
            QCOMPARE(sqlite3_open(QFile::encodeName(patchedDb()).constData(), &db), SQLITE_OK);
            QCOMPARE(sqlite3_exec(db, "UPDATE meta SET value = '1' WHERE key = 'facts_version'", nullptr, nullptr, nullptr), SQLITE_OK);
            QCOMPARE(sqlite3_changes(db), 1);
            sqlite3_close(db);
        }
        const IndexReport r = index(patchedDb(), true);
        QVERIFY2(r.ok, qPrintable(r.error));
        QVERIFY(!r.upToDate);
        QCOMPARE(r.reusedFiles, 0);
        QCOMPARE(r.parsedFiles, r.stats.files);
        const IndexReport again = index(patchedDb(), true);
        QVERIFY(again.upToDate); // its own version is kept
        checkSameAsWhole();
    }

    // An index whose added symbols do not fit the definitions (damaged, or
    // written by another version) is not patched: rebuilt whole, correctly.
    void indexThatCannotBePatchedIsRebuilt()
    {
        {
            sqlite3 *db = nullptr;
            QCOMPARE(sqlite3_open(QFile::encodeName(patchedDb()).constData(), &db), SQLITE_OK);
            QCOMPARE(sqlite3_exec(db, "UPDATE symbol SET origin_id = 1 WHERE id = (SELECT max(id) FROM symbol WHERE origin_id IS NOT NULL)",
                                  nullptr, nullptr, nullptr), SQLITE_OK);
            QCOMPARE(sqlite3_changes(db), 1);
            sqlite3_close(db);
        }
        QFile use(root() + "/pkg/use.py");
        QVERIFY(use.open(QIODevice::Append));
        use.write("    b.run(x)\n");
        use.close();
        const IndexReport r = index(patchedDb(), true);
        QVERIFY2(r.ok, qPrintable(r.error));
        QVERIFY(!r.patched);
        QCOMPARE(r.parsedFiles, 1);
        QCOMPARE(r.reusedFiles, r.stats.files - 1);
        checkSameAsWhole();
    }
};

QTEST_GUILESS_MAIN(TestIncremental)
#include "tst_incremental.moc"
