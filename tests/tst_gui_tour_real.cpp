// The tour's claims about the real index (docs/tour.md), performed in the
// window on a real sglang + flashinfer checkout, and the three questions of
// the walkthrough with their pictures (walkthrough-*.png; written over
// docs/screenshots with KATLAS_SCREENSHOT_DIR). Skips without
// KATLAS_SGLANG_DIR and KATLAS_FLASHINFER_DIR.
#include "demo_fixture.h"
#include "real_checkout_fixture.h"
#include "tour_fixture.h"

#include "app_settings.h"
#include "call_hierarchy_model.h"
#include "call_hierarchy_panel.h"
#include "graph_view.h"
#include "main_window.h"
#include "search_dialog.h"
#include "shapes_panel.h"

#include "trace/configuration.h"
#include "trace/trace_session.h"

#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTreeView>
#include <QTest>

using namespace katlas;
using namespace katlas::test;

namespace {

// The names of the ops right under the op `id` (the roots for "").
QStringList childNames(const OpGraph &g, const QString &id)
{
    QStringList out;
    const std::vector<OpNode> *children = id.isEmpty() ? &g.roots : nullptr;
    forEachOp(g.roots, [&](const OpNode &n, int) {
        if (!children && n.id == id.toStdString())
            children = &n.children;
    });
    if (children)
        for (const OpNode &c : *children)
            out << QString::fromStdString(c.name);
    return out;
}

// The kernels of the matrix row headed `row`.
QString rowText(const MainWindow &w, const QString &row)
{
    const KernelMatrixModel *m = w.matrixModel();
    QString out;
    for (int r = 0; r < m->rowCount(); ++r)
        if (m->headerData(r, Qt::Vertical, Qt::DisplayRole).toString() == row)
            for (int c = 0; c < m->columnCount(); ++c)
                out += m->data(m->index(r, c), Qt::DisplayRole).toString() + QLatin1Char('\n');
    return out;
}

} // namespace

class TestGuiTourReal : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        const std::vector<RepoInput> repos = realCheckouts();
        if (repos.empty())
            QSKIP(kRealCheckoutSkip);
        QCoreApplication::setOrganizationName(QStringLiteral("kernel-atlas-tests"));
        QSettings().remove(QStringLiteral("filter/configuration"));
        QString perr;
        const auto profile = sglangProfile(&perr);
        QVERIFY2(profile, qPrintable(perr));
        m_db = m_dir.filePath(QStringLiteral("real.katlas"));
        const IndexReport r = runIndex({m_db, repos, *profile, true, 0});
        QVERIFY2(r.ok, qPrintable(r.error));
        AppSettings().setModelSetup(m_db, {});
        showLaidOut(m_window, m_db);
    }

    void cleanupTestCase() { AppSettings().setModelSetup(m_db, {}); }

    // Step 1: two roots; beside the layer loop the embedding, the gather,
    // the overlapped layers and the final norm; legible at first paint.
    void fromTheModelToALayer()
    {
        const OpGraph &g = m_window.opGraph();
        QCOMPARE(childNames(g, {}), (QStringList{"self.model", "self.logits_processor"}));
        const QStringList model = childNames(g, opId(g, "self.model"));
        for (const char *name : {"layer", "self.embed_tokens", "tensor_model_parallel_all_gather",
                                 "model_forward_maybe_tbo", "self.norm"})
            QVERIFY2(model.contains(QLatin1String(name)), name);
        QVERIFY(m_window.graphView()->labelPixels() >= 8);
        QVERIFY2(clippedLabels(m_window.graphView()).isEmpty(), qPrintable(clippedLabels(m_window.graphView()).join(", ")));
    }

    // Step 2: the communicator's four ops before attention, and their kernels on CUDA.
    void theLayerCommunicator()
    {
        const OpGraph &g = m_window.opGraph();
        QStringList ops = childNames(g, opId(g, "self.layer_communicator.prepare_attn"));
        ops.sort();
        QCOMPARE(ops, (QStringList{"fused_rms_fp8_group_quant", "fused_rms_mxfp4_quant", "self.input_layernorm",
                                   "self.input_layernorm.forward_with_allreduce_fusion"}));
        m_window.setFilter(filter("platform=cuda"));
        m_window.selectOp(opId(m_window.opGraph(), "self.input_layernorm"));
        const QStringList norm = matrixKernels(m_window);
        QVERIFY(norm.contains(QStringLiteral("rmsnorm  [sgl-kernel]")));
        QVERIFY(norm.contains(QStringLiteral("fused_add_rmsnorm  [sgl-kernel]")));
        m_window.selectOp(opId(m_window.opGraph(), "self.input_layernorm.forward_with_allreduce_fusion"));
        QVERIFY(matrixKernels(m_window).contains(QStringLiteral("trtllm_allreduce_fusion  [flashinfer]")));
        for (const char *amd : {"fused_rms_mxfp4_quant", "fused_rms_fp8_group_quant"}) {
            m_window.selectOp(opId(m_window.opGraph(), amd));
            QVERIFY2(matrixKernels(m_window).isEmpty(), amd);
        }
    }

    // Step 3: the branch labels, the MLA path's leaf ops, and one matrix row
    // per attention backend at decode on CUDA, with the table's kernels.
    void theAttentionBackends()
    {
        m_window.setFilter({});
        std::set<std::string> labels;
        forEachOp(m_window.opGraph().roots, [&](const OpNode &n, int) { labels.insert(n.label); });
        for (const char *label : {"MHA", "MHA_CHUNKED_KV", "MHA_ONE_SHOT", "MLA", "MLA_FUSED_ROPE"})
            QVERIFY2(labels.count(label), label);
        m_window.selectOp(opId(m_window.opGraph(), "bmm_fp8", "#MLA/"));
        QVERIFY(matrixKernels(m_window).join(QLatin1Char(' ')).contains(QStringLiteral("bmm_fp8  [")));

        m_window.setFilter(filter("platform=cuda stage=decode"));
        m_window.selectOp(opId(m_window.opGraph(), "self.attn_mqa", "#MLA/"));
        // CUDA's backends only: those other platforms imply are pruned.
        const QStringList rows = rowHeaders(m_window);
        QVERIFY2(rows.size() >= 6, qPrintable(rows.join(", ")));
        for (const char *elsewhere : {"aiter", "intel_amx", "intel_xpu", "ascend"})
            QVERIFY2(!rows.contains(QLatin1String(elsewhere)), elsewhere);
        const std::pair<const char *, QStringList> backends[] = {
            {"trtllm_mla", {"trtllm_batch_decode_with_kv_cache_mla  [flashinfer]", "concat_mla_absorb_q", "mla_rope_quantize_fp8"}},
            {"cutlass_mla", {"cutlass_mla_decode  [sgl-kernel]"}},
            {"flashinfer", {"BatchMLAPagedAttentionWrapper.run  [flashinfer]"}},
            {"flashmla", {"flash_mla_with_kvcache  [sgl-kernel]"}},
            {"fa3", {"flash_attn_with_kvcache  [sgl-kernel]"}},
            {"triton", {"_fwd_grouped_kernel_stage1  [triton]", "_fwd_kernel_stage2  [triton]"}},
        };
        for (const auto &[backend, kernels] : backends)
            for (const QString &k : kernels)
                QVERIFY2(rowText(m_window, QLatin1String(backend)).contains(k), qPrintable(QLatin1String(backend) + ": " + k));
        QVERIFY(rowText(m_window, QStringLiteral("cutlass_mla")).contains(QStringLiteral("set_mla_kv_buffer_kernel")));
        m_window.showSite(m_window.currentPaths().paths.front().frames.back().siteId);
        save(m_window, QStringLiteral("deepseek-attn-mqa.png")); // the README's picture
    }

    // Step 3: the rotary embedding's fallback kernel goes under a CUDA
    // configuration with DeepSeek-V3's checkpoint.
    void theRotaryEmbedding()
    {
        m_window.setFilter({});
        m_window.selectOp(opId(m_window.opGraph(), "self.rotary_emb", "#MLA/"));
        QVERIFY(matrixKernels(m_window).join(QLatin1Char(' ')).contains(QStringLiteral("rotary_embedding  [")));
        m_window.chooseConfiguration(QStringLiteral("H200 FP8 decode"));
        m_window.selectOp(opId(m_window.opGraph(), "self.rotary_emb", "#MLA/"));
        QCOMPARE(matrixKernels(m_window), QStringList{"apply_rope_with_cos_sin_cache_inplace  [sgl-kernel]"});
        m_window.chooseConfiguration({});
    }

    // Step 4: dense and MoE under H200 FP8 decode, then the FlashInfer TRT-LLM MoE on sm100.
    void theMlp()
    {
        m_window.chooseConfiguration(QStringLiteral("H200 FP8 decode"));
        const auto kernelsOf = [&](const char *name, const char *within) {
            m_window.selectOp(opId(m_window.opGraph(), name, within));
            return matrixKernels(m_window);
        };
        for (const char *dense : {"self.gate_up_proj", "self.down_proj"}) {
            const QStringList k = kernelsOf(dense, "#DeepseekV2MLP/");
            QVERIFY2(k.contains(QStringLiteral("fp8_gemm_nt  [deep_gemm]")), dense);
            QVERIFY2(k.contains(QStringLiteral("sgl_per_token_group_quant_8bit  [sgl-kernel]")), dense);
            QVERIFY2(k.contains(QStringLiteral("fp8_blockwise_scaled_mm  [sgl-kernel]")), dense);
            QVERIFY2(!k.join(QLatin1Char(' ')).contains(QStringLiteral("_w8a8_block_fp8_matmul")), dense);
        }
        QVERIFY(kernelsOf("self.act_fn", "#DeepseekV2MLP/").contains(QStringLiteral("silu_and_mul  [sgl-kernel]")));
        // The router is a container: MoEGate.forward calls the router GEMM as an op of its own.
        QVERIFY(childNames(m_window.opGraph(), opId(m_window.opGraph(), "self.gate", "#DeepseekV2MoE/")).contains(QStringLiteral("dsv3_router_gemm")));
        QVERIFY(kernelsOf("dsv3_router_gemm", "/self.gate/").contains(QStringLiteral("dsv3_router_gemm  [sgl-kernel]")));
        const QStringList topk = kernelsOf("self.topk", "/self.forward_normal/self.topk");
        QVERIFY2(topk.contains(QStringLiteral("moe_fused_gate  [sgl-kernel]")), qPrintable(topk.join(", ") + opId(m_window.opGraph(), "self.topk", "/self.forward_normal/self.topk")));
        const QStringList experts = kernelsOf("self.experts", "/self.forward_normal/self.experts");
        for (const char *k : {"moe_align_block_size  [sgl-kernel]", "sgl_per_token_group_quant_8bit  [sgl-kernel]",
                              "fused_moe_kernel  [triton]", "silu_and_mul  [sgl-kernel]", "moe_sum_reduce  [sgl-kernel]"})
            QVERIFY2(experts.contains(QLatin1String(k)), k);
        // The Triton sum-reduce is for other hardware (fused_moe.py's `_is_hip` branch): not listed.
        QVERIFY(!experts.contains(QStringLiteral("_moe_sum_reduce_kernel  [triton]")));
        const Configuration *h200 = m_window.session()->profile().configuration("H200 FP8 decode");
        QVERIFY(h200);
        m_window.setFilter(combineFilters(configurationFilter(*h200), filter("moe_runner_backend=flashinfer_trtllm gpu_arch=sm100")));
        const QStringList trtllm = kernelsOf("self.experts", "/self.forward_normal/self.experts");
        QVERIFY(trtllm.contains(QStringLiteral("trtllm_fp8_block_scale_moe  [flashinfer]")));
        QVERIFY(!trtllm.contains(QStringLiteral("fused_moe_kernel  [triton]")));
        m_window.chooseConfiguration({});
        m_window.setFilter({});
    }

    // Step 5: with DeepSeek-V3's config.json at TP 8, q_b_proj's definition.
    void theShapes()
    {
        AppSettings().setModelSetup(m_db, {QStringLiteral(KATLAS_SOURCE_DIR "/resources/models/deepseek-v3/config.json"), 8, 1, 1, false});
        m_window.chooseConfiguration(QStringLiteral("H200 FP8 decode"));
        m_window.selectOp(opId(m_window.opGraph(), "self.q_b_proj", "#MLA/"));
        QTRY_VERIFY_WITH_TIMEOUT(m_window.shapesPanel()->text().contains(QStringLiteral("gemm_fp8_block_scale_n3072_k1536")), 60000);
        save(m_window, QStringLiteral("shapes-q_b_proj-h200-fp8.png")); // docs/definitions.md's picture
        AppSettings().setModelSetup(m_db, {});
        m_window.chooseConfiguration({});
    }

    // With no configuration chosen, Ctrl+K puts the ops a named
    // configuration runs before those none does (the NPU attention's).
    void searchRanksTheDeployedOpsFirst()
    {
        m_window.setFilter({});
        m_window.searchDialog()->setQuery(QStringLiteral("attn_mqa"));
        const std::vector<SearchItem> results = m_window.searchDialog()->results();
        QVERIFY(results.size() >= 2);
        QCOMPARE(results.front().text, QStringLiteral("self.attn_mqa"));
        QVERIFY(!results.front().remote);
        const bool npuFound = std::any_of(results.begin(), results.end(),
                                          [](const SearchItem &i) { return i.remote && i.target.contains(QStringLiteral("npu")); });
        QVERIFY(npuFound);
    }

    // Question 1: self.attn_mqa under trtllm_mla at decode on CUDA.
    void walkthroughAttention()
    {
        m_window.setFilter(filter("attention_backend=trtllm_mla stage=decode platform=cuda"));
        m_window.selectOp(opId(m_window.opGraph(), "self.attn_mqa", "#MLA/"));
        const QStringList k = matrixKernels(m_window);
        QVERIFY(k.contains(QStringLiteral("trtllm_batch_decode_with_kv_cache_mla  [flashinfer]")));
        QVERIFY(!m_window.currentPaths().paths.empty());
        save(m_window, QStringLiteral("walkthrough-1-attn-mqa-trtllm-mla.png"));
    }

    // Question 2: self.experts with FP8 and flashinfer_trtllm, the whole
    // deployment named by the Blackwell FP8 preset.
    void walkthroughExperts()
    {
        m_window.chooseConfiguration(QStringLiteral("B200 FP8 decode"));
        QCOMPARE(m_window.activeConfiguration(), QStringLiteral("B200 FP8 decode"));
        m_window.selectOp(opId(m_window.opGraph(), "self.experts", "/self.forward_normal/self.experts"));
        const QStringList experts = matrixKernels(m_window);
        QVERIFY(experts.contains(QStringLiteral("trtllm_fp8_block_scale_moe  [flashinfer]")));
        QVERIFY(!experts.contains(QStringLiteral("fused_moe_kernel  [triton]")));
        // The picture once the shapes panel has settled.
        QTRY_VERIFY_WITH_TIMEOUT(!m_window.shapesPanel()->text().contains(QStringLiteral("Working out")), 60000);
        save(m_window, QStringLiteral("walkthrough-2-experts-fp8-trtllm.png"));
        m_window.chooseConfiguration({});
        m_window.setFilter({});
    }

    // Question 3: where sgl-kernel's rmsnorm is called from: its backtraces
    // and its direct callers, the kernel named with its library.
    void walkthroughRmsnorm()
    {
        m_window.setFilter({});
        m_window.searchDialog()->setQuery(QStringLiteral("rmsnorm"));
        const std::vector<SearchItem> results = m_window.searchDialog()->results();
        const auto kernel = std::find_if(results.begin(), results.end(), [](const SearchItem &i) {
            return i.kind == SearchItem::Kind::Kernel && i.text == QLatin1String("rmsnorm") && i.detail.contains(QStringLiteral("sgl-kernel"));
        });
        QVERIFY(kernel != results.end());
        m_window.selectKernel(kernel->target.toLongLong());
        QVERIFY(m_window.pathView()->model()->rowCount() >= 2); // its backtraces
        QTRY_VERIFY(m_window.callHierarchy()->model()->rowCount() >= 2);
        QVERIFY2(m_window.statusBar()->currentMessage().contains(QStringLiteral("rmsnorm  [sgl-kernel]")),
                 qPrintable(m_window.statusBar()->currentMessage()));
        save(m_window, QStringLiteral("walkthrough-3-rmsnorm-callers.png"));
    }

private:
    QTemporaryDir m_dir;
    QString m_db;
    MainWindow m_window;
};

QTEST_MAIN(TestGuiTourReal)
#include "tst_gui_tour_real.moc"
