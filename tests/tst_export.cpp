// Tests of the exports on the demo workspace: sections of the markdown
// reports against hand-checked golden files, every link verified, and the
// JSON, DOT and SVG forms.
#include "demo_fixture.h"

#include "export/kernel_traces_md.h"
#include "export/link_verifier.h"
#include "export/op_graph_drawing.h"
#include "export/op_traces_md.h"
#include "export/trace_json.h"

#include <QFile>
#include <QJsonArray>
#include <QXmlStreamReader>

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

private:
    QTemporaryDir m_dir;
    std::unique_ptr<TraceSession> m_session;
    TraceReport m_report;
    std::string m_op, m_kernel;
};

QTEST_GUILESS_MAIN(TestExport)
#include "tst_export.moc"
