// Tests of the whole indexer on the demo workspace (its expected kernels,
// edges and conditions, written down here from reading the demo's code) and
// on bad input, which must never lose an existing index.
#include "demo_fixture.h"

#include "graph/graph_queries.h"
#include "store/database.h"
#include "store/index_reader.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>

using namespace katlas;
using namespace katlas::test;

namespace {

struct Loaded {
    CallGraph g;
    std::int64_t id(const std::string &qual) const
    {
        for (const Symbol &s : g.symbols)
            if (s.qualName == qual)
                return s.id;
        return 0;
    }
    // callee qualName -> conditions text, for the call sites of `caller` at `line`.
    std::map<std::string, ConditionSet> callees(const std::string &caller, int line) const
    {
        std::map<std::string, ConditionSet> out;
        const std::int64_t c = id(caller);
        for (const CallSite &s : g.callSites)
            if (s.callerId == c && s.line == line)
                for (const Edge &e : g.edges)
                    if (e.callSiteId == s.id && e.calleeId)
                        out[g.symbols[static_cast<size_t>(e.calleeId - 1)].qualName] = e.conditions;
        return out;
    }
};

Loaded load(const QString &db)
{
    QString error;
    auto d = Database::open(db, &error);
    if (!d)
        qFatal("%s", qPrintable(error));
    return {loadCallGraph(*d)};
}

bool needs(const ConditionSet &set, const std::string &dim, const std::string &value, bool negated = false)
{
    return std::any_of(set.begin(), set.end(), [&](const Condition &c) {
        return c.dimension == dim && c.negated == negated
            && std::find(c.values.begin(), c.values.end(), value) != c.values.end();
    });
}

const char *const kModel = "tinyserve.srt.models.deepmini.";
const char *const kLayers = "tinyserve.srt.layers.";

} // namespace

class TestIndexer : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void demoKernels()
    {
        QTemporaryDir dir;
        const Loaded l = load(indexDemo(dir));
        std::map<std::string, std::string> sources;
        for (const Kernel &k : l.g.kernels)
            sources[l.g.symbols[static_cast<size_t>(k.symbolId - 1)].qualName] = k.source;
        const std::map<std::string, std::string> expected = {
            {"tiny_kernel.norm.rmsnorm", "sgl-kernel"},
            {"tiny_kernel.norm.fused_add_rmsnorm", "sgl-kernel"},
            {"tiny_kernel.gemm.fp8_scaled_mm", "sgl-kernel"},
            {"tiny_kernel.attention.cutlass_mla_decode", "sgl-kernel"},
            {"quickinfer.gemm.fp4_gemm", "flashinfer"},
            {"quickinfer.prefill.BatchMLAPrefillWrapper.run", "flashinfer"},
            {"quickinfer.sampling.top_k_top_p_sampling_from_probs", "flashinfer"},
            {"tinyserve.srt.layers.moe.fused_moe_triton.fused_moe_kernel", "triton"},
            {"tinyserve.srt.layers.attention.triton_backend.decode_mla_kernel", "triton"},
            {"torch.ops.tiny_kernel.rmsnorm", "torch.ops"},
        };
        for (const auto &[name, source] : expected) {
            QVERIFY2(sources.count(name), name.c_str());
            QCOMPARE(sources.at(name), source);
        }
        // Private helpers and methods of private classes are not kernels.
        QVERIFY(!sources.count("quickinfer.jit._get_mla_module"));
    }

    void demoEdgesAndConditions()
    {
        QTemporaryDir dir;
        const Loaded l = load(indexDemo(dir));
        const std::string model = kModel;
        const std::string layers = kLayers;
        // for layer in self.layers: layer(...) -> the decoder layer's forward
        QVERIFY(l.callees(model + "DeepMiniModel.forward", 142).count(model + "DeepMiniDecoderLayer.forward"));
        // self.mlp is a MoE or a dense MLP
        const auto mlp = l.callees(model + "DeepMiniDecoderLayer.forward", 125);
        QVERIFY(mlp.count(model + "DeepMiniMoE.forward") && mlp.count(model + "DeepMiniMLP.forward"));
        // the attention path enum guards the two forwards
        const auto mha = l.callees(model + "DeepMiniAttention.forward", 89);
        QVERIFY(needs(mha.at(model + "DeepMiniAttention.forward_normal"), "attn_path", "MHA"));
        const auto mla = l.callees(model + "DeepMiniAttention.forward", 90);
        QVERIFY(needs(mla.at(model + "DeepMiniAttention.forward_absorb"), "attn_path", "MHA", true));
        // RadixAttention -> the backend registered under each name (specialised per class)
        const auto backends = l.callees(layers + "radix_attention.RadixAttention.forward", 14);
        QCOMPARE(backends.size(), size_t(3));
        QVERIFY(needs(backends.at(layers + "attention.triton_backend.TritonMLABackend.forward"), "attention_backend", "triton"));
        QVERIFY(needs(backends.at(layers + "attention.cutlass_mini_backend.CutlassMiniBackend.forward"), "attention_backend", "cutlass_mla"));
        // inside the specialisation, self.forward_decode is the subclass's, at stage decode
        const auto decode = l.callees(layers + "attention.cutlass_mini_backend.CutlassMiniBackend.forward", 7);
        QVERIFY(decode.count(layers + "attention.cutlass_mini_backend.CutlassMiniBackend.forward_decode"));
        QVERIFY(needs(decode.begin()->second, "stage", "decode"));
        // the quantization registry: quant_method.apply per config
        const auto apply = l.callees(layers + "linear.LinearBase.forward", 20);
        QVERIFY(needs(apply.at(layers + "quantization.fp8.Fp8LinearMethod.apply"), "quantization", "fp8"));
        QVERIFY(needs(apply.at(layers + "quantization.w8a8_int8.W8A8Int8LinearMethod.apply"), "quantization", "w8a8_int8"));
        QVERIFY(needs(apply.at(layers + "quantization.nvfp4.NvFp4LinearMethod.apply"), "quantization", "nvfp4"));
        // the MoE factory's branches
        const auto experts = l.callees(model + "DeepMiniMoE.forward_normal", 58);
        QVERIFY(needs(experts.at(layers + "moe.fused_moe.DeepEPMoE.forward"), "moe_a2a_backend", "deepep"));
        QVERIFY(needs(experts.at(layers + "moe.fused_moe.FlashInferFusedMoE.forward"), "moe_runner_backend", "flashinfer_trtllm"));
        QVERIFY(needs(experts.at(layers + "moe.fused_moe.FusedMoE.forward"), "moe_runner_backend", "flashinfer_trtllm", true));
        // platform flags guard the norm's dispatch; re-exported kernels resolve
        QVERIFY(needs(l.callees(layers + "layernorm.RMSNorm.forward", 21).begin()->second, "platform", "cuda"));
        QVERIFY(l.callees(layers + "layernorm.RMSNorm.forward_cuda", 28).count("tiny_kernel.norm.rmsnorm"));
        // a triton launch and a torch.ops call
        QVERIFY(l.callees(layers + "moe.fused_moe_triton.invoke_fused_moe_kernel", 14)
                    .count(layers + "moe.fused_moe_triton.fused_moe_kernel"));
        QVERIFY(l.callees("tiny_kernel.norm.rmsnorm", 7).count("torch.ops.tiny_kernel.rmsnorm"));
    }

    void reindexReusesUnchangedFiles()
    {
        QTemporaryDir dir;
        QVERIFY(QDir().mkpath(dir.filePath("copy")));
        for (const RepoInput &r : demoRepos()) {
            const QString dst = dir.filePath("copy/" + QString::fromStdString(r.name));
            QDirIterator it(r.path, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString src = it.next();
                QFile in(src);
                QVERIFY(in.open(QIODevice::ReadOnly));
                writeFile(dst + src.mid(r.path.size()), in.readAll());
            }
        }
        const QString db = dir.filePath("d.katlas");
        const auto repos = demoRepos(dir.filePath("copy"));
        const IndexReport first = runIndex({db, repos, demoProfile(), true, 0});
        QVERIFY(first.ok);
        QVERIFY(!first.upToDate);
        QCOMPARE(first.reusedFiles, 0);
        QCOMPARE(foreignKeyViolations(*Database::open(db, nullptr)), 0);
        auto created = [&] { return loadMeta(*Database::open(db, nullptr))["created"]; };
        const std::string firstCreated = created();

        // Nothing changed, or a file touched without changing its bytes: the
        // index is kept as it is, not rewritten.
        const QString activation = dir.filePath("copy/tinyserve/python/tinyserve/srt/layers/activation.py");
        QFile touched(activation);
        QVERIFY(touched.open(QIODevice::ReadWrite));
        QVERIFY(touched.setFileTime(QDateTime::currentDateTime().addSecs(60), QFileDevice::FileModificationTime));
        touched.close();
        QTest::qWait(1100); // "created" has a resolution of one second
        const IndexReport second = runIndex({db, repos, demoProfile(), true, 0});
        QVERIFY(second.ok);
        QVERIFY(second.upToDate);
        QCOMPARE(second.parsedFiles, 0);
        QCOMPARE(second.reusedFiles, first.stats.files);
        QCOMPARE(second.stats.callSites, first.stats.callSites);
        QCOMPARE(second.stats.kernelsBySource, first.stats.kernelsBySource);
        QCOMPARE(created(), firstCreated);

        // One file changed: parsed again, the rest reused, the index rewritten.
        writeFile(activation, "from tiny_kernel import silu_and_mul\nclass SiluAndMul:\n    def forward(self, x):\n        return silu_and_mul(x)\n");
        const IndexReport third = runIndex({db, repos, demoProfile(), true, 0});
        QVERIFY(third.ok);
        QVERIFY(!third.upToDate);
        QCOMPARE(third.parsedFiles, 1);
        QCOMPARE(third.reusedFiles, first.stats.files - 1);
        QVERIFY(created() != firstCreated);

        // A file added is a change too.
        writeFile(dir.filePath("copy/tinyserve/python/tinyserve/srt/layers/extra.py"), "def f():\n    g()\n");
        const IndexReport fourth = runIndex({db, repos, demoProfile(), true, 0});
        QVERIFY(!fourth.upToDate);
        QCOMPARE(fourth.parsedFiles, 1);
        QCOMPARE(fourth.stats.files, first.stats.files + 1);
    }

    void badInputIsReportedAndNeverLosesTheIndex()
    {
        QTemporaryDir dir;
        const QString root = dir.filePath("repo");
        writeFile(root + "/pkg/__init__.py", "");
        writeFile(root + "/pkg/broken.py", "def ok():\n    good()\n\ndef bad(:\n    pass\n");
        writeFile(root + "/pkg/latin1.py", "# caf\xe9\ndef f():\n    g()\n");
        writeFile(root + "/pkg/binary.py", QByteArray("\x7f" "ELF\0\0\0\0", 8));
        writeFile(root + "/pkg/generated.py", QByteArray(10 * 1024 * 1024, '#'));
        QVERIFY(QFile::link(root + "/pkg", root + "/pkg/loop"));
        Profile profile = demoProfile();
        profile.repos = {{"r", {"."}, {}, {}}};
        const QString db = dir.filePath("r.katlas");
        const IndexReport r = runIndex({db, {{"r", root}}, profile, true, 0});
        QVERIFY2(r.ok, qPrintable(r.error));
        const QString warnings = r.warnings.join('\n');
        QVERIFY2(warnings.contains("binary.py") && warnings.contains("binary"), qPrintable(warnings));
        QVERIFY(warnings.contains("generated.py"));
        QVERIFY(warnings.contains("loop"));
        QString error;
        const auto diags = loadDiagnostics(*Database::open(db, &error));
        auto has = [&](const char *path, int line, const char *text) {
            return std::any_of(diags.begin(), diags.end(), [&](const FileDiagnostic &d) {
                return d.path == path && d.line == line && d.message.find(text) != std::string::npos;
            });
        };
        QVERIFY(has("r/pkg/broken.py", 4, "syntax error"));
        QVERIFY(has("r/pkg/latin1.py", 1, "UTF-8"));
        const Loaded l = load(db);
        QVERIFY(l.id("pkg.broken.ok") && l.id("pkg.latin1.f"));

        QFile dbFile(db);
        QVERIFY(dbFile.open(QIODevice::ReadOnly));
        const QByteArray saved = dbFile.readAll();
        dbFile.close();
        // a missing repo path fails clearly and keeps the old index
        const IndexReport missing = runIndex({db, {{"r", dir.filePath("gone")}}, profile, true, 0});
        QVERIFY(!missing.ok);
        QVERIFY2(missing.error.contains(dir.filePath("gone")), qPrintable(missing.error));
        QVERIFY(dbFile.open(QIODevice::ReadOnly));
        QCOMPARE(dbFile.readAll(), saved);
        dbFile.close();
        // a database folder that cannot be written
        const IndexReport noFolder = runIndex({dir.filePath("nofolder/x.katlas"), {{"r", root}}, profile, true, 0});
        QVERIFY(!noFolder.ok);
        QVERIFY(noFolder.error.contains(dir.filePath("nofolder")));
        // a database folder that exists but cannot be written (even by root)
        const IndexReport readOnly = runIndex({QStringLiteral("/proc/katlas-test.katlas"), {{"r", root}}, profile, true, 0});
        QVERIFY(!readOnly.ok);
        QVERIFY2(readOnly.error.contains("/proc"), qPrintable(readOnly.error));
        // an existing file that is not ours is never overwritten
        writeFile(dir.filePath("notes.txt"), "precious\n");
        const IndexReport foreign = runIndex({dir.filePath("notes.txt"), {{"r", root}}, profile, true, 0});
        QVERIFY(!foreign.ok);
        QFile notes(dir.filePath("notes.txt"));
        QVERIFY(notes.open(QIODevice::ReadOnly));
        QCOMPARE(notes.readAll(), QByteArray("precious\n"));
        // cancelling keeps the old index
        std::atomic_bool cancel{true};
        const IndexReport cancelled = runIndex({db, {{"r", root}}, profile, true, 0}, {}, &cancel);
        QVERIFY(!cancelled.ok && cancelled.cancelled);
        QVERIFY(dbFile.open(QIODevice::ReadOnly));
        QCOMPARE(dbFile.readAll(), saved);
    }
};

QTEST_GUILESS_MAIN(TestIndexer)
#include "tst_indexer.moc"
