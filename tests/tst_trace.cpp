// Tests of the trace engine on the demo workspace: the op graph, the paths of
// ops under filters, the configuration matrix and kernel backtraces. The
// expectations come from reading the demo's code.
#include "demo_fixture.h"

#include "graph/condition_ways.h"
#include "trace/backtrace.h"
#include "trace/config_matrix.h"
#include "trace/configuration.h"
#include "trace/filter_check.h"
#include "trace/path_finder.h"

#include <functional>
#include <set>
#include <tuple>

using namespace katlas;
using namespace katlas::test;

namespace {

std::set<std::string> kernelsOf(const CallIndex &index, const OpPaths &paths)
{
    std::set<std::string> out;
    for (const KernelPath &p : paths.paths)
        out.insert(kernelName(index, p.kernelId));
    return out;
}

DimensionFilter filter(const char *text)
{
    std::string error;
    return *DimensionFilter::parse(text, &error);
}

} // namespace

class TestTrace : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { m_session = openDemo(m_dir); }

    // An op is found by its id, or by its name (the first in depth-first
    // order when several share it, the first that runs under the
    // configuration where it knows which do not): what `--select` takes.
    void opsAreFoundByIdOrName()
    {
        const OpGraph g = buildOpGraph(m_session->index(), m_session->profile(), "", {});
        const OpNode &mlp = g.roots.at(0).children.at(0).children.at(4);
        QCOMPARE(findOpId(g, mlp.id), mlp.id);
        QCOMPARE(findOpId(g, "layer"), g.roots[0].children[0].id);
        QCOMPARE(findOpId(g, "self.mlp"), g.roots[0].children[0].children[3].id);
        QCOMPARE(findOpId(g, "no.such.op"), std::string());
        // Under a configuration, the first of that name that runs.
        const std::set<std::string> idle{g.roots[0].children[0].children[3].id};
        const std::string running = findOpId(g, "self.mlp", idle);
        QVERIFY(running != g.roots[0].children[0].children[3].id);
        QCOMPARE(g.roots[0].children[0].children[4].id, running);
    }

    // An op's trail names the ops above it with their branches.
    void opTrailsSayWhereAnOpStands()
    {
        QCOMPARE(opTrail("/self.model/layer/self.mlp#DeepseekV2MoE/self.forward_normal/self.experts"),
                 std::string("self.model \u203a layer \u203a self.mlp [DeepseekV2MoE] \u203a self.forward_normal \u203a self.experts"));
        QCOMPARE(opTrail("/self.model/layer/self.mlp#DeepseekV2MoE/self.experts", 1),
                 std::string("self.model \u203a layer \u203a self.mlp [DeepseekV2MoE]"));
        QCOMPARE(opTrail("/self.model", 1), std::string());
        const OpGraph g = buildOpGraph(m_session->index(), m_session->profile(), "", {});
        const OpNode &layer = g.roots.at(0).children.at(0);
        QCOMPARE(opTrail(layer.children.at(0).id, 1), std::string("self.model \u203a layer"));
    }

    void opGraphShape()
    {
        const OpGraph g = buildOpGraph(m_session->index(), m_session->profile(), "", {});
        QVERIFY(g.error.empty());
        QCOMPARE(g.roots.size(), size_t(1));
        QCOMPARE(g.roots[0].name, std::string("self.model"));
        const OpNode &layer = g.roots[0].children.at(0);
        QCOMPARE(layer.name, std::string("layer"));
        QCOMPARE(layer.kind, OpNode::Kind::Container);
        std::vector<std::string> names;
        for (const OpNode &n : layer.children)
            names.push_back(n.name + (n.label.empty() ? "" : "#" + n.label));
        QCOMPARE(names, (std::vector<std::string>{"self.input_layernorm", "self.self_attn", "self.post_attention_layernorm",
                                                  "self.mlp#DeepMiniMoE", "self.mlp#DeepMiniMLP"}));
        const OpNode &attn = layer.children[1];
        QCOMPARE(attn.children.size(), size_t(2));
        QCOMPARE(attn.children[0].label, std::string("MHA"));
        QCOMPARE(attn.children[1].label, std::string("MLA"));
        // nested calls run inside out: q_a_proj, then q_a_layernorm, then q_b_proj
        QCOMPARE(attn.children[1].children[0].name, std::string("self.q_a_proj"));
        QCOMPARE(attn.children[1].children[2].name, std::string("self.q_b_proj"));
        const auto leaves = TraceSession::opNames(g);
        for (const char *op : {"self.attn_mqa", "self.attn_mha", "bmm_fp8", "self.experts", "self.topk", "self.act_fn",
                               "self.rotary_emb", "self.o_proj", "self.kv_b_proj"})
            QVERIFY2(std::find(leaves.begin(), leaves.end(), op) != leaves.end(), op);
        QCOMPARE(g.nonModel.size(), size_t(2));
        QCOMPARE(g.nonModel[0].name, std::string("Sampler"));
    }

    void anEntryRunsOnlyUnderTheValuesItNames()
    {
        // The demo's input quantization runs under FP8 only (profile `runs_in`).
        const auto entries = [&](const char *filterText) {
            std::string error;
            const std::optional<DimensionFilter> filter = DimensionFilter::parse(filterText, &error);
            std::vector<std::string> names;
            for (const NonModelOp &op : buildOpGraph(m_session->index(), m_session->profile(), "", *filter).nonModel)
                names.push_back(op.name);
            return names;
        };
        const std::vector<std::string> both{"Sampler", "Input quantization"};
        QCOMPARE(entries(""), both);
        QCOMPARE(entries("quantization=fp8"), both);
        QCOMPARE(entries("quantization=fp8,none"), both);
        QCOMPARE(entries("quantization=none"), std::vector<std::string>{"Sampler"});
        QCOMPARE(entries("stage=decode"), both); // another dimension: no matter
    }

    void pathsUnderFilters_data()
    {
        QTest::addColumn<QString>("op");
        QTest::addColumn<QString>("filterText");
        QTest::addColumn<QStringList>("kernels");
        QTest::newRow("mqa triton") << "self.attn_mqa" << "attention_backend=triton"
                                    << QStringList{"decode_mla_kernel", "extend_attention_kernel"};
        QTest::newRow("mqa cutlass decode") << "self.attn_mqa" << "attention_backend=cutlass_mla stage=decode"
                                            << QStringList{"cutlass_mla_decode"};
        QTest::newRow("mqa cutlass extend inherits prefill") << "self.attn_mqa" << "attention_backend=cutlass_mla stage=extend"
                                                             << QStringList{"BatchMLAPrefillWrapper.run"};
        QTest::newRow("q_b_proj int8") << "self.q_b_proj" << "quantization=w8a8_int8"
                                       << QStringList{"int8_scaled_mm", "per_token_quant_int8"};
        QTest::newRow("q_b_proj unquantized") << "self.q_b_proj" << "quantization=none" << QStringList{"bf16_gemm"};
        QTest::newRow("experts trtllm") << "self.experts" << "moe_runner_backend=flashinfer_trtllm moe_a2a_backend=none quantization=fp8"
                                        << QStringList{"trtllm_fp8_block_scale_moe"};
        QTest::newRow("norm on hip") << "self.input_layernorm" << "platform=hip" << QStringList{};
        QTest::newRow("norm on cuda") << "self.input_layernorm" << "platform=cuda" << QStringList{"fused_add_rmsnorm", "rmsnorm"};
    }
    void pathsUnderFilters()
    {
        QFETCH(QString, op);
        QFETCH(QString, filterText);
        QFETCH(QStringList, kernels);
        const OpGraph g = buildOpGraph(m_session->index(), m_session->profile(), "", {});
        const auto sites = TraceSession::opCallSites(g, op.toStdString());
        QVERIFY(!sites.empty());
        const OpPaths paths = findPaths(m_session->index(), sites, filter(filterText.toUtf8().constData()));
        QStringList got;
        for (const std::string &k : kernelsOf(m_session->index(), paths))
            got << QString::fromStdString(k);
        QCOMPARE(got, kernels);
        if (kernels.isEmpty())
            QCOMPARE(paths.reason, OpPaths::Empty::FilteredOut);
        for (const KernelPath &p : paths.paths) {
            QVERIFY(!p.conditions.contradictory());
            QCOMPARE(m_session->index().site(p.frames.front().siteId).callee, op.toStdString());
        }
    }

    void capReportsPathsNotShown()
    {
        const OpGraph g = buildOpGraph(m_session->index(), m_session->profile(), "", {});
        const auto sites = TraceSession::opCallSites(g, "self.q_b_proj");
        const OpPaths all = findPaths(m_session->index(), sites, {});
        QVERIFY(all.paths.size() > 3);
        const OpPaths capped = findPaths(m_session->index(), sites, {}, {24, 2});
        // The cap drops ways to a kernel, never the kernel: past it, a path
        // to a kernel none shown reaches is still shown.
        std::set<std::int64_t> every, shown;
        for (const KernelPath &p : all.paths)
            every.insert(p.kernelId);
        for (const KernelPath &p : capped.paths)
            shown.insert(p.kernelId);
        QVERIFY(every.size() > 2);
        QCOMPARE(shown, every);
        QVERIFY(capped.paths.size() < all.paths.size() && capped.paths.size() <= 2 + every.size());
        QCOMPARE(capped.notShown, all.paths.size() - capped.paths.size());
        QVERIFY(!capped.notShownCapped);
        QVERIFY(!all.notShownCapped);
        // Counting stops too: then the count is a lower bound, and says so.
        const OpPaths counted = findPaths(m_session->index(), sites, {}, {24, 2, 1});
        QCOMPARE(counted.paths.size() + counted.notShown, size_t(3));
        QVERIFY(counted.notShownCapped);
    }

    void matrixOfAttention()
    {
        const OpGraph g = buildOpGraph(m_session->index(), m_session->profile(), "", {});
        const OpPaths paths = findPaths(m_session->index(), TraceSession::opCallSites(g, "self.attn_mqa"), {});
        const ConfigMatrix m = buildConfigMatrix(m_session->index(), paths, m_session->profile());
        QCOMPARE(m.rowDimension, std::string("attention_backend"));
        QCOMPARE(m.rows, (std::vector<std::string>{"triton", "fast_mla", "cutlass_mla"}));
        QCOMPARE(m.columns, std::vector<std::string>{"any"});
        QCOMPARE(m.cells[0][0], (std::set<std::string>{"decode_mla_kernel  [triton]", "extend_attention_kernel  [triton]"}));
        // Each kernel with the library it comes from.
        QCOMPARE(m.cells[2][0], (std::set<std::string>{"BatchMLAPrefillWrapper.run  [flashinfer]", "cutlass_mla_decode  [sgl-kernel]"}));
    }

    // Implications: platform=hip removes the backends that need CUDA, to a
    // fixed point; a backend that needs CUDA pins the platform.
    void effectiveFilterPrunesImplications()
    {
        const Profile &profile = m_session->profile();
        std::vector<std::string> conflicts;
        const DimensionFilter hip = effectiveFilter(filter("platform=hip"), profile, &conflicts);
        QCOMPARE(hip.allowed().at("attention_backend"), std::set<std::string>{"triton"});
        QVERIFY(conflicts.empty());
        QCOMPARE(effectiveFilter(filter("attention_backend=cutlass_mla"), profile).allowed().at("platform"),
                 std::set<std::string>{"cuda"});
        // Through two implications: the runner pins quantization to none/fp8/nvfp4, so w8a8_int8
        // rules flashinfer_trtllm out.
        QCOMPARE(effectiveFilter(filter("quantization=w8a8_int8"), profile).allowed().at("moe_runner_backend"),
                 std::set<std::string>{"triton"});
        // Nothing to imply: unchanged.
        QCOMPARE(effectiveFilter(filter("stage=decode"), profile), filter("stage=decode"));
        // A contradiction is named and admits no path that needs the dimension.
        const DimensionFilter clash = effectiveFilter(filter("platform=hip attention_backend=cutlass_mla"), profile, &conflicts);
        QCOMPARE(conflicts.size(), size_t(1));
        QVERIFY2(conflicts[0].find("platform=cuda") != std::string::npos, conflicts[0].c_str());
        QVERIFY(clash.allowed().at("attention_backend").empty());
    }

    // An implication with two premises holds only where both do; backward,
    // it rules a premise out only once the other is held to its values.
    void implicationsWithSeveralPremises()
    {
        Profile p;
        p.dimensions = {{"quantization", "", {"none", "fp8"}, {}, {}},
                        {"platform", "", {"cuda", "hip"}, {}, {}},
                        {"bmm_dtype", "", {"bf16", "fp8"}, {}, {}}};
        p.implications = {{{{"quantization", {"fp8"}}, {"platform", {"cuda"}}}, {{"bmm_dtype", {"bf16"}}}, "x.py:1"}};
        const auto allowed = [&](const char *text, const char *dimension) {
            const DimensionFilter f = effectiveFilter(filter(text), p);
            const auto it = f.allowed().find(dimension);
            return it == f.allowed().end() ? std::set<std::string>{"*"} : it->second;
        };
        QCOMPARE(allowed("quantization=fp8 platform=cuda", "bmm_dtype"), std::set<std::string>{"bf16"});
        QCOMPARE(allowed("quantization=fp8", "bmm_dtype"), std::set<std::string>{"*"});
        QCOMPARE(allowed("quantization=fp8 platform=hip", "bmm_dtype"), std::set<std::string>{"*"});
        QCOMPARE(allowed("quantization=fp8 bmm_dtype=fp8", "platform"), std::set<std::string>{"hip"});
        QCOMPARE(allowed("bmm_dtype=fp8", "platform"), std::set<std::string>{"*"});
    }

    // A consequence may be a setting: where the premise holds, the filter
    // holds the setting to the value (`server.disable_fusion=true` under a
    // DeepEP all-to-all), unless the filter names the setting itself.
    void anImplicationSetsASetting()
    {
        Profile p;
        p.dimensions = {{"a2a", "", {"none", "deep"}, {}, {}}};
        p.settingDefaults = {{"server.disable_fusion", "false"}};
        p.implications = {{{{"a2a", {"deep"}}}, {{"server.disable_fusion", {"true"}}}, "x.py:1"}};
        const auto allowed = [&](const char *text) {
            const DimensionFilter f = effectiveFilter(filter(text), p);
            const auto it = f.allowed().find("server.disable_fusion");
            return it == f.allowed().end() ? std::set<std::string>{"*"} : it->second;
        };
        QCOMPARE(allowed("a2a=deep"), std::set<std::string>{"true"});
        QCOMPARE(allowed("a2a=none"), std::set<std::string>{"*"}); // its default then holds
        QCOMPARE(allowed("a2a=none,deep"), std::set<std::string>{"*"});
        PathConditions fused;
        QVERIFY(fused.add({{"server.disable_fusion", {"false"}, false, {}}}));
        QVERIFY(!fused.passes(effectiveFilter(filter("a2a=deep"), p), &p.settingDefaults));
        QVERIFY(fused.passes(effectiveFilter(filter("a2a=none"), p), &p.settingDefaults));
    }

    void presetsCombineWithAFilter()
    {
        const Profile &profile = m_session->profile();
        const Configuration *c = profile.configuration("Demo FP8 decode");
        QVERIFY(c);
        const DimensionFilter preset = configurationFilter(*c);
        QCOMPARE(preset.allowed().at("attention_backend"), std::set<std::string>{"cutlass_mla"});
        // The filter wins on a dimension both set; the preset keeps the others.
        const DimensionFilter both = combineFilters(preset, filter("attention_backend=triton,fast_mla"));
        QCOMPARE(both.allowed().at("attention_backend"), (std::set<std::string>{"triton", "fast_mla"}));
        QCOMPARE(both.allowed().at("quantization"), std::set<std::string>{"fp8"});
        QCOMPARE(matchingConfiguration(profile, preset), c);
        QCOMPARE(matchingConfiguration(profile, combineFilters(preset, filter("attn_path=MLA"))), c);
        QVERIFY(!matchingConfiguration(profile, both));
        QVERIFY(!matchingConfiguration(profile, {}));
        // Under the preset the attention op reaches the CUTLASS kernel only.
        const OpGraph g = buildOpGraph(m_session->index(), profile, "", {});
        const OpPaths paths = findPaths(m_session->index(), TraceSession::opCallSites(g, "self.attn_mqa"), effectiveFilter(preset, profile));
        QCOMPARE(kernelsOf(m_session->index(), paths), std::set<std::string>{"cutlass_mla_decode"});
        // Under the ROCm preset the norms (CUDA kernels only) do not run; the attention does (triton).
        const Configuration *rocm = profile.configuration("Demo ROCm decode");
        QVERIFY(rocm);
        const std::set<std::string> idle = opsWithoutPath(m_session->index(), g, effectiveFilter(configurationFilter(*rocm), profile));
        int norms = 0;
        forEachOp(g.roots, [&](const OpNode &n, int) {
            if (n.name == "self.attn_mqa")
                QVERIFY(!idle.count(n.id));
            if (n.name == "self.input_layernorm") {
                QVERIFY(idle.count(n.id));
                ++norms;
            }
        });
        QCOMPARE(norms, 1);
        QVERIFY(opsWithoutPath(m_session->index(), g, {}).empty());
        // By branches alone: the DeepEP branch (moe_a2a_backend=deepep) runs
        // under the ROCm preset, which leaves the a2a backend open, so no op
        // is outside both presets; with the FP8 preset alone (a2a none) the
        // DeepEP branch and its ops are, and nothing else.
        QVERIFY(opsOutsideConfigurations(m_session->index(), g, profile).empty());
        Profile fp8Only = profile;
        std::erase_if(fp8Only.configurations, [](const Configuration &k) { return k.name != "Demo FP8 decode"; });
        QCOMPARE(fp8Only.configurations.size(), size_t(1));
        const std::set<std::string> remote = opsOutsideConfigurations(m_session->index(), g, fp8Only);
        std::set<std::string> deepep;
        forEachOp(g.roots, [&](const OpNode &n, int) {
            if (n.id.find("forward_deepep") != std::string::npos)
                deepep.insert(n.id);
        });
        QCOMPARE(deepep.size(), size_t(3));
        QCOMPARE(remote, deepep);
    }

    // The matrix's rows are the backends the effective filter allows.
    void matrixDropsContradictedRows()
    {
        const OpGraph g = buildOpGraph(m_session->index(), m_session->profile(), "", {});
        const DimensionFilter hip = effectiveFilter(filter("platform=hip"), m_session->profile());
        const OpPaths paths = findPaths(m_session->index(), TraceSession::opCallSites(g, "self.attn_mqa"), hip);
        const ConfigMatrix m = buildConfigMatrix(m_session->index(), paths, m_session->profile(), hip);
        QCOMPARE(m.rows, std::vector<std::string>{"triton"});
        QVERIFY(m.cells[0][0].count("decode_mla_kernel  [triton]"));
    }

    // An op inside a branch runs only under what the branch needs: the
    // experts of the DeepEP forward reach only what runs with DeepEP, those
    // of the normal forward the FlashInfer TRT-LLM MoE too.
    void anOpKeepsItsBranchesConditions()
    {
        const DimensionFilter fp8 = effectiveFilter(filter("quantization=fp8"), m_session->profile());
        const OpGraph g = buildOpGraph(m_session->index(), m_session->profile(), "", fp8);
        const auto kernelsUnder = [&](const std::string &branch) {
            const OpNode *node = nullptr;
            forEachOp(g.roots, [&](const OpNode &n, int) {
                if (!node && n.name == "self.experts" && n.id.find(branch) != std::string::npos)
                    node = &n;
            });
            if (!node)
                return std::set<std::string>{};
            const SiteContexts contexts = contextsOf({node});
            return kernelsOf(m_session->index(), findPaths(m_session->index(), node->callSites, fp8, {}, &contexts));
        };
        const std::set<std::string> deepep = kernelsUnder("forward_deepep");
        const std::set<std::string> normal = kernelsUnder("forward_normal");
        QVERIFY(!deepep.empty());
        QVERIFY(normal.count("trtllm_fp8_block_scale_moe"));
        QVERIFY(!deepep.count("trtllm_fp8_block_scale_moe"));
    }

    void matrixOfLinear()
    {
        const OpGraph g = buildOpGraph(m_session->index(), m_session->profile(), "", {});
        const OpPaths paths = findPaths(m_session->index(), TraceSession::opCallSites(g, "self.o_proj"), {});
        const ConfigMatrix m = buildConfigMatrix(m_session->index(), paths, m_session->profile());
        QCOMPARE(m.columnDimension, std::string("quantization"));
        QCOMPARE(m.columns, (std::vector<std::string>{"none", "fp8", "w8a8_int8", "nvfp4"}));
        QCOMPARE(m.cells[0][0], std::set<std::string>{"bf16_gemm  [sgl-kernel]"});
        QVERIFY(m.cells[0][1].count("fp8_scaled_mm  [sgl-kernel]"));
        QCOMPARE(m.cells[0][3], std::set<std::string>{"fp4_gemm  [flashinfer]"});
    }

    void backtraceReachesTheModel()
    {
        const CallIndex &index = m_session->index();
        const auto kernel = index.byQualName("tiny_kernel.attention.cutlass_mla_decode");
        QCOMPARE(kernel.size(), size_t(1));
        const OpGraph g = buildOpGraph(index, m_session->profile(), "", {});
        const Backtrace bt = buildBacktrace(index, kernel[0], reachableFrom(index, {g.entry}), {g.entry}, {});
        QCOMPARE(bt.sites.size(), size_t(1));
        // kernel call <- forward_decode <- specialised forward <- RadixAttention.forward <- attn_mqa / attn_mha ...
        std::vector<std::string> chain;
        const BacktraceNode *n = &bt.sites[0];
        while (true) {
            chain.push_back(index.site(n->siteId).callee);
            if (n->callers.empty())
                break;
            n = &n->callers[0];
        }
        QCOMPARE(chain.front(), std::string("cutlass_mla_decode"));
        QCOMPARE(chain.back(), std::string("self.model"));
        QVERIFY(std::find(chain.begin(), chain.end(), "forward_batch.attn_backend.forward") != chain.end());
    }

    // No two rows of one level read the same (one line of one file, one
    // callee, the same conditions): copies of a function specialised per
    // call, and edges that differ only in the places instances were built,
    // are one row with the callers of all.
    void backtraceRowsAreTellableApart()
    {
        const CallIndex &index = m_session->index();
        const OpGraph g = buildOpGraph(index, m_session->profile(), "", {});
        std::function<void(const std::vector<BacktraceNode> &)> check = [&](const std::vector<BacktraceNode> &level) {
            std::set<std::tuple<std::int64_t, int, std::string, std::string>> seen;
            for (const BacktraceNode &n : level) {
                const CallSite &s = index.site(n.siteId);
                QVERIFY2(seen.insert({s.fileId, s.line, s.callee, n.conditions}).second, s.callee.c_str());
                check(n.callers);
            }
        };
        size_t rows = 0;
        for (const Kernel &k : index.graph().kernels) {
            const Backtrace bt = buildBacktrace(index, k.symbolId, reachableFrom(index, {g.entry}), {g.entry}, {});
            rows += bt.sites.size();
            check(bt.sites);
        }
        QVERIFY(rows > 10);
    }

    void contradictionsAndFilters()
    {
        PathConditions pc;
        QVERIFY(pc.add({{"platform", {"cuda"}, false, "_is_cuda"}}));
        QVERIFY(!pc.add({{"platform", {"cuda"}, true, "_is_cuda"}}));
        PathConditions q;
        QVERIFY(q.add({{"quantization", {"fp8", "w8a8_int8"}, false, ""}}));
        QVERIFY(!q.add({{"quantization", {"nvfp4"}, false, ""}}));
        PathConditions t;
        QVERIFY(t.add({{"", {}, false, "x is None"}}));
        QVERIFY(!t.add({{"", {}, true, "x is None"}}));
        PathConditions f;
        f.add({{"quantization", {"fp8"}, false, ""}, {"attention_backend", {"triton"}, true, ""}});
        QVERIFY(f.passes(filter("quantization=fp8,nvfp4")));
        QCOMPARE(f.rejectedBy(filter("quantization=nvfp4")).value_or(""), std::string("quantization"));
        QVERIFY(!f.passes(filter("attention_backend=triton")));
        QVERIFY(f.passes(filter("attention_backend=triton,fast_mla stage=decode")));
        std::string error;
        QVERIFY(!DimensionFilter::parse("quantization", &error));
        QVERIFY(!error.empty());
        QCOMPARE(filter("b=2 a=1,3").toString(), std::string("a=1,3 b=2"));
    }

    // Conditions keep their texts once for the process: equal texts built
    // apart are one text, and what the reader sees stays in text order
    // whatever order the conditions came in.
    void conditionsCompareTextsBuiltApart()
    {
        PathConditions pc;
        const std::string zeta = std::string("ze") + "ta", alpha = std::string("al") + "pha";
        QVERIFY(pc.add({{"quantization", {zeta, alpha, "mid"}, false, ""}, {"", {}, false, "y is None"}}));
        QVERIFY(pc.add({{std::string("quanti") + "zation", {"mid"}, true, ""}, {"", {}, true, "a is None"}}));
        QCOMPARE(pc.required().at("quantization"), (std::vector<std::string>{"alpha", "zeta"}));
        QCOMPARE(pc.otherConditions(), (std::vector<std::string>{"not (a is None)", "y is None"}));
        QVERIFY(pc.fits("quantization", std::string("al") + "pha"));
        QVERIFY(!pc.fits("quantization", "mid"));
        QVERIFY(!pc.fits("quantization", "a value no condition ever named"));
        QVERIFY(pc.passes(filter("quantization=zeta")));
        QVERIFY(!pc.passes(filter("quantization=mid")));
        QVERIFY(!pc.add({{"", {}, false, std::string("a is ") + "None"}}));
        QVERIFY(findInterned("a text no condition ever held, 1f3a") == nullptr);
        QCOMPARE(internedText(std::string("ze") + "ta"), internedText("zeta"));
    }

    // One filter made ready serves a whole search: a value it names that no
    // condition held when it was made, and a guard's ways judged once, still
    // decide each path by that path's own conditions.
    void oneFilterCheckServesManyPaths()
    {
        const DimensionFilter f = filter("quantization=w4a8_named_first_here attention_backend=fa3,flashinfer");
        const FilterCheck check(f, nullptr);
        PathConditions later;
        QVERIFY(later.add({{"quantization", {std::string("w4a8_named_") + "first_here"}, false, ""}}));
        QVERIFY(!later.rejectedBy(check));
        Condition guard{"", {}, false, "use_fast_path(x)"}; // holds with fa3, or with triton
        setWays(guard, {{{"attention_backend", {"fa3"}, false, ""}}, {{"attention_backend", {"triton"}, false, ""}}});
        PathConditions open, withoutFa3;
        QVERIFY(open.add({guard}));
        QVERIFY(!open.rejectedBy(check));
        QVERIFY(withoutFa3.add({{"attention_backend", {"fa3"}, true, ""}, guard}));
        QCOMPARE(withoutFa3.rejectedBy(check).value_or(""), std::string("attention_backend"));
        QCOMPARE(withoutFa3.rejectedBy(f), withoutFa3.rejectedBy(check));
        QVERIFY(!open.rejectedBy(check)); // the ways judged for one path do not stick to another
    }

private:
    QTemporaryDir m_dir;
    std::unique_ptr<TraceSession> m_session;
};

QTEST_GUILESS_MAIN(TestTrace)
#include "tst_trace.moc"
