// Tests of the exports on the demo workspace: sections of the markdown
// reports against hand-checked golden files, every link verified, and the
// JSON, DOT and SVG forms.
#include "demo_fixture.h"

#include "export/kernel_traces_md.h"
#include "export/link_verifier.h"
#include "export/op_graph_drawing.h"
#include "export/op_graph_folding.h"
#include "layout/graph_layout.h"
#include "export/op_traces_md.h"
#include "export/trace_json.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QXmlStreamReader>

#include <sqlite3.h>
#include <sys/stat.h>

using namespace katlas;
using namespace katlas::test;

namespace {

QString golden(const char *name)
{
    QFile f(QStringLiteral(KATLAS_TEST_DATA "/golden/") + QLatin1String(name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing golden file %s", name);
    return QString::fromUtf8(f.readAll());
}

// The lines from the one starting with `first` up to (not including) the next
// line starting with `stopPrefix`.
QString section(const std::string &doc, const QString &first, const QString &stopPrefix)
{
    const QStringList lines = QString::fromStdString(doc).split(QLatin1Char('\n'));
    QStringList out;
    bool in = false;
    for (const QString &l : lines) {
        if (!in && l.startsWith(first))
            in = true;
        else if (in && l.startsWith(stopPrefix))
            break;
        if (in)
            out << l;
    }
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void write(const QString &path, const std::string &text)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray::fromStdString(text));
}

void copyTree(const QString &from, const QString &to)
{
    for (QDirIterator it(from, QDir::Files, QDirIterator::Subdirectories); it.hasNext();) {
        const QString file = it.next();
        const QString copy = to + QLatin1Char('/') + QDir(from).relativeFilePath(file);
        QDir().mkpath(QFileInfo(copy).absolutePath());
        QVERIFY(QFile::copy(file, copy));
    }
}

void exec(const QString &db, const std::string &sql)
{
    sqlite3 *h = nullptr;
    QCOMPARE(sqlite3_open(QFile::encodeName(db).constData(), &h), SQLITE_OK);
    char *message = nullptr;
    const int rc = sqlite3_exec(h, sql.c_str(), nullptr, nullptr, &message);
    QVERIFY2(rc == SQLITE_OK, message);
    QCOMPARE(sqlite3_changes(h) > 0, true);
    sqlite3_close(h);
}

// Each table of a markdown document keeps its header's column count: a
// cell's own '|' is escaped.
QString tableColumnsMismatch(const std::string &doc)
{
    static const QRegularExpression pipe(QStringLiteral(R"((?<!\\)\|)"));
    int columns = -1;
    for (const QString &line : QString::fromStdString(doc).split(QLatin1Char('\n'))) {
        if (!line.startsWith(QLatin1Char('|'))) {
            columns = -1;
            continue;
        }
        const int n = static_cast<int>(line.count(pipe));
        if (columns < 0)
            columns = n;
        else if (n != columns)
            return line;
    }
    return {};
}

// Names a report does not control, as an attacker would choose them.
const std::string kHostile = "](javascript:alert(1)) <script>alert(1)</script> a|b *x* `c` _y_";

} // namespace

class TestExport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        qputenv("SOURCE_DATE_EPOCH", "1700000000");
        m_session = openDemo(m_dir);
        m_report = buildTraceReport(*m_session, "", {});
        QVERIFY(m_report.graph.error.empty());
        // Links as if the reports lived in <base>/out and the repos in <base>/<name>.
        const MarkdownLinks links(m_session->index(), m_dir.filePath("out"), m_dir.path());
        m_op = opTracesMarkdown(*m_session, m_report, links);
        m_kernel = kernelTracesMarkdown(*m_session, m_report, links);
    }

    void headers()
    {
        QVERIFY(m_op.rfind("# DeepMini (demo) Op Traces\n\nGenerated: 2023-11-14 · Index: tinyserve, quickinfer · Filters: none\n", 0) == 0);
        QVERIFY(m_kernel.rfind("# DeepMini (demo) Kernel Traces\n", 0) == 0);
        for (const char *s : {"## Summary", "## Kernel → Ops", "## Detailed Call Chains", "## Kernel Source Breakdown", "## Entry Points"})
            QVERIFY2(m_kernel.find(s) != std::string::npos, s);
        for (const char *s : {"## Execution Graph", "## Direct Model Kernels", "## Op Summary", "## Op × Configuration", "## Non-Model Ops", "## Cross-Check"})
            QVERIFY2(m_op.find(s) != std::string::npos, s);
    }

    void goldenSections()
    {
        QCOMPARE(section(m_op, "## Execution Graph", "## Direct"), golden("demo_execution_graph.md"));
        QCOMPARE(section(m_op, "## Op Summary", "## Op ×"), golden("demo_op_summary.md"));
        QCOMPARE(section(m_op, "### self.experts", "### self.gate_up_proj"), golden("demo_experts_matrix.md"));
        QCOMPARE(section(m_kernel, "#### 2.2 cutlass_mla_decode", "#### 2.3"), golden("demo_cutlass_mla_decode_chain.md"));
    }

    void everyLinkVerifies()
    {
        // Default links: from the report's folder to each repo's checkout.
        const MarkdownLinks links(m_session->index(), m_dir.path(), {});
        const QString op = m_dir.filePath("op.md"), kernel = m_dir.filePath("kernel.md");
        write(op, opTracesMarkdown(*m_session, m_report, links));
        write(kernel, kernelTracesMarkdown(*m_session, m_report, links));
        for (const QString &file : {op, kernel}) {
            const VerifyResult v = verifyLinks(file);
            QVERIFY(v.error.isEmpty());
            QVERIFY(v.links > 20);
            QVERIFY2(v.broken.empty(), v.broken.empty() ? "" : qPrintable(v.broken.front().link + ": " + v.broken.front().problem));
        }
    }

    void verifyFindsBrokenLinks()
    {
        const QString md = m_dir.filePath("broken.md");
        const QString src = QStringLiteral(KATLAS_SOURCE_DIR "/resources/demo/tinyserve/python/tinyserve/srt/layers/layernorm.py");
        write(md, ("[forward_cuda()](" + src + "#L24)\n[forward_cuda()](" + src + "#L5)\n[x](" + src + "#L9999)\n[y](nowhere.py#L1)\n").toStdString());
        const VerifyResult v = verifyLinks(md, QStringLiteral("/"));
        QCOMPARE(v.links, 4);
        QCOMPARE(v.broken.size(), size_t(3));
        QCOMPARE(v.broken[0].reportLine, 2);
        QVERIFY(v.broken[0].problem.contains("forward_cuda"));
        QVERIFY(v.broken[1].problem.contains("outside"));
        QVERIFY(v.broken[2].problem.contains("does not exist"));

        // A call through getattr(obj, name) is shown as obj.{name}(): the
        // variable's name is what the line must hold.
        const QString py = m_dir.filePath("dyn.py");
        write(py, "def run(self, name, x):\n    return getattr(self.inner, name)(x)\n");
        const QString dyn = m_dir.filePath("dyn.md");
        write(dyn, ("[self.inner.{name}()](" + py + "#L2)\n[self.inner.{other}()](" + py + "#L2)\n").toStdString());
        const VerifyResult d = verifyLinks(dyn, QStringLiteral("/"));
        QCOMPARE(d.links, 2);
        QCOMPARE(d.broken.size(), size_t(1));
        QVERIFY(d.broken[0].problem.contains("'other'"));
    }

    // Names with markdown, HTML and table syntax in every export: the
    // markdown stays inert and tabular, links to a file whose name holds
    // spaces and brackets (in a folder with a space) verify, DOT and SVG
    // labels keep their text.
    void hostileNamesInEveryFormat()
    {
        QTemporaryDir dir;
        const QString root = dir.filePath("my repos");
        copyTree(QStringLiteral(KATLAS_SOURCE_DIR "/resources/demo/tinyserve"), root + "/tinyserve");
        copyTree(QStringLiteral(KATLAS_SOURCE_DIR "/resources/demo/quickinfer"), root + "/quickinfer");
        const QString db = dir.filePath("hostile.katlas");
        const IndexReport indexed = runIndex({db, demoRepos(root), demoProfile(), true, 0});
        QVERIFY2(indexed.ok, qPrintable(indexed.error));
        const std::string oldPath = "python/tinyserve/srt/layers/layernorm.py";
        const std::string newPath = "python/tinyserve/srt/layers/norm ](javascript:alert(1)) <script> a|b [1].py";
        QVERIFY(QFile::rename(root + "/tinyserve/" + QString::fromStdString(oldPath),
            root + "/tinyserve/" + QString::fromStdString(newPath)));
        exec(db, "UPDATE file SET path = '" + newPath + "' WHERE path = '" + oldPath + "'");
        exec(db,
            "UPDATE kernel SET source = '" + kHostile + "', category = 'Cat " + kHostile
                + "' WHERE symbol_id IN (SELECT symbol_id FROM kernel LIMIT 3)");
        exec(db,
            "UPDATE meta SET value = replace(value, 'DeepMini (demo)', 'Deep " + kHostile
                + "') WHERE key = 'profile_json'");

        QString error;
        const auto session = TraceSession::open(db, &error);
        QVERIFY2(session, qPrintable(error));
        const TraceReport report = buildTraceReport(*session, "", {});
        QVERIFY(report.graph.error.empty());
        const QString out = dir.filePath("out dir");
        QVERIFY(QDir().mkpath(out));
        const MarkdownLinks links(session->index(), out, {});
        const QString op = out + "/op.md", kernel = out + "/kernel.md";
        const std::string docs[]
            = {opTracesMarkdown(*session, report, links), kernelTracesMarkdown(*session, report, links)};
        write(op, docs[0]);
        write(kernel, docs[1]);
        for (const std::string &doc : docs) {
            QVERIFY(doc.find("<script>") == std::string::npos);
            QVERIFY(
                !QString::fromStdString(doc).contains(QRegularExpression(QStringLiteral(R"((?<!\\)\]\(javascript)"))));
            QVERIFY(doc.find("*x*") == std::string::npos);
            const QString bad = tableColumnsMismatch(doc);
            QVERIFY2(bad.isEmpty(), qPrintable(bad));
        }
        QVERIFY(docs[1].find("norm%20%5D%28javascript") != std::string::npos); // the renamed file's links
        QVERIFY(docs[1].find("| Deep \\](javascript:alert(1)) \\<script\\>") != std::string::npos);
        for (const QString &file : {op, kernel}) {
            const VerifyResult v = verifyLinks(file);
            QVERIFY(v.error.isEmpty());
            QVERIFY2(v.links > 20, qPrintable(QString::number(v.links)));
            QVERIFY2(v.broken.empty(),
                v.broken.empty() ? "" : qPrintable(v.broken.front().link + ": " + v.broken.front().problem));
        }
        // And confined to a root that holds the repos' folder (its name has a space).
        const QString rooted = dir.filePath("rooted.md");
        write(rooted, kernelTracesMarkdown(*session, report, MarkdownLinks(session->index(), dir.path(), {})));
        const VerifyResult v = verifyLinks(rooted, dir.path());
        QVERIFY(v.links > 20);
        QVERIFY2(v.broken.empty(),
            v.broken.empty() ? "" : qPrintable(v.broken.front().link + ": " + v.broken.front().problem));

        const QJsonDocument json = QJsonDocument::fromJson(QJsonDocument(opsJson(*session, report)).toJson());
        QVERIFY(json.isObject());
        QVERIFY(json.toJson().contains("norm ](javascript:alert(1)) <script> a|b [1].py"));

        LayoutGraph g = opGraphLayoutInput(session->index(), report.graph);
        g.nodes.push_back({"hostile", QStringLiteral("x\\Ny\\l<script>z</script>"), NodeShape::Box, {}});
        const QByteArray dot = toDot(g);
        QVERIFY(dot.contains(R"("x\\Ny\\l<script>z</script>")"));
        const QByteArray svg = renderSvg(g, &error);
        QVERIFY2(!svg.isEmpty(), qPrintable(error));
        QVERIFY(!svg.contains("<script"));
        QVERIFY2(svg.contains(R"(x\Ny\l&lt;script&gt;z)"), svg.constData());
    }

    // With --root, verify reads only regular files whose real path is under
    // it: a symbolic link, `..` or an absolute path out of it, a FIFO, a
    // device and a huge file are each named, none read (nor waited on).
    void verifyStaysInsideItsRoot_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("problem");
        QTest::addColumn<bool>("confined");
        QTest::newRow("inside") << "a.py#L1"
                                << "" << true;
        QTest::newRow("link out") << "link.py#L1"
                                  << "leaves the root" << true;
        QTest::newRow("dot-dot") << "../outside/secret.py#L1"
                                 << "leaves the root" << true;
        QTest::newRow("dot-dot back in") << "../root/a.py#L1"
                                         << "" << true;
        QTest::newRow("absolute") << "@OUT@/secret.py#L1"
                                  << "leaves the root" << true;
        QTest::newRow("fifo") << "fifo.py#L1"
                              << "not a regular file" << true;
        QTest::newRow("huge") << "huge.py#L1"
                              << "larger than 64 MiB" << true;
        QTest::newRow("missing") << "nowhere.py#L1"
                                 << "does not exist" << true;
        // Without a root, links may leave the report's folder, but a device is still not read.
        QTest::newRow("device") << "dev.py#L1"
                                << "not a regular file" << false;
        QTest::newRow("fifo, no root") << "fifo.py#L1"
                                       << "not a regular file" << false;
        QTest::newRow("link out, no root") << "link.py#L1"
                                           << "" << false;
    }
    void verifyStaysInsideItsRoot()
    {
        QFETCH(QString, target);
        QFETCH(QString, problem);
        QFETCH(bool, confined);
        QTemporaryDir dir;
        const QString root = dir.filePath("root"), outside = dir.filePath("outside");
        writeFile(root + "/a.py", "def a():\n    pass\n");
        writeFile(outside + "/secret.py", "def a():\n    secret = 1\n");
        QVERIFY(QFile::link(outside + "/secret.py", root + "/link.py"));
        QVERIFY(QFile::link(QStringLiteral("/dev/zero"), root + "/dev.py"));
        QCOMPARE(::mkfifo(QFile::encodeName(root + "/fifo.py").constData(), 0600), 0);
        QFile huge(root + "/huge.py");
        QVERIFY(huge.open(QIODevice::WriteOnly) && huge.resize(kMaxVerifiedFileBytes + 1)); // sparse
        huge.close();
        const QString md = root + "/report.md";
        write(md, ("[a()](" + QString(target).replace("@OUT@", outside) + ")\n").toStdString());
        const VerifyResult v = verifyLinks(md, confined ? root : QString());
        QVERIFY(v.error.isEmpty());
        QCOMPARE(v.links, 1);
        if (problem.isEmpty()) {
            QVERIFY2(v.broken.empty(), v.broken.empty() ? "" : qPrintable(v.broken.front().problem));
        } else {
            QCOMPARE(v.broken.size(), size_t(1));
            QVERIFY2(v.broken.front().problem.contains(problem), qPrintable(v.broken.front().problem));
        }
    }

    void json()
    {
        const QJsonObject o = opsJson(*m_session, m_report);
        QCOMPARE(o.value("model").toString(), QStringLiteral("deepmini"));
        bool found = false;
        for (const QJsonValue &v : o.value("ops").toArray()) {
            const QJsonObject op = v.toObject();
            if (op.value("op").toString() != QLatin1String("self.q_b_proj"))
                continue;
            found = true;
            QVERIFY(!op.value("container").toBool());
            QStringList quant;
            for (const QJsonValue &p : op.value("paths").toArray()) {
                const QJsonObject path = p.toObject();
                QVERIFY(!path.value("chain").toArray().isEmpty());
                QCOMPARE(path.value("chain").toArray().first().toObject().value("file").toString(),
                         QStringLiteral("python/tinyserve/srt/models/deepmini.py"));
                for (const QJsonValue &q : path.value("conditions").toObject().value("quantization").toArray())
                    quant << q.toString();
            }
            quant.removeDuplicates();
            quant.sort();
            QCOMPARE(quant, (QStringList{"fp8", "none", "nvfp4", "w8a8_int8"}));
        }
        QVERIFY(found);
    }

    void dotAndSvg()
    {
        const LayoutGraph g = opGraphLayoutInput(m_session->index(), m_report.graph);
        QVERIFY(g.nodes.size() > 20);
        const QByteArray dot = toDot(g);
        QVERIFY(dot.startsWith("digraph"));
        QVERIFY(dot.contains("\"self.q_b_proj()\""));
        QString error;
        const QByteArray svg = renderSvg(g, &error);
        QVERIFY2(!svg.isEmpty(), qPrintable(error));
        QXmlStreamReader xml(svg);
        while (!xml.atEnd())
            xml.readNext();
        QVERIFY(!xml.hasError());
        QVERIFY(svg.contains("self.attn_mqa()"));
    }

    // A generated model of more than 300 ops: a root over 6 blocks of 7
    // sub-blocks of 7 leaves each.
    static OpGraph generatedGraph()
    {
        OpGraph g;
        OpNode root{"/model", "model", OpNode::Kind::Container};
        for (int b = 0; b < 6; ++b) {
            OpNode block{root.id + "/block" + std::to_string(b), "block", OpNode::Kind::Container};
            for (int s = 0; s < 7; ++s) {
                OpNode sub{block.id + "/sub" + std::to_string(s), "sub", OpNode::Kind::Container};
                for (int l = 0; l < 7; ++l)
                    sub.children.push_back({sub.id + "/leaf" + std::to_string(l), "leaf", OpNode::Kind::Leaf});
                block.children.push_back(sub);
            }
            root.children.push_back(block);
        }
        g.roots.push_back(root);
        return g;
    }

    void aFirstPaintFoldsToTheModelsStructure()
    {
        const OpGraph g = generatedGraph();
        size_t all = 0;
        forEachOp(g.roots, [&](const OpNode &, int) { ++all; });
        QVERIFY(all > 300);
        DrawingOptions options;
        options.collapsed = foldedToFit(g, FoldBudget{});
        const LayoutGraph drawn = opGraphLayoutInput(m_session->index(), g, options);
        QVERIFY(drawn.nodes.size() <= FoldBudget{}.nodes);
        // The top levels are shown whole: the root and its six blocks; the
        // blocks' 42 sub-blocks would not fit one level, so they stay folded
        // and say how many ops each hides.
        QCOMPARE(drawn.nodes.size(), size_t(7));
        QVERIFY(!options.collapsed.count("/model"));
        QVERIFY(options.collapsed.count("/model/block0"));
        const auto block = std::find_if(drawn.nodes.begin(), drawn.nodes.end(), [](const LayoutNode &n) { return n.id == "/model/block3"; });
        QVERIFY(block != drawn.nodes.end());
        QCOMPARE(block->folded, size_t(7 * 8));
        QVERIFY(block->label.endsWith(QStringLiteral("\u25B8 56")));
        // A container that does not run under the configuration stays folded.
        const auto idle = foldedToFit(g, FoldBudget{1000, 1000}, {"/model/block1"});
        QVERIFY(idle.count("/model/block1") && !idle.count("/model/block2") && !idle.count("/model/block2/sub6"));
    }

    void focusFoldsAllButTheChainAboveAnOp()
    {
        const OpGraph g = generatedGraph();
        const std::string leaf = "/model/block2/sub5/leaf3";
        DrawingOptions options;
        options.collapsed = foldedAround(g, leaf);
        QVERIFY(!options.collapsed.count("/model") && !options.collapsed.count("/model/block2")
                && !options.collapsed.count("/model/block2/sub5"));
        QVERIFY(options.collapsed.count("/model/block1") && options.collapsed.count("/model/block2/sub4"));
        const LayoutGraph drawn = opGraphLayoutInput(m_session->index(), g, options);
        // The root, its 6 blocks, block2's 7 sub-blocks and sub5's 7 leaves.
        QCOMPARE(drawn.nodes.size(), size_t(1 + 6 + 7 + 7));
    }

    // The ops a container runs are drawn in a box inside the boxes of the
    // containers above it, in the order they run (rows of four, read like text).
    void containersDrawTheirOpsInABoxInTheOrderTheyRun()
    {
        const OpGraph g = generatedGraph();
        DrawingOptions options;
        options.collapsed = foldedAround(g, "/model/block2/sub5/leaf3");
        const LayoutGraph drawn = opGraphLayoutInput(m_session->index(), g, options);
        const auto node = [&](const std::string &id) {
            return *std::find_if(drawn.nodes.begin(), drawn.nodes.end(), [&](const LayoutNode &n) { return n.id == id; });
        };
        QCOMPARE(node("/model").cluster, std::string());
        QCOMPARE(node("/model/block2").cluster, std::string("/model"));
        QCOMPARE(node("/model/block2/sub5/leaf3").cluster, std::string("/model/block2/sub5"));
        const auto sub5 = std::find_if(drawn.clusters.begin(), drawn.clusters.end(),
                                       [](const LayoutCluster &c) { return c.id == "/model/block2/sub5"; });
        QVERIFY(sub5 != drawn.clusters.end());
        QCOMPARE(sub5->parent, std::string("/model/block2"));

        const GraphLayout laid = layoutGraph(drawn);
        QVERIFY(laid.error.isEmpty());
        QCOMPARE(laid.clusters.size(), drawn.clusters.size());
        const auto box = [&](const std::string &id) {
            return std::find_if(laid.clusters.begin(), laid.clusters.end(), [&](const PlacedCluster &c) { return c.id == id; })->rect;
        };
        QVERIFY(box("/model").contains(box("/model/block2")));
        QVERIFY(box("/model/block2").contains(box("/model/block2/sub5")));
        QVERIFY(box("/model/block2/sub5").contains(laid.node("/model/block2/sub5/leaf3")->rect));
        QVERIFY(!box("/model/block2/sub5").contains(laid.node("/model/block2/sub5")->rect.center()));
        // The order they run, read like text: rows of four, each left to
        // right, the next row below.
        const auto leaf = [&](int i) { return laid.node("/model/block2/sub5/leaf" + std::to_string(i))->rect.center(); };
        for (int i = 1; i < 7; ++i)
            if (i % 4 == 0)
                QVERIFY(leaf(i).y() > leaf(i - 1).y() && leaf(i).x() < leaf(i - 1).x());
            else
                QVERIFY(std::abs(leaf(i).y() - leaf(i - 1).y()) < 1 && leaf(i - 1).x() < leaf(i).x());
        // The container grows down, not wide: no wider than four of its ops.
        QVERIFY(box("/model/block2/sub5").width() < 5 * laid.node("/model/block2/sub5/leaf0")->rect.width() + 80);
        QVERIFY(toDot(drawn).contains("subgraph cluster_"));
    }

private:
    QTemporaryDir m_dir;
    std::unique_ptr<TraceSession> m_session;
    TraceReport m_report;
    std::string m_op, m_kernel;
};

QTEST_GUILESS_MAIN(TestExport)
#include "tst_export.moc"
