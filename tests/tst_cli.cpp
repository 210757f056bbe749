// Tests of the `katlas` command line as users run it: exit codes and
// messages for bad usage, and the PyCG call graph of a plain folder.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "cli_fixture.h"

#include <sys/stat.h>

namespace {

void write(const QString &path, const QByteArray &text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // A folder named like a built-in profile in the working directory (a
    // checkout called `sglang`) does not shadow the profile.
    void builtinProfileNameBeatsAFolder()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("sglang")));
        write(dir.filePath("src/pkg/m.py"), "def f():\n    pass\n");
        const CliRun r = runKatlas({"index", "--db", dir.filePath("d.katlas"), "--repo", "sglang=" + dir.filePath("src"), "--profile", "sglang"},
                             dir.filePath("cache"), dir.path());
        QVERIFY2(r.code == 0, qPrintable(r.err));
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message");
        QTest::newRow("no command") << QStringList{} << 2 << "usage";
        QTest::newRow("unknown command") << QStringList{"frobnicate"} << 2 << "unknown command";
        QTest::newRow("missing repo") << QStringList{"index", "--db", "x.katlas", "--repo", "a=/no/such/dir"} << 2 << "/no/such/dir";
        QTest::newRow("repo name twice") << QStringList{"index", "--db", "x.katlas", "--repo", "a=/tmp", "--repo", "a=/"} << 2 << "given twice";
        QTest::newRow("bad repo spec") << QStringList{"index", "--db", "x.katlas", "--repo", "nopath"} << 2 << "NAME=PATH";
        QTest::newRow("missing value") << QStringList{"index", "--db"} << 2 << "needs a value";
        QTest::newRow("bad profile") << QStringList{"index", "--db", "x.katlas", "--repo", "a=/tmp", "--profile", "/no/p.json"} << 2 << "/no/p.json";
        QTest::newRow("not a database") << QStringList{"stats", "--db", KATLAS_SOURCE_DIR "/README.md"} << 1 << "not a Kernel Atlas database";
        QTest::newRow("bad filter") << QStringList{"ops", "--filter", "quantization"} << 2 << "DIMENSION=VALUE";
        QTest::newRow("unknown op") << QStringList{"trace", "--op", "self.q_b_prj"} << 1 << "self.q_b_proj";
        QTest::newRow("unknown kernel") << QStringList{"trace", "--kernel", "rmsnrm"} << 1 << "rmsnorm";
        QTest::newRow("unknown model") << QStringList{"ops", "--model", "llama"} << 2 << "deepmini";
        // A misspelt option stops the command before it writes anything.
        QTest::newRow("unknown option") << QStringList{"kernels", "--ouput", "k.txt"} << 2 << "did you mean: --output";
        QTest::newRow("unknown flag") << QStringList{"ops", "--jsn"} << 2 << "--json";
        // A misspelt dimension or value would filter nothing out.
        QTest::newRow("unknown dimension") << QStringList{"ops", "--filter", "stag=decode"} << 2 << "did you mean: stage";
        QTest::newRow("unknown value") << QStringList{"ops", "--filter", "stage=decod"} << 2 << "did you mean: decode";
        // An unknown configuration is a usage error that lists the known ones.
        QTest::newRow("unknown config") << QStringList{"matrix", "--op", "self.attn_mqa", "--config", "H200"} << 2 << "\"Demo ROCm decode\"";
        // A checkpoint the profile does not hold would deploy nothing.
        QTest::newRow("unknown checkpoint") << QStringList{"ops", "--filter", "stage=decode", "--checkpoint", "V9"} << 2
                                            << "no checkpoint named 'V9'";
    }
    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, message);
        const CliRun r = runKatlas(args, m_cache.path());
        QCOMPARE(r.code, code);
        QVERIFY2((r.err + r.out).contains(message), qPrintable(r.err + r.out));
    }

    void exportsAndIndexesNeverReplaceWhatTheyDoNotOwn()
    {
        const QString db = m_cache.filePath(QStringLiteral("own.katlas"));
        QCOMPARE(runKatlas({"index", "--demo", "--db", db}, m_cache.path()).code, 0);
        const QString link = m_cache.filePath(QStringLiteral("report.md"));
        QVERIFY(QFile::link(db, link));
        for (const QString &target : {db, link}) {
            const CliRun r = runKatlas({"export", "--db", db, "--format", "op-traces-md", "-o", target}, m_cache.path());
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains(QStringLiteral("index being read")), qPrintable(r.err));
        }
        const CliRun callgraph = runKatlas({"callgraph", "--db", db, "--format", "pycg", "-o", link}, m_cache.path());
        QCOMPARE(callgraph.code, 2);
        QVERIFY2(callgraph.err.contains(QStringLiteral("index being read")), qPrintable(callgraph.err));
        QCOMPARE(runKatlas({"stats", "--db", db}, m_cache.path()).code, 0);
        // Nor is an index written through a link, which it would replace.
        const CliRun throughLink = runKatlas({"index", "--demo", "--db", link}, m_cache.path());
        QCOMPARE(throughLink.code, 2);
        QVERIFY2(throughLink.err.contains(QStringLiteral("symbolic link")), qPrintable(throughLink.err));
        QVERIFY(QFileInfo(link).isSymLink());
    }

    // verify --root reads nothing outside the root nor anything that is
    // not a regular file: it finishes, names each such link, and fails.
    void verifyKeepsToItsRoot()
    {
        QTemporaryDir dir;
        const QString root = dir.filePath("root");
        write(root + "/a.py", "def a():\n    pass\n");
        write(dir.filePath("outside.py"), "def a():\n    pass\n");
        QVERIFY(QFile::link(dir.filePath("outside.py"), root + "/link.py"));
        QCOMPARE(::mkfifo(QFile::encodeName(root + "/fifo.py").constData(), 0600), 0);
        write(root + "/report.md", "[a()](a.py#L1) [a()](link.py#L1)\n[a()](../outside.py#L1) [a()](fifo.py#L1)\n");
        const CliRun r = runKatlas({"verify", root + "/report.md", "--root", root}, m_cache.path());
        QCOMPARE(r.code, 1);
        QVERIFY2(r.out.contains("4 links, 3 broken"), qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(":1: link.py#L1: ") && r.out.contains(":2: ../outside.py#L1: ")
                && r.out.contains("leaves the root"),
            qPrintable(r.out));
        QVERIFY2(r.out.contains(":2: fifo.py#L1: ") && r.out.contains("not a regular file"), qPrintable(r.out));
    }

    // index --db never replaces another program's SQLite file (a table named
    // meta does not make it ours), and rebuilds an index of ours that is damaged.
    void indexReplacesOnlyItsOwnDatabases()
    {
        QTemporaryDir dir;
        const QString foreign = dir.filePath("other.sqlite");
        QProcess sqlite;
        sqlite.start("sqlite3",
            {foreign, "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT); INSERT INTO meta VALUES ('mine', 'yes');"});
        QVERIFY(sqlite.waitForFinished() && sqlite.exitCode() == 0);
        QFile f(foreign);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray before = f.readAll();
        f.close();
        const CliRun refused = runKatlas({"index", "--demo", "--db", foreign}, m_cache.path());
        QCOMPARE(refused.code, 2);
        QVERIFY2(
            refused.err.contains("not a Kernel Atlas index") && refused.err.contains(foreign), qPrintable(refused.err));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), before);
        f.close();

        const QString db = dir.filePath("d.katlas");
        QCOMPARE(runKatlas({"index", "--demo", "--db", db}, m_cache.path()).code, 0);
        QFile damaged(db);
        QVERIFY(damaged.open(QIODevice::ReadWrite));
        damaged.seek(4096); // all but the header page
        damaged.write(QByteArray(damaged.size() - 4096, '\x5A'));
        damaged.close();
        QVERIFY(runKatlas({"stats", "--db", db}, m_cache.path()).code != 0);
        const CliRun rebuilt = runKatlas({"index", "--demo", "--db", db, "--full"}, m_cache.path());
        QVERIFY2(rebuilt.code == 0, qPrintable(rebuilt.err));
        QCOMPARE(runKatlas({"stats", "--db", db}, m_cache.path()).code, 0);
    }

    void demoCommands()
    {
        QCOMPARE(runKatlas({"--version"}, m_cache.path()).out.trimmed(), QStringLiteral("katlas " KATLAS_VERSION));
        const CliRun ops = runKatlas({"ops"}, m_cache.path());
        QCOMPARE(ops.code, 0);
        QVERIFY(ops.out.contains("self.attn_mqa()"));
        const CliRun matrix = runKatlas({"matrix", "--op", "self.attn_mqa"}, m_cache.path());
        QVERIFY(matrix.out.contains("cutlass_mla") && matrix.out.contains("cutlass_mla_decode"));
        const CliRun empty = runKatlas({"trace", "--op", "self.input_layernorm", "--filter", "platform=hip"}, m_cache.path());
        QVERIFY2(empty.out.contains("filter excludes"), qPrintable(empty.out));
        // Each frame names its function as the file reads it (the class with a
        // method), so paths through different classes' methods read apart.
        const CliRun mqa = runKatlas({"trace", "--op", "self.attn_mqa"}, m_cache.path());
        QVERIFY2(mqa.out.contains("DeepMiniAttention.forward_absorb -> self.attn_mqa"), qPrintable(mqa.out));
        const CliRun sampler = runKatlas({"trace", "--op", "Sampler"}, m_cache.path());
        QCOMPARE(sampler.code, 0);
        QVERIFY2(sampler.out.contains("top_k_top_p_sampling_from_probs"), qPrintable(sampler.out + sampler.err));
        const CliRun kernels = runKatlas({"kernels", "--json"}, m_cache.path());
        const QJsonArray list = QJsonDocument::fromJson(kernels.out.toUtf8()).object().value("kernels").toArray();
        QVERIFY(list.size() > 10);
        QVERIFY(list.first().toObject().contains("call_sites"));
    }

    // --config starts from a preset, --filter narrows it (its values win on a
    // dimension both set), and implications prune the matrix's rows.
    void configurations()
    {
        const CliRun list = runKatlas({"configs"}, m_cache.path());
        QCOMPARE(list.code, 0);
        QVERIFY2(list.out.contains("Demo FP8 decode") && list.out.contains("Demo ROCm decode"), qPrintable(list.out));
        QVERIFY(list.out.contains("attention_backend=cutlass_mla"));

        const CliRun fp8 = runKatlas({"matrix", "--op", "self.attn_mqa", "--config", "Demo FP8 decode"}, m_cache.path());
        QCOMPARE(fp8.code, 0);
        QVERIFY2(fp8.out.contains("cutlass_mla_decode") && !fp8.out.contains("decode_mla_kernel"), qPrintable(fp8.out));
        // The filter wins: the preset's cutlass_mla becomes triton.
        const CliRun narrowed = runKatlas({"matrix", "--op", "self.attn_mqa", "--config=Demo FP8 decode", "--filter", "attention_backend=triton"},
                                    m_cache.path());
        QCOMPARE(narrowed.code, 0);
        QVERIFY2(narrowed.out.contains("decode_mla_kernel") && !narrowed.out.contains("cutlass_mla_decode"), qPrintable(narrowed.out));
        // platform=hip rules out the CUDA-only MLA backends: one row left.
        const CliRun hip = runKatlas({"matrix", "--op", "self.attn_mqa", "--filter", "platform=hip"}, m_cache.path());
        QCOMPARE(hip.code, 0);
        QVERIFY2(hip.out.contains("triton") && !hip.out.contains("cutlass_mla") && !hip.out.contains("fast_mla"), qPrintable(hip.out));
        // A contradiction is said, not silently ignored.
        const CliRun clash = runKatlas({"matrix", "--op", "self.attn_mqa", "--config", "Demo ROCm decode", "--filter", "attention_backend=cutlass_mla"},
                                 m_cache.path());
        QCOMPARE(clash.code, 0);
        QVERIFY2(clash.err.contains("contradicts") && clash.err.contains("platform=cuda"), qPrintable(clash.err));
    }

    void pycgOfAPlainFolder()
    {
        QTemporaryDir dir;
        write(dir.filePath("src/main.py"),
              "from pkg.util import helper\n"
              "import pkg.mod as m\n"
              "def outer():\n"
              "    def inner():\n"
              "        return len([])\n"
              "    return inner()\n"
              "class A:\n"
              "    def __init__(self):\n"
              "        self.b = m.B()\n"
              "    def run(self):\n"
              "        helper()\n"
              "        self.b.go()\n"
              "A().run()\n"
              "outer()\n");
        write(dir.filePath("src/pkg/__init__.py"), "");
        write(dir.filePath("src/pkg/util.py"), "import os\ndef helper():\n    os.path.join('a', 'b')\n");
        write(dir.filePath("src/pkg/mod.py"), "class B:\n    def go(self):\n        pass\n");
        const QString out = dir.filePath("cg.json");
        const CliRun r = runKatlas({"callgraph", "--repo", "main=" + dir.filePath("src"), "--format", "pycg", "-o", out}, m_cache.path());
        QCOMPARE(r.code, 0);
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject cg = QJsonDocument::fromJson(f.readAll()).object();
        auto callees = [&](const char *key) {
            QStringList l;
            for (const QJsonValue &v : cg.value(key).toArray())
                l << v.toString();
            return l;
        };
        QCOMPARE(callees("main"), (QStringList{"main.A.__init__", "main.A.run", "main.outer"}));
        QCOMPARE(callees("main.outer"), QStringList{"main.outer.inner"});
        QCOMPARE(callees("main.outer.inner"), QStringList{"<builtin>.len"});
        QCOMPARE(callees("main.A.__init__"), QStringList{});
        QCOMPARE(callees("main.A.run"), (QStringList{"pkg.mod.B.go", "pkg.util.helper"}));
        QCOMPARE(callees("pkg.util.helper"), QStringList{"os.path.join"});
        for (const char *key : {"pkg", "pkg.util", "pkg.mod", "pkg.mod.B.go", "os.path.join", "<builtin>.len"})
            QVERIFY2(cg.contains(key), key);
    }

private:
    QTemporaryDir m_cache;
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
