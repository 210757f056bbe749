// On real checkouts (KATLAS_SGLANG_DIR and KATLAS_FLASHINFER_DIR; skipped
// without them): the kernels DeepSeek reaches through each dispatch
// mechanism are found, the DeepSeek op graph has its leaf ops, and the
// reports' links all verify. And an index patched after an edit of a copy
// holds what a whole index of the edited copy holds.
#include "config_expectations.h"
#include "definition_schema.h"
#include "export/kernel_traces_md.h"
#include "export/link_verifier.h"
#include "export/op_traces_md.h"
#include "index/indexer.h"
#include "index/repo_copy.h"
#include "index_dump.h"
#include "real_checkout_fixture.h"
#include "shapes/model_definitions.h"
#include "store/index_reader.h"
#include "trace/configuration.h"
#include "trace/path_finder.h"
#include "trace/trace_session.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace katlas;

namespace {

// name -> "axis=value ..." of the const axes, and each tensor's dtype
// ("hidden_states:bfloat16 ...").
struct WrittenDefinition {
    QString constAxes;
    QString dtypes;
    QString opType;
    QStringList tags;
    QString reference;
    QString schemaViolation; // empty when the JSON follows the Definition schema
};

// Every definition that breaks the Definition schema, with why; empty when none does.
QString schemaViolations(const std::map<std::string, WrittenDefinition> &defs)
{
    QStringList out;
    for (const auto &[name, d] : defs)
        if (!d.schemaViolation.isEmpty())
            out << QString::fromStdString(name) + ": " + d.schemaViolation;
    return out.join(QStringLiteral("; "));
}

std::map<std::string, WrittenDefinition> definitionsFor(const TraceSession &session, const std::string &model,
                                                        const QString &hfConfig, int tp, const std::string &configuration,
                                                        const std::string &filterText, qint64 *elapsedMs, int ep = 1,
                                                        std::vector<DefinitionUse> *uses = nullptr)
{
    QFile f(QStringLiteral(KATLAS_SOURCE_DIR "/resources/models/") + hfConfig + QStringLiteral("/config.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QJsonObject config = QJsonDocument::fromJson(f.readAll()).object();
    const QByteArray profileJson = QByteArray::fromStdString(session.profile().sourceText);
    std::string error;
    const DefinitionRules rules = readDefinitionRules(profileJson, &error);
    const auto moduleRules = readModuleShapeRules(profileJson, &error);
    DimensionFilter filter;
    if (const Configuration *c = session.profile().configuration(configuration))
        filter = configurationFilter(*c);
    filter = combineFilters(filter, *DimensionFilter::parse(filterText, &error));
    Deployment d;
    d.tp = tp;
    d.ep = ep;
    QElapsedTimer timer;
    timer.start();
    const PathTargets compute = computeTargets(session.index(), rules);
    const TraceReport report = buildTraceReport(session, model, filter, nullptr, &compute);
    ModelShapes shapes(session.index(), session.profile().model(model)->modelModules, config, d, moduleRules, rules.shapeCalls);
    const ModelDefinitions defs = modelDefinitions(report, session.index(), rules, shapes,
                                                   definitionContext(rules, report.effective,
                                                                     config.value(QLatin1String("model_type")).toString().toStdString(), d),
                                                   compute);
    *elapsedMs = timer.elapsed();
    if (uses)
        *uses = defs.uses;
    std::map<std::string, WrittenDefinition> out;
    for (const KernelDefinition &k : defs.definitions) {
        QStringList axes, dtypes;
        const QJsonObject a = k.json.value(QLatin1String("axes")).toObject();
        for (auto it = a.begin(); it != a.end(); ++it)
            if (it.value().toObject().contains(QLatin1String("value")))
                axes << it.key() + "=" + QString::number(it.value().toObject().value(QLatin1String("value")).toInteger());
        for (const char *side : {"inputs", "outputs"}) {
            const QJsonObject t = k.json.value(QLatin1String(side)).toObject();
            for (auto it = t.begin(); it != t.end(); ++it)
                dtypes << it.key() + ":" + it.value().toObject().value(QLatin1String("dtype")).toString();
        }
        QStringList tags;
        for (const QJsonValue &t : k.json.value(QLatin1String("tags")).toArray())
            tags << t.toString();
        out[k.name] = {axes.join(QLatin1Char(' ')), dtypes.join(QLatin1Char(' ')), QString::fromStdString(k.opType), tags,
                       k.json.value(QLatin1String("reference")).toString(), schemaViolation(k.json)};
    }
    return out;
}

} // namespace

class TestRealCheckout : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        m_repos = test::realCheckouts();
        if (m_repos.empty())
            QSKIP(test::kRealCheckoutSkip);
        QString perr;
        const auto profile = test::sglangProfile(&perr);
        QVERIFY2(profile, qPrintable(perr));
        m_profile = *profile;
        const QString db = m_dir.filePath("real.katlas");
        const IndexReport r = runIndex({db, m_repos, m_profile, true, 0});
        QVERIFY2(r.ok, qPrintable(r.error));
        QString error;
        m_session = TraceSession::open(db, &error);
        QVERIFY2(m_session, qPrintable(error));
        m_report = buildTraceReport(*m_session, "deepseek_v2", {});
        QVERIFY(m_report.graph.error.empty());
    }

    void kernelsThroughEachMechanism_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::newRow("RMSNorm layer") << "rmsnorm";
        QTest::newRow("RMSNorm with residual") << "fused_add_rmsnorm";
        QTest::newRow("cutlass_mla backend") << "cutlass_mla_decode";
        QTest::newRow("trtllm_mla backend") << "trtllm_batch_decode_with_kv_cache_mla";
        QTest::newRow("triton MoE via self.experts") << "fused_moe_kernel";
        QTest::newRow("direct model kernel") << "bmm_fp8";
        QTest::newRow("fp8 block GEMM via quant_method.apply") << "fp8_blockwise_scaled_mm";
        // ModelOpt configs pass their method classes as keyword arguments to a
        // shared factory (`Linear=ModelOptFp4LinearMethod`).
        QTest::newRow("fp4 GEMM (flashinfer) via a class passed to the factory") << "mm_fp4";
        QTest::newRow("fp4 GEMM (sgl-kernel) via a class passed to the factory") << "cutlass_scaled_fp4_mm";
        // `self.decode_attention_fwd = torch.compiler.disable(decode_attention_fwd)`:
        // a profile pass-through wrapper.
        QTest::newRow("triton decode attention through a pass-through wrapper") << "_fwd_grouped_kernel_stage1";
        QTest::newRow("triton extend attention through a pass-through wrapper") << "_fwd_kernel_unified";
    }

    // `isinstance(self.quant_method, UnquantizedFusedMoEMethod)` in the
    // TRT-LLM MoE layer, whose method comes from thirty quantization
    // configurations, is decided past the bound: FP8 experts on the
    // flashinfer_trtllm runner reach the FP8 MoE kernel, not the BF16 one.
    void fp8ExpertsOnTrtllmSkipTheBf16Moe()
    {
        const std::set<std::string> kernels
            = kernelsUnder("self.experts", "platform=cuda gpu_arch=sm100 quantization=fp8 block_quant=on moe_runner_backend=flashinfer_trtllm");
        QVERIFY(kernels.count("trtllm_fp8_block_scale_moe"));
        QVERIFY(!kernels.count("trtllm_bf16_moe"));
    }

    // DeepEP's dispatch format picks the MoE runner's pre-processing from a
    // registry, and the function picked builds the runner input that tells
    // DeepGEMM masked from contiguous: low-latency mode runs the masked
    // grouped GEMM, normal mode the contiguous one with its scatter kernels.
    // Without an all-to-all backend neither DeepEP format is dispatched:
    // DeepGEMM's runner takes the standard format's pre-processing.
    void deepepModePicksTheGroupedGemm()
    {
        const auto experts = [&](const std::string &words) {
            return kernelsUnder("self.experts", "platform=cuda gpu_arch=sm90 quantization=fp8 block_quant=on " + words);
        };
        const std::set<std::string> lowLatency = experts("moe_runner_backend=auto moe_a2a_backend=deepep deepep_mode=low_latency");
        QVERIFY(lowLatency.count("fp8_m_grouped_gemm_nt_masked"));
        QVERIFY(!lowLatency.count("m_grouped_fp8_gemm_nt_contiguous"));
        QVERIFY(!lowLatency.count("_fwd_kernel_ep_scatter_1"));
        // DeepEP's own all-to-all, through the two-batch-overlap wrapper's
        // getattr(inner, name) and the buffer a classmethod builds.
        QVERIFY(lowLatency.count("low_latency_dispatch") && lowLatency.count("low_latency_combine"));
        QVERIFY(!lowLatency.count("get_dispatch_layout"));
        const std::set<std::string> normal = experts("moe_runner_backend=auto moe_a2a_backend=deepep deepep_mode=normal");
        QVERIFY(normal.count("m_grouped_fp8_gemm_nt_contiguous"));
        QVERIFY(normal.count("_fwd_kernel_ep_scatter_1"));
        QVERIFY(!normal.count("fp8_m_grouped_gemm_nt_masked"));
        QVERIFY(normal.count("get_dispatch_layout") && !normal.count("low_latency_dispatch"));
        const std::set<std::string> standard = experts("moe_runner_backend=deep_gemm moe_a2a_backend=none");
        QVERIFY(standard.count("fp8_m_grouped_gemm_nt_masked"));
        QVERIFY(standard.count("fill_gateup_input_triton_kernel"));
        QVERIFY(!standard.count("_fwd_kernel_ep_scatter_1"));
    }

    // On ROCm with aiter, the FP8 MoE method returns aiter's fused MoE from a
    // block ending in an if/else that returns in both branches
    // (`maybe_apply_hip_fused_experts`): the Triton runner below the
    // `if ret is not None: return` is not reached.
    void aiterExpertsStopAtTheFusedMoe()
    {
        const std::set<std::string> kernels = kernelsUnder("self.experts", "platform=hip gpu_arch=gfx950 quantization=fp8 block_quant=on "
                                                                           "moe_runner_backend=auto moe_a2a_backend=none env.SGLANG_USE_AITER=true");
        QVERIFY(kernels.count("fused_moe"));
        QVERIFY(!kernels.count("fused_moe_kernel"));
        QVERIFY(!kernels.count("moe_align_block_size"));
    }

    // The quantisation factories return linear methods for linear layers and
    // MoE methods for MoE layers (isinstance on the layer passed in): a GEMM
    // op must not reach MoE kernels.
    void linearOpsStayOffMoeKernels()
    {
        const OpPaths paths = findPaths(m_session->index(), TraceSession::opCallSites(m_report.graph, "self.q_b_proj"), {});
        QVERIFY(!paths.paths.empty());
        for (const KernelPath &p : paths.paths) {
            const Kernel *k = m_session->index().kernel(p.kernelId);
            QVERIFY(k);
            QVERIFY2(k->category != "MoE", m_session->index().symbol(p.kernelId).qualName.c_str());
        }
    }
    // LayerCommunicator.prepare_mlp calls the function a factory handed out
    // (a static method or a partial of one) with the post-attention norm as
    // its `layernorm` argument.
    void prepareMlpReachesTheNormItIsHanded()
    {
        const std::set<std::string> kernels = kernelsUnder("self.layer_communicator.prepare_mlp", "");
        QVERIFY(kernels.count("fused_add_rmsnorm"));
        QVERIFY(kernels.count("rmsnorm"));
    }

    // A quantization method implies its weights' dtype (the profile's
    // implications). Channel-wise int8 (w8a8_int8: int8 linear weights, no
    // weight_block_size, absorbed MLA weights dequantized to bf16) takes the
    // int8 GEMM and the per-token int8 quantisation, never the bf16-only
    // fused A GEMM, the FP8 absorbed BMM or the block-wise group quantisation.
    void quantizationMethodsImplyTheirWeights()
    {
        const std::string words = "platform=cuda gpu_arch=sm90 quantization=w8a8_int8 attention_backend=fa3 stage=decode "
                                  "moe_runner_backend=auto moe_a2a_backend=none";
        const std::set<std::string> qb = kernelsUnder("self.q_b_proj", words);
        QVERIFY(qb.count("int8_scaled_mm"));
        QVERIFY(!qb.count("fp8_blockwise_scaled_mm") && !qb.count("dsv3_fused_a_gemm"));
        QVERIFY(!kernelsUnder("get_attn_tp_context().fetch_qkv_latent", words).count("dsv3_fused_a_gemm"));
        QVERIFY(kernelsUnder("bmm_fp8", words).empty());
        const std::set<std::string> experts = kernelsUnder("self.experts", words);
        QVERIFY(experts.count("fused_moe_kernel") && experts.count("_per_token_quant_int8"));
        QVERIFY(!experts.count("sgl_per_token_group_quant_8bit"));
        // Packed int4 AWQ weights never take the fused A GEMM, and their
        // kv_b_proj is dequantized to 16 bits.
        const std::string awq = "platform=cuda gpu_arch=sm90 quantization=awq attention_backend=fa3 stage=decode";
        const std::set<std::string> awqLatent = kernelsUnder("get_attn_tp_context().fetch_qkv_latent", awq);
        QVERIFY(awqLatent.count("awq_dequantize") && !awqLatent.count("dsv3_fused_a_gemm"));
        QVERIFY(kernelsUnder("bmm_fp8", awq).empty());
        // NVFP4 needs compute capability 10.0: no ROCm device loads it.
        const std::set<std::string> hip = kernelsUnder("self.q_b_proj", "platform=hip");
        QVERIFY(!hip.empty() && !hip.count("mm_fp4") && !hip.count("scaled_fp4_quant"));
    }

    void kernelsThroughEachMechanism()
    {
        QFETCH(QString, kernel);
        const bool found = std::any_of(m_report.kernels.begin(), m_report.kernels.end(),
                                       [&](const ReportKernel &k) { return k.name == kernel.toStdString(); });
        QVERIFY2(found, qPrintable(kernel));
    }

    void deepseekLeafOps()
    {
        std::set<std::string> leaves;
        for (const LeafOp &op : m_report.leafOps)
            leaves.insert(op.name);
        for (const char *op : {"self.q_b_proj", "self.q_a_layernorm", "self.kv_a_layernorm", "self.kv_a_proj_with_mqa",
                               "self.kv_b_proj", "self.rotary_emb", "self.attn_mqa", "self.attn_mha", "self.o_proj",
                               "self.gate_up_proj", "self.down_proj", "self.experts", "self.topk"})
            QVERIFY2(leaves.count(op), op);
    }

    // Full configurations traced by hand from the code (tests/data/real_configs):
    // precision and recall of each op's kernels stay at least where they are.
    void configurationsTracedByHand_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("minPrecision");
        QTest::addColumn<double>("minRecall");
        QTest::newRow("H200 FP8 decode") << "h200_fp8_decode" << 0.95 << 0.99;
        QTest::newRow("B200 NVFP4 decode") << "b200_nvfp4_decode" << 0.80 << 0.99;
        QTest::newRow("H100 BF16 prefill") << "h100_bf16_prefill" << 0.81 << 0.99;
        QTest::newRow("MI300 FP8 decode") << "mi300_fp8_decode" << 0.90 << 0.99;
        QTest::newRow("H200 DeepEP decode") << "h200_deepep_decode" << 0.97 << 0.99;
        QTest::newRow("B200 FP8 decode") << "b200_fp8_decode" << 0.94 << 0.99;
        QTest::newRow("H200 FP8 prefill") << "h200_fp8_prefill" << 0.93 << 0.99;
        QTest::newRow("H20 FP8 FlashMLA decode") << "h20_fp8_flashmla_decode" << 0.93 << 0.99;
        QTest::newRow("B200 FP8 prefill") << "b200_fp8_prefill" << 0.90 << 0.99;
        QTest::newRow("H200 FP8 triton decode") << "h200_fp8_triton_decode" << 0.91 << 0.99;
        QTest::newRow("B200 BF16 cutlass_mla decode") << "b200_bf16_cutlass_mla_decode" << 0.81 << 0.99;
        QTest::newRow("H200 W8A8-INT8 decode") << "h200_w8a8_int8_decode" << 0.90 << 0.99;
        QTest::newRow("H200 FP8 DP-attention decode") << "h200_fp8_dpattn_decode" << 0.91 << 0.99;
        QTest::newRow("H200 FP8 DeepEP normal prefill") << "h200_fp8_deepep_normal_prefill" << 0.92 << 0.99;
        QTest::newRow("MI355 FP8 aiter decode") << "mi355_fp8_aiter_decode" << 0.77 << 0.94;
        QTest::newRow("H200 FP8 MTP verify") << "h200_fp8_mtp_verify" << 0.86 << 0.99;
        QTest::newRow("B200 NVFP4 cutlass decode") << "b200_nvfp4_cutlass_decode" << 0.70 << 0.99;
        QTest::newRow("H100 BF16 flashinfer decode") << "h100_bf16_flashinfer_decode" << 0.83 << 0.99;
        QTest::newRow("MI300 FP8 prefill") << "mi300_fp8_prefill" << 0.87 << 0.99;
        QTest::newRow("B200 FP8 DeepEP decode") << "b200_fp8_deepep_decode" << 0.97 << 0.99;
        QTest::newRow("H200 W4AFP8 decode") << "h200_w4afp8_decode" << 0.97 << 0.99;
        QTest::newRow("B200 NVFP4 DeepEP cutedsl decode") << "b200_nvfp4_deepep_cutedsl_decode" << 0.69 << 0.97;
        QTest::newRow("H20 FP8 FlashMLA prefill") << "h20_fp8_flashmla_prefill" << 0.83 << 0.99;
    }

    void configurationsTracedByHand()
    {
        QFETCH(QString, name);
        QFETCH(double, minPrecision);
        QFETCH(double, minRecall);
        const test::ConfigurationScore s = test::scoreConfiguration(
            *m_session, QStringLiteral(KATLAS_TEST_DATA "/real_configs/") + name + QStringLiteral(".json"), "deepseek_v2");
        QVERIFY(!s.filter.empty());
        qInfo("%s: precision %.3f recall %.3f (%d right, %d not run, %d missed)", qPrintable(name), s.precision(), s.recall(),
              s.listedRight, s.listedWrong, s.missed);
        if (qEnvironmentVariableIsSet("KATLAS_SCORE_DETAILS"))
            for (const std::string &d : s.details)
                qInfo("%s", d.c_str());
        if (qEnvironmentVariableIsSet("KATLAS_SCORE_TABLE"))
            for (const std::string &row : s.table)
                qInfo("%s", row.c_str());
        QVERIFY2(s.precision() >= minPrecision, qPrintable(QString::number(s.precision())));
        QVERIFY2(s.recall() >= minRecall, qPrintable(QString::number(s.recall())));
    }

    // DeepSeek-V3 with TP 8, block-FP8 decode on the flashinfer MLA backend:
    // the norms and the MLA decode, with their const axes and dtypes, in ≤ 1 s.
    void deepseekV3Definitions()
    {
        qint64 ms = 0;
        auto defs = definitionsFor(*m_session, "deepseek_v2", QStringLiteral("deepseek-v3"), 8, "H200 FP8 decode",
                                   "attention_backend=flashinfer", &ms);
        qInfo("DeepSeek-V3 TP 8 definitions in %lld ms", ms); // reported, not asserted: a figure of this machine
        for (const auto &[name, d] : defs) {
            qInfo("  %s (%s): %s", name.c_str(), qPrintable(d.opType), qPrintable(d.constAxes));
            QVERIFY2(d.schemaViolation.isEmpty(), qPrintable(QString::fromStdString(name) + ": " + d.schemaViolation));
        }
        QCOMPARE(defs["rmsnorm_h7168"].constAxes, QStringLiteral("hidden_size=7168"));
        QCOMPARE(defs["rmsnorm_h1536"].constAxes, QStringLiteral("hidden_size=1536"));
        QCOMPARE(defs["rmsnorm_h512"].constAxes, QStringLiteral("hidden_size=512"));
        QCOMPARE(defs["rmsnorm_h512"].dtypes, QStringLiteral("hidden_states:bfloat16 weight:bfloat16 output:bfloat16"));
        QCOMPARE(defs["fused_add_rmsnorm_h7168"].constAxes, QStringLiteral("hidden_size=7168"));
        QCOMPARE(defs["fused_add_rmsnorm_h7168"].opType, QStringLiteral("fused_add_rmsnorm"));
        const WrittenDefinition &mla = defs["mla_paged_decode_h16_ckv512_kpe64_ps1"];
        QCOMPARE(mla.opType, QStringLiteral("mla_paged"));
        QCOMPARE(mla.constAxes, QStringLiteral("head_dim_ckv=512 head_dim_kpe=64 num_qo_heads=16 page_size=1"));
        QVERIFY2(mla.dtypes.contains(QStringLiteral("ckv_cache:bfloat16")) && mla.dtypes.contains(QStringLiteral("lse:float32"))
                     && mla.dtypes.contains(QStringLiteral("kv_indices:int32")),
                 qPrintable(mla.dtypes));
        // flashinfer's own trace template (mla_paged_decode_trace), read from
        // its source: its tags, its reference and a `run` calling it.
        QVERIFY2(mla.tags.contains(QStringLiteral("fi_api:flashinfer.mla._core.BatchMLAPagedAttentionWrapper.run"))
                     && mla.tags.contains(QStringLiteral("status:verified")),
                 qPrintable(mla.tags.join(' ')));
        QVERIFY(mla.reference.contains(QStringLiteral("def _mla_paged_decode_reference(")));
        QVERIFY(mla.reference.contains(QStringLiteral("\ndef run(")));
        QCOMPARE(defs["gemm_fp8_block_scale_n3072_k1536"].constAxes, QStringLiteral("K=1536 K_blocks=12 N=3072 N_blocks=24"));
        QCOMPARE(defs["gemm_fp8_block_scale_n4608_k7168"].constAxes, QStringLiteral("K=7168 K_blocks=56 N=4608 N_blocks=36")); // gate_up_proj
    }

    // Blackwell NVFP4 decode on trtllm_mla: flashinfer's TRT-LLM MLA decode template; the linear
    // layers' NVFP4 GEMMs (sgl-kernel's by the profile's family, flashinfer's
    // by its template); prefill's MHA (192-dim heads over 16 KV heads) is no
    // MLA definition.
    void deepseekV3DefinitionsOtherConfigurations()
    {
        qint64 ms = 0;
        auto nvfp4 = definitionsFor(*m_session, "deepseek_v2", QStringLiteral("deepseek-v3"), 8, "B200 NVFP4 decode", {}, &ms);
        for (const auto &[name, d] : nvfp4) {
            qInfo("  %s (%s): %s", name.c_str(), qPrintable(d.opType), qPrintable(d.constAxes));
            QVERIFY2(d.schemaViolation.isEmpty(), qPrintable(QString::fromStdString(name) + ": " + d.schemaViolation));
        }
        // trtllm_mla's decode: its `trace=` dispatch picks the dense template
        // for sglang's call (no cum_seq_lens_q); the profile names that one.
        const WrittenDefinition &trtllmMla = nvfp4["trtllm_batch_decode_mla_dense_h16_d_qk576_ckv512_kpe64_nope128_ps1"];
        QVERIFY2(trtllmMla.tags.contains(QStringLiteral("fi_api:flashinfer.mla._core.trtllm_batch_decode_with_kv_cache_mla"))
                     && trtllmMla.tags.contains(QStringLiteral("status:verified")),
                 qPrintable(trtllmMla.tags.join(' ')));
        QVERIFY2(trtllmMla.dtypes.contains(QStringLiteral("query:bfloat16")) && trtllmMla.dtypes.contains(QStringLiteral("output:bfloat16")),
                 qPrintable(trtllmMla.dtypes));
        QCOMPARE(nvfp4["gemm_nvfp4_n7168_k2048"].constAxes, QStringLiteral("K=2048 K_scales=128 N=7168"));
        // flashinfer's mm_fp4 is written the way its template names it.
        QCOMPARE(nvfp4["gemm_fp4_N7168_K2048_block_size16"].constAxes,
                 QStringLiteral("K=2048 K_div_block_size=128 N=7168 N_div_block_size=448 block_size=16"));
        QCOMPARE(nvfp4["gemm_fp4_N7168_K2048_block_size16"].opType, QStringLiteral("gemm_fp4"));
        auto prefill = definitionsFor(*m_session, "deepseek_v2", QStringLiteral("deepseek-v3"), 8, "H100 BF16 prefill", {}, &ms);
        for (const auto &[name, d] : prefill)
            QVERIFY2(!QString::fromStdString(name).startsWith(QStringLiteral("mla_paged_prefill_h16_ckv128")), name.c_str());
        // A prefill with a cached prefix runs flashinfer's MLA wrapper, whose
        // template names its definitions mla_paged_decode in every stage.
        QVERIFY(prefill.count("mla_paged_decode_h16_ckv512_kpe64_ps1"));
        QVERIFY(prefill["mla_paged_decode_h16_ckv512_kpe64_ps1"].tags.contains(QStringLiteral("stage:prefill")));
        // BF16 weights: the linear layers' GEMMs are torch's F.linear, and the
        // router's beyond 16 tokens; no kernel of the GEMM category does them.
        QCOMPARE(prefill["gemm_n3072_k1536"].constAxes, QStringLiteral("K=1536 N=3072")); // q_b_proj
        QCOMPARE(prefill["gemm_n7168_k2304"].constAxes, QStringLiteral("K=2304 N=7168")); // dense down_proj
        QCOMPARE(prefill["gemm_n256_k7168"].constAxes, QStringLiteral("K=7168 N=256"));   // MoEGate
        QVERIFY(prefill["gemm_n3072_k1536"].tags.contains(QStringLiteral("status:unverified")));
        // fa3's MLA decode (flash_attn_with_kvcache with the latent cache), and
        // the fused q_a/kv_a GEMM reached through a call expression
        // (get_attn_tp_context().fetch_qkv_latent): replicated, 1536 + 512 + 64 by
        // 7168, in 128-wide blocks (the last one partial).
        std::vector<DefinitionUse> uses;
        auto fp8 = definitionsFor(*m_session, "deepseek_v2", QStringLiteral("deepseek-v3"), 8, "H200 FP8 decode", {}, &ms, 1, &uses);
        const auto definitionOf = [&](const std::string &op, const std::string &kernel) {
            std::set<std::string> out;
            for (const DefinitionUse &u : uses)
                if (u.op == op && u.kernel.size() >= kernel.size()
                    && u.kernel.compare(u.kernel.size() - kernel.size(), kernel.size(), kernel) == 0)
                    out.insert(u.definition.empty() ? "(" + u.note + ")" : u.definition);
            return out;
        };
        // The post-attention norm LayerCommunicator.prepare_mlp hands its
        // chosen function as `layernorm=self.post_attention_layernorm`.
        QCOMPARE(definitionOf("self._communicate_with_all_reduce_and_layer_norm_fn", ".fused_add_rmsnorm"),
                 std::set<std::string>{"fused_add_rmsnorm_h7168"});
        // The Triton runner's grouped GEMM under block FP8, TP 8 and EP 1:
        // all 256 experts, 2048 / 8 of their intermediate size.
        QCOMPARE(definitionOf("self.experts", ".fused_moe_kernel"),
                 std::set<std::string>{"moe_fp8_block_scale_ds_routing_topk8_ng8_kg4_e256_h7168_i256"});
        // The absorbed MLA's two BF16 products by the per-head weights, told
        // apart by the weight each torch.bmm call passes.
        QCOMPARE(fp8["bmm_h16_n512_k128"].constAxes, QStringLiteral("K=128 N=512 num_heads=16"));
        QCOMPARE(fp8["bmm_h16_n128_k512"].constAxes, QStringLiteral("K=512 N=128 num_heads=16"));
        QVERIFY(fp8["bmm_h16_n128_k512"].schemaViolation.isEmpty());
        // The LM head's torch.matmul on the ParallelLMHead the model hands its
        // logits processor: this GPU's 129280 / 8 rows of the vocabulary.
        QCOMPARE(definitionOf("self.logits_processor", "torch.matmul"), std::set<std::string>{"gemm_n16160_k7168"});
        // An EAGLE verify's sampling runs in a target-verify step only (profile `runs_in`).
        QVERIFY(std::none_of(uses.begin(), uses.end(), [](const DefinitionUse &u) { return u.op.find("verify") != std::string::npos; }));
        QVERIFY(fp8.count("mla_paged_decode_h16_ckv512_kpe64_ps1"));
        QVERIFY(!fp8.count("gemm_n3072_k1536")); // q_b_proj's GEMM is an FP8 kernel here, not F.linear
        QCOMPARE(fp8["gemm_fp8_block_scale_n2112_k7168"].constAxes, QStringLiteral("K=7168 K_blocks=56 N=2112 N_blocks=17"));
        // The sampler (an op outside the model): sgl-kernel's build of
        // flashinfer's sampling, written by flashinfer's template the profile
        // names for it, over the checkpoint's vocabulary; not verified.
        const WrittenDefinition &sampling = fp8["top_k_top_p_sampling_v129280"];
        QCOMPARE(sampling.opType, QStringLiteral("sampling"));
        QCOMPARE(sampling.constAxes, QStringLiteral("vocab_size=129280"));
        QVERIFY2(sampling.tags.contains(QStringLiteral("status:unverified")), qPrintable(sampling.tags.join(' ')));
        QVERIFY(sampling.schemaViolation.isEmpty());
        // The experts, built through `get_moe_impl_class(quant_config)(...)`,
        // on flashinfer's TRT-LLM FP8 MoE with EP 8: flashinfer-bench's name.
        auto moe = definitionsFor(*m_session, "deepseek_v2", QStringLiteral("deepseek-v3"), 8, {},
                                  "attention_arch=MLA platform=cuda gpu_arch=sm100 quantization=fp8 block_quant=on "
                                  "attention_backend=trtllm_mla moe_runner_backend=flashinfer_trtllm moe_a2a_backend=none "
                                  "stage=decode spec_mode=none dsa=off",
                                  &ms, 8);
        QVERIFY(moe.count("moe_fp8_block_scale_ds_routing_topk8_ng8_kg4_e32_h7168_i2048"));
        // Its `trace=` is a dispatch picking a template by the routing at run
        // time; the profile names the DeepSeek-V3 one among those it may pick,
        // which a factory builds (`_make_fp8_block_ds_trace(shared_experts=False)`):
        // the API's own template, verified, with its reference.
        const WrittenDefinition &trtllm = moe["moe_fp8_block_scale_ds_routing_topk8_ng8_kg4_e32_h7168_i2048"];
        QVERIFY2(trtllm.tags.contains(QStringLiteral("status:verified")), qPrintable(trtllm.tags.join(' ')));
        QVERIFY2(trtllm.tags.contains(QStringLiteral("fi_api:flashinfer.fused_moe.core.trtllm_fp8_block_scale_moe")),
                 qPrintable(trtllm.tags.join(' ')));
        QVERIFY(trtllm.reference.contains(QStringLiteral("def _trtllm_fp8_block_scale_moe_ds_routing_reference(")));
        QVERIFY(trtllm.schemaViolation.isEmpty());
        // On Blackwell the block-FP8 linear layers also reach flashinfer's
        // group-wise GEMM, and the FP8 KV cache's RoPE+quantize: their templates.
        QCOMPARE(moe["gemm_fp8_nt_groupwise_n3072_k1536"].constAxes, QStringLiteral("K=1536 N=3072"));
        QCOMPARE(schemaViolations(moe), QString());
        // Prefill's MHA on TRT-LLM: 192-wide query/key heads, 128-wide value heads.
        auto prefillB200 = definitionsFor(*m_session, "deepseek_v2", QStringLiteral("deepseek-v3"), 8, {},
                                          "attention_arch=MLA platform=cuda gpu_arch=sm100 quantization=fp8 block_quant=on "
                                          "attention_backend=trtllm_mla moe_runner_backend=flashinfer_trtllm moe_a2a_backend=none "
                                          "stage=extend spec_mode=none dsa=off",
                                          &ms, 8);
        QCOMPARE(prefillB200["trtllm_ragged_attention_deepseek_h16_d_qk192_d_v128"].constAxes,
                 QStringLiteral("head_dim_qk=192 head_dim_v=128 num_heads=16"));
        QCOMPARE(schemaViolations(prefillB200), QString());
        // The NvFP4 MoE: the DeepSeek-V3 template of trtllm_fp4_block_scale_moe's
        // dispatch, e2m1 packed two to a byte over half the hidden size, and
        // flashinfer's default activation (SwiGLU, 3) in the name.
        auto fp4Defs = definitionsFor(*m_session, "deepseek_v2", QStringLiteral("deepseek-v3"), 8, "B200 NVFP4 decode", {}, &ms, 8);
        const WrittenDefinition &fp4Moe = fp4Defs["moe_fp4_block_scale_ds_routing_topk8_e32_h7168_i2048_act3_ng8_kg4"];
        QVERIFY2(fp4Moe.tags.contains(QStringLiteral("fi_api:flashinfer.fused_moe.core.trtllm_fp4_block_scale_moe")),
                 qPrintable(fp4Moe.tags.join(' ')));
        QVERIFY2(fp4Moe.dtypes.contains(QStringLiteral("hidden_states:float4_e2m1")), qPrintable(fp4Moe.dtypes));
        QVERIFY(fp4Moe.constAxes.contains(QStringLiteral("num_packed_hidden=3584")));
        QVERIFY(fp4Moe.schemaViolation.isEmpty());
        QVERIFY2(fp4Defs["fp4_quantize_k7168"].dtypes.contains(QStringLiteral("quantized:float4_e2m1")), qPrintable(fp4Defs["fp4_quantize_k7168"].dtypes));
        QCOMPARE(schemaViolations(fp4Defs), QString());
        // DeepEP's DeepGEMM grouped GEMM computes the same MoE: the same definition.
        auto deepep = definitionsFor(*m_session, "deepseek_v2", QStringLiteral("deepseek-v3"), 8, {},
                                     "attention_arch=MLA platform=cuda gpu_arch=sm90 quantization=fp8 block_quant=on "
                                     "attention_backend=flashinfer moe_runner_backend=deep_gemm moe_a2a_backend=deepep "
                                     "deepep_mode=low_latency stage=decode spec_mode=none dsa=off",
                                     &ms, 8);
        QVERIFY(deepep.count("moe_fp8_block_scale_ds_routing_topk8_ng8_kg4_e32_h7168_i2048"));
        QCOMPARE(deepep["moe_fp8_block_scale_ds_routing_topk8_ng8_kg4_e32_h7168_i2048"].reference,
                 moe["moe_fp8_block_scale_ds_routing_topk8_ng8_kg4_e32_h7168_i2048"].reference);
        QVERIFY(deepep["moe_fp8_block_scale_ds_routing_topk8_ng8_kg4_e32_h7168_i2048"].tags.contains(QStringLiteral("status:unverified")));
    }

    // Llama-3.1-8B (GQA) with TP 1 on flashinfer's paged decode.
    void llamaGqaDefinition()
    {
        qint64 ms = 0;
        auto defs = definitionsFor(*m_session, "llama", QStringLiteral("llama-3.1-8b"), 1, {},
                                   "attention_backend=flashinfer stage=decode platform=cuda quantization=none", &ms);
        QCOMPARE(defs["gqa_paged_decode_h32_kv8_d128_ps1"].constAxes,
                 QStringLiteral("head_dim=128 num_kv_heads=8 num_qo_heads=32 page_size=1"));
        QCOMPARE(defs["rmsnorm_h4096"].constAxes, QStringLiteral("hidden_size=4096"));
        // BF16 GEMMs (torch's F.linear): the fused QKV projection, 32 + 2 × 8
        // heads of 128, and the MLP.
        QCOMPARE(defs["gemm_n6144_k4096"].constAxes, QStringLiteral("K=4096 N=6144"));
        QCOMPARE(defs["gemm_n28672_k4096"].constAxes, QStringLiteral("K=4096 N=28672"));
    }

    void reportsVerify()
    {
        const MarkdownLinks links(m_session->index(), m_dir.path(), {});
        for (const auto &[name, text] : {std::pair{"op.md", opTracesMarkdown(*m_session, m_report, links)},
                                         std::pair{"kernel.md", kernelTracesMarkdown(*m_session, m_report, links)}}) {
            QFile f(m_dir.filePath(QString::fromLatin1(name)));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray::fromStdString(text));
            f.close();
            const VerifyResult v = verifyLinks(f.fileName());
            QVERIFY(v.links > 100);
            QVERIFY2(v.broken.empty(), v.broken.empty() ? "" : qPrintable(v.broken.front().link + ": " + v.broken.front().problem));
        }
    }

    // A call put before the first line of a model file (every line moves)
    // and one inside a function body: the index is patched, not rebuilt,
    // and holds what a whole index holds.
    void patchedAfterAnEditEqualsWhole()
    {
        const std::vector<RepoInput> copies = copyIndexedFiles(m_repos, m_profile, m_dir.filePath("copy"));
        const QString patched = m_dir.filePath("patched.katlas"), whole = m_dir.filePath("whole.katlas");
        QVERIFY(runIndex({patched, copies, m_profile, true, 0}).ok);
        QFile model(copies.front().path + "/python/sglang/srt/models/deepseek_v2.py");
        QVERIFY(model.open(QIODevice::ReadOnly));
        QByteArray text = model.readAll();
        model.close();
        const qsizetype forward = text.indexOf("    def forward(");
        const qsizetype body = text.indexOf(":\n", forward);
        QVERIFY(forward > 0 && body > forward);
        text.insert(body + 2, "        torch.cuda.synchronize()\n");
        text.prepend("print('edited')\n");
        QVERIFY(model.open(QIODevice::WriteOnly | QIODevice::Truncate));
        model.write(text);
        model.close();
        const IndexReport r = runIndex({patched, copies, m_profile, true, 0});
        QVERIFY2(r.ok, qPrintable(r.error));
        QVERIFY(r.patched);
        QCOMPARE(r.parsedFiles, 1);
        QVERIFY(runIndex({whole, copies, m_profile, false, 0}).ok);
        const QString difference = test::firstDifference(test::dump(patched), test::dump(whole));
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
        QCOMPARE(loadStats(*Database::open(patched, nullptr)).edges, countStats(*Database::open(patched, nullptr)).edges);
        std::string reports[2];
        for (int i = 0; i < 2; ++i) {
            QString error;
            const auto session = TraceSession::open(i == 0 ? patched : whole, &error);
            QVERIFY2(session, qPrintable(error));
            const TraceReport report = buildTraceReport(*session, "deepseek_v2", {});
            reports[i] = opTracesMarkdown(*session, report, MarkdownLinks(session->index(), m_dir.path(), {}));
        }
        QVERIFY(reports[0] == reports[1]);
    }

private:
    // The kernels an op of the DeepSeek graph reaches under a filter (with
    // the profile's implications), by name.
    std::set<std::string> kernelsUnder(const std::string &op, const std::string &words) const
    {
        std::string error;
        const auto parsed = DimensionFilter::parse(words, &error);
        if (!parsed)
            qFatal("bad filter %s: %s", words.c_str(), error.c_str());
        const DimensionFilter filter = effectiveFilter(*parsed, m_session->profile());
        std::set<std::string> kernels;
        for (const KernelPath &p : findPaths(m_session->index(), TraceSession::opCallSites(m_report.graph, op), filter).paths)
            kernels.insert(m_session->index().symbol(p.kernelId).name);
        return kernels;
    }

    QTemporaryDir m_dir;
    Profile m_profile;
    std::vector<RepoInput> m_repos;
    std::unique_ptr<TraceSession> m_session;
    TraceReport m_report;
};

QTEST_GUILESS_MAIN(TestRealCheckout)
#include "tst_real_checkout.moc"
