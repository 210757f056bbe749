// Tests of `katlas definitions` on the demo workspace: the names and const
// axes of the flashinfer-trace Definitions it derives from the demo model and
// a config.json, every written file checked against the Definition schema's
// rules, the bad inputs that stop it before it writes anything, and the
// de-duplication against an existing definitions folder.
#include "cli_fixture.h"
#include "definition_schema.h"
#include "demo_fixture.h"
#include "export/trace_report.h"
#include "shapes/configured_setup.h"
#include "shapes/definition_folder.h"
#include "shapes/definition_request.h"
#include "shapes/definition_rules.h"
#include "shapes/model_definitions.h"
#include "shapes/template_definition.h"
#include "shapes/trace_template.h"
#include "trace/configuration.h"

#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace katlas;

namespace {

const QString kConfig = QStringLiteral(KATLAS_TEST_DATA "/definitions/deepmini-config.json");
const QString kTemplates = QStringLiteral(KATLAS_TEST_DATA "/definitions/templates");

std::string readText(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll().toStdString() : std::string();
}

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject{};
}

QStringList jsonFiles(const QString &dir)
{
    QStringList out;
    QDirIterator it(dir, {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        out << QDir(dir).relativeFilePath(it.next());
    out.sort();
    return out;
}

QByteArray demoProfileJson()
{
    QFile f(QStringLiteral(KATLAS_SOURCE_DIR "/resources/demo/profile.json"));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray{};
}


QString constAxes(const QJsonObject &d)
{
    QStringList out;
    const QJsonObject axes = d.value(QLatin1String("axes")).toObject();
    for (auto it = axes.begin(); it != axes.end(); ++it)
        if (it.value().toObject().value(QLatin1String("type")).toString() == QLatin1String("const"))
            out << it.key() + "=" + QString::number(it.value().toObject().value(QLatin1String("value")).toInteger());
    return out.join(QLatin1Char(' '));
}

// The demo model's unquantized decode under TP 8: its report, and the
// definitions of a report (the demo's, or one changed by a test).
struct DemoUnderTp8 {
    explicit DemoUnderTp8(const QTemporaryDir &dir)
        : session(test::openDemo(dir)), profileJson(demoProfileJson()), rules(readDefinitionRules(profileJson, &error)),
          moduleRules(readModuleShapeRules(profileJson, &error)), compute(computeTargets(session->index(), rules)),
          report(buildTraceReport(*session, "deepmini", *DimensionFilter::parse("quantization=none stage=decode platform=cuda", &error),
                                  nullptr, &compute))
    {
        deployment.tp = 8;
    }
    ModelDefinitions definitions(const TraceReport &r, const DefinitionRules *other = nullptr) const
    {
        const DefinitionRules &with = other ? *other : rules;
        ModelShapes shapes(session->index(), session->profile().model("deepmini")->modelModules, readJson(kConfig), deployment,
                           moduleRules, with.shapeCalls);
        return modelDefinitions(r, session->index(), with, shapes, definitionContext(with, r.effective, "deepmini", deployment),
                                compute);
    }
    std::string error;
    std::unique_ptr<TraceSession> session;
    QByteArray profileJson;
    DefinitionRules rules;
    std::vector<ModuleShapeRule> moduleRules;
    PathTargets compute;
    TraceReport report;
    Deployment deployment;
};

} // namespace

class TestDefinitions : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(m_cache.isValid()); }

    void namesFillTheirPlaceholders()
    {
        QCOMPARE(definitionName("mla_paged_{stage}_h{h}_ps{ps}", {{"stage", "decode"}, {"h", "16"}, {"ps", "1"}}),
                 std::string("mla_paged_decode_h16_ps1"));
        QCOMPARE(definitionName("gemm_n{N}_k{K}", {{"N", "256"}}), std::string("gemm_n256_k{K}")); // unknown stays
    }

    void rulesOfTheShippedProfilesRead()
    {
        for (const QString &path : {QStringLiteral(KATLAS_SOURCE_DIR "/resources/profiles/sglang.json"),
                                    QStringLiteral(KATLAS_SOURCE_DIR "/resources/demo/profile.json")}) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            std::string error;
            const DefinitionRules rules = readDefinitionRules(f.readAll(), &error);
            QVERIFY2(error.empty(), error.c_str());
            QVERIFY(!rules.families.empty());
        }
        std::string error;
        readDefinitionRules(R"({"definitions": {"families": [{"kernel": "x", "op_type": "t", "name": "n",
            "reference": "def run(a): return a", "axes": {"M": "var"}, "inputs": {"a": {"shape": ["N"], "dtype": "int8"}},
            "outputs": {"b": {"shape": ["M"], "dtype": "int8"}}}]}})", &error);
        QCOMPARE(error, std::string("definitions.families[0].inputs.a.shape: names an axis the family does not define: N"));
    }

    // A shipped configuration names its checkpoint and its deployment: the
    // window's shapes need no model config of the index's own there. A
    // filter that leaves the deployment open, or a checkpoint the profile
    // does not have, gives none.
    void aConfigurationNamesItsCheckpointAndDeployment()
    {
        ProfileError perr;
        const std::optional<Profile> sglang = loadBuiltinProfile(QStringLiteral("sglang"), &perr);
        QVERIFY2(sglang, qPrintable(perr.toString()));
        const Configuration *b200 = sglang->configuration("B200 NVFP4 decode");
        QVERIFY(b200);
        DimensionFilter filter;
        for (const auto &[name, values] : b200->assignment)
            filter.set(name, values);
        const std::optional<ConfiguredSetup> setup = configuredSetup(*sglang, b200->checkpoint, filter);
        QVERIFY(setup);
        QCOMPARE(setup->config.value("architectures").toArray().first().toString(), QStringLiteral("DeepseekV3ForCausalLM"));
        QCOMPARE(setup->deployment.tp, 8);
        QCOMPARE(setup->deployment.pageSize, 64);
        QVERIFY(!setup->deployment.dpAttention);
        filter.clear("server.tp_size");
        QVERIFY(!configuredSetup(*sglang, b200->checkpoint, filter));
        QVERIFY(!configuredSetup(*sglang, "No such checkpoint", filter));
    }

    // A backend that fixes the page size (server_args forces FlashMLA's 64)
    // deploys it where nothing names one: an implication of the profile sets
    // it, and the window's setup and `katlas definitions` without --page-size
    // take it; a page size a filter or --page-size names stays.
    void aBackendFixesThePageSizeNothingNames()
    {
        ProfileError perr;
        const std::optional<Profile> sglang = loadBuiltinProfile(QStringLiteral("sglang"), &perr);
        QVERIFY2(sglang, qPrintable(perr.toString()));
        std::string error;
        const DimensionFilter flashmla = *DimensionFilter::parse(
            "attention_backend=flashmla stage=decode server.tp_size=8 server.enable_dp_attention=false", &error);
        const std::optional<ConfiguredSetup> setup = configuredSetup(*sglang, "DeepSeek-V3", flashmla);
        QVERIFY(setup);
        QCOMPARE(setup->deployment.pageSize, 64);
        const DimensionFilter named = *DimensionFilter::parse(
            "attention_backend=flashinfer stage=decode server.tp_size=8 server.enable_dp_attention=false server.page_size=32", &error);
        QCOMPARE(configuredSetup(*sglang, "DeepSeek-V3", named)->deployment.pageSize, 32);

        const DefinitionRules rules = readDefinitionRules(definitionsProfile(*sglang), &error);
        QVERIFY2(error.empty(), error.c_str());
        const DimensionFilter effective = effectiveFilter(flashmla, *sglang);
        QCOMPARE(deployedPageSize(Deployment{8, 1, 0, false}, effective, rules).pageSize, 64);
        QCOMPARE(deployedPageSize(Deployment{8, 1, 16, false}, effective, rules).pageSize, 16); // --page-size 16
        const DimensionFilter fa3 = *DimensionFilter::parse("attention_backend=fa3 stage=decode", &error);
        QCOMPARE(deployedPageSize(Deployment{8, 1, 0, false}, effectiveFilter(fa3, *sglang), rules).pageSize, 1);
    }

    // MLA's family needs one latent KV head: an MHA RadixAttention (as many
    // KV heads as query heads) is not described by it.
    void familyNeedsItsWhenShapes()
    {
        QFile f(QStringLiteral(KATLAS_SOURCE_DIR "/resources/profiles/sglang.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        std::string error;
        const DefinitionRules rules = readDefinitionRules(f.readAll(), &error);
        const auto mla = std::find_if(rules.families.begin(), rules.families.end(),
                                      [](const DefinitionFamily &x) { return x.opType == "mla_paged"; });
        QVERIFY(mla != rules.families.end());
        ModuleInstance attention{"RadixAttention", "Attention", "self.attn_mqa",
                                 {{"num_heads", ShapeValue::number(16)}, {"head_dim", ShapeValue::number(576)},
                                  {"v_head_dim", ShapeValue::number(512)}, {"num_kv_heads", ShapeValue::number(1)}}};
        QVERIFY(familyFits(*mla, attention));
        DefinitionContext context{"decode", "deepseek_v3", "", {{"page_size", 64}}};
        QCOMPARE(instantiateDefinition(*mla, attention, context).name, std::string("mla_paged_decode_h16_ckv512_kpe64_ps64"));
        attention.shapes["num_kv_heads"] = ShapeValue::number(16);
        QVERIFY(!familyFits(*mla, attention));
        attention.shapes["num_kv_heads"] = ShapeValue::symbol("n");
        QVERIFY(!familyFits(*mla, attention));
        attention.cls = "RMSNorm";
        attention.shapes["num_kv_heads"] = ShapeValue::number(1);
        QVERIFY(!familyFits(*mla, attention));
    }

    // A trace template read from its source as flashinfer writes them: the
    // literal fields (a dict bound to a module-level name followed:
    // `axes=dict(_demo_norm_axes)`, `**_demo_norm_weights`), Var/Const axes with their abbreviations,
    // Tensor/Scalar descriptors, and the reference with the helpers it lists;
    // a name bound to anything else is no template.
    void traceTemplatesReadFromSource()
    {
        const std::string source = readText(kTemplates + QStringLiteral("/demo_norm_templates.py"));
        const std::vector<TraceTemplate> templates = readTraceTemplates(source);
        QCOMPARE(templates.size(), size_t(1));
        const TraceTemplate &t = templates.front();
        QCOMPARE(t.variable, std::string("demo_norm_trace"));
        QCOMPARE(t.opType, std::string("demo_norm"));
        QCOMPARE(t.description, std::string("A scaled RMSNorm. Epsilon is an input."));
        QCOMPARE(t.axes.size(), size_t(4));
        QVERIFY(!t.axes[0].constant && t.axes[0].description == "Tokens.");
        QCOMPARE(t.axis("hidden_size")->abbrev, std::optional<std::string>("h"));
        QCOMPARE(t.axis("groups")->abbrev, std::optional<std::string>(""));
        QCOMPARE(t.axis("block")->value, std::optional<std::int64_t>(16));
        QCOMPARE(t.inputs.size(), size_t(4)); // `**_demo_norm_weights` brings in weight, in its place
        QCOMPARE(t.inputs[1].name, std::string("weight"));
        QCOMPARE(t.inputs[0].param, std::string("input"));
        QCOMPARE(t.inputs[0].shape, (std::vector<std::string>{"batch_size", "hidden_size"}));
        QVERIFY(t.inputs[2].scalar && t.inputs[2].optional && t.inputs[2].dtype == "float32");
        QCOMPARE(t.outputs.front().dtypeFrom, std::string("input"));
        QCOMPARE(t.tags, (std::vector<std::string>{"status:verified", "fused"}));
        QCOMPARE(t.constraints, std::vector<std::string>{"hidden_size % groups == 0"});
        QCOMPARE(t.referenceFunction, std::string("_demo_norm_reference"));
        const size_t helper = t.reference.find("def _scaled("), reference = t.reference.find("@torch.no_grad()\ndef _demo_norm_reference(");
        QVERIFY2(helper != std::string::npos && reference != std::string::npos && helper < reference, t.reference.c_str());
        // The name: the prefix, then each const axis's abbreviation (none for
        // abbrev "", the axis name where none is given) and value.
        QCOMPARE(t.definitionName({{"hidden_size", 7168}, {"groups", 4}, {"block", 16}}), std::string("demo_norm_h7168_block16"));

        const std::map<int, std::string> traces = tracesOfFunctions(readText(kTemplates + QStringLiteral("/demo_api.py")));
        QCOMPARE(traces.at(8), std::string("demo_norm_trace")); // the decorator's line
        QCOMPARE(traces.at(9), std::string("demo_norm_trace")); // the method's `def`
        QCOMPARE(traces.at(14), std::string("demo_norm_dispatch")); // no TraceTemplate: no template found
        QVERIFY(!traces.count(18) && !traces.count(19)); // no trace= at all
        // A method that only hands its call on to a traced one of its class
        // (a deprecated `forward` keeping an argument in `self._eps`, then
        // returning `self.run(...)`) runs that API.
        const QStringList apiLines = QString::fromStdString(readText(kTemplates + QStringLiteral("/demo_api.py"))).split(QLatin1Char('\n'));
        const auto lineOf = [&](const QString &start) { return int(apiLines.indexOf(start)) + 1; };
        QCOMPARE(traces.at(lineOf(QStringLiteral("    def forward(self, input, weight, eps=None):"))), std::string("demo_norm_trace"));
        QVERIFY(!traces.count(lineOf(QStringLiteral("    def twice(self, input, weight):")))); // does more than hand on
        QVERIFY(!traces.count(lineOf(QStringLiteral("    def checked(self, input, weight):"))));
    }

    // Templates a factory builds (`x = _make_trace(shared_experts=False)`)
    // are read with the factory's parameters bound to the call's literal
    // arguments or their defaults: its conditional expressions, the locals
    // it fills before the return and the dicts it splats follow them.
    void templatesBuiltByFactories()
    {
        const std::vector<TraceTemplate> templates = readTraceTemplates(readText(kTemplates + QStringLiteral("/demo_moe_templates.py")));
        std::map<std::string, const TraceTemplate *> by;
        for (const TraceTemplate &t : templates)
            by[t.variable] = &t;
        QCOMPARE(templates.size(), size_t(3));
        const auto axisNames = [](const TraceTemplate &t) {
            std::vector<std::string> out;
            for (const TemplateAxis &a : t.axes)
                out.push_back(a.name);
            return out;
        };
        const TraceTemplate &routed = *by.at("demo_moe_routed_trace");
        QCOMPARE(routed.namePrefix, std::optional<std::string>("demo_moe_routed"));
        QCOMPARE(routed.description, std::string("A routed MoE."));
        QCOMPARE(axisNames(routed), (std::vector<std::string>{"seq_len", "hidden_size", "num_local_experts"}));
        QCOMPARE(routed.inputs.at(1).shape, (std::vector<std::string>{"num_local_experts", "hidden_size"}));
        QCOMPARE(routed.referenceFunction, std::string("_demo_moe_reference"));
        QVERIFY(routed.reference.find("def _demo_moe_reference(") != std::string::npos);
        QCOMPARE(routed.definitionName({{"hidden_size", 7168}, {"num_local_experts", 32}}), std::string("demo_moe_routed_h7168_e32"));
        const TraceTemplate &shared = *by.at("demo_moe_shared_trace");
        QCOMPARE(shared.description, std::string("A routed MoE. Shared experts too."));
        QCOMPARE(axisNames(shared), (std::vector<std::string>{"num_shared", "num_weight_rows", "seq_len", "hidden_size"}));
        QCOMPARE(shared.inputs.at(1).shape, (std::vector<std::string>{"num_weight_rows", "hidden_size"}));
        QCOMPARE(shared.definitionName({{"num_shared", 1}, {"num_weight_rows", 33}, {"hidden_size", 7168}}),
                 std::string("demo_moe_shared_s1_e33_h7168"));
        // Positional arguments, and a default the call leaves.
        const TraceTemplate &softmax = *by.at("demo_moe_softmax_trace");
        QCOMPARE(softmax.namePrefix, std::optional<std::string>("demo_moe_softmax"));
        QCOMPARE(softmax.description, std::string("Softmax routing."));
        QCOMPARE(softmax.tags, std::vector<std::string>{"status:verified"});
        QCOMPARE(softmax.referenceFunction, std::string("_demo_moe_reference"));
        // A function naming templates, directly or through a module-level
        // dict of them, is a dispatch that may pick any of those; the
        // factories name none.
        const TemplateModule module = readTemplateModule(readText(kTemplates + QStringLiteral("/demo_moe_templates.py")));
        QCOMPARE(module.dispatches.size(), size_t(1));
        const std::vector<std::string> &picks = module.dispatches.at("demo_moe_dispatch");
        QCOMPARE(std::set<std::string>(picks.begin(), picks.end()),
                 (std::set<std::string>{"demo_moe_shared_trace", "demo_moe_softmax_trace", "demo_moe_routed_trace"}));
    }

    // A kernel with a template is written the template's way, the family
    // giving the const axes' values and the dtypes the template leaves to the
    // call; an axis nothing gives a value is said, not guessed.
    void templatedDefinitionsFollowTheSchema()
    {
        const TraceTemplate t = readTraceTemplates(readText(kTemplates + QStringLiteral("/demo_norm_templates.py"))).front();
        DefinitionFamily family;
        family.fromTemplate = true;
        family.axes = {{"hidden_size", "hidden_size"}, {"groups", "4"}, {"hidden_div_block", "hidden_size // 16"}};
        family.inputs = QJsonObject{{"hidden_states", QJsonObject{{"dtype", "bfloat16"}}}, {"weight", QJsonObject{{"dtype", "bfloat16"}}}};
        const ModuleInstance norm{"RMSNorm", "Layer", "self.norm", {{"hidden_size", ShapeValue::number(7168)}}};
        const DefinitionContext context{"decode", "deepmini", "", {}};
        const KernelDefinition d = instantiateTemplate(t, "demo.api.DemoNormWrapper.run", family, norm, context);
        QVERIFY2(d.error.empty(), d.error.c_str());
        QCOMPARE(d.name, std::string("demo_norm_h7168_block16"));
        QCOMPARE(d.opType, std::string("demo_norm"));
        QVERIFY2(schemaViolation(d.json).isEmpty(), qPrintable(schemaViolation(d.json)));
        const QJsonObject outputs = d.json.value(QLatin1String("outputs")).toObject();
        QCOMPARE(outputs.value(QLatin1String("output")).toObject().value(QLatin1String("dtype")).toString(), QStringLiteral("bfloat16"));
        const QJsonObject axes = d.json.value(QLatin1String("axes")).toObject();
        QCOMPARE(axes.value(QLatin1String("hidden_div_block")).toObject().value(QLatin1String("value")).toInt(), 448);
        QCOMPARE(axes.value(QLatin1String("block")).toObject().value(QLatin1String("value")).toInt(), 16);
        const QJsonArray tags = d.json.value(QLatin1String("tags")).toArray();
        for (const char *tag : {"fi_api:demo.api.DemoNormWrapper.run", "stage:decode", "model:deepmini", "status:verified", "fused"})
            QVERIFY2(tags.contains(QLatin1String(tag)), tag);
        QVERIFY(!tags.contains(QLatin1String("status:unverified")));
        QVERIFY(d.json.value(QLatin1String("reference")).toString().contains(
            QStringLiteral("def run(*args, **kwargs):\n    return _demo_norm_reference(*args, **kwargs)")));

        // Named by a family for a kernel that is not the template's API (it
        // computes the same): no fi_api tag, and not verified.
        const QJsonArray borrowed = instantiateTemplate(t, "", family, norm, context).json.value(QLatin1String("tags")).toArray();
        QVERIFY(borrowed.contains(QLatin1String("status:unverified")) && !borrowed.contains(QLatin1String("status:verified")));
        QVERIFY(std::none_of(borrowed.begin(), borrowed.end(), [](const QJsonValue &v) { return v.toString().startsWith("fi_api:"); }));

        family.axes.erase("groups");
        QCOMPARE(instantiateTemplate(t, "demo.api.DemoNormWrapper.run", family, norm, context).error,
                 std::string("axis groups of template demo_norm_trace has no value in the family"));
        family.axes["groups"] = "4";
        family.inputs.remove(QStringLiteral("hidden_states")); // weight's dtype would follow it (a shared axis)
        QCOMPARE(instantiateTemplate(t, "demo.api.DemoNormWrapper.run", family, norm, context).error,
                 std::string("the dtype of hidden_states of template demo_norm_trace is not known (the family names none)"));
    }

    // The demo model under TP 8, unquantized decode: names and const axes
    // follow from deepmini.py's constructor calls and the config.json.
    void demoDefinitionsUnderTp8()
    {
        QTemporaryDir dir;
        const DemoUnderTp8 demo(dir);
        QVERIFY2(demo.error.empty(), demo.error.c_str());
        QVERIFY(demo.report.graph.error.empty());
        const ModelDefinitions defs = demo.definitions(demo.report);
        std::map<std::string, QString> got;
        for (const KernelDefinition &k : defs.definitions) {
            got[k.name] = constAxes(k.json);
            QVERIFY2(schemaViolation(k.json).isEmpty(), qPrintable(schemaViolation(k.json)));
        }
        QCOMPARE(got["rmsnorm_h7168"], QStringLiteral("hidden_size=7168"));
        QCOMPARE(got["rmsnorm_h1536"], QStringLiteral("hidden_size=1536"));
        QCOMPARE(got["rmsnorm_h512"], QStringLiteral("hidden_size=512"));
        QCOMPARE(got["fused_add_rmsnorm_h7168"], QStringLiteral("hidden_size=7168"));
        QCOMPARE(got["gemm_n384_k1536"], QStringLiteral("K=1536 N=384"));  // q_b_proj: 3072 / 8 per GPU
        QCOMPARE(got["gemm_n7168_k256"], QStringLiteral("K=256 N=7168"));  // o_proj: 2048 / 8 per GPU
        QCOMPARE(got["gemm_n1536_k7168"], QStringLiteral("K=7168 N=1536")); // q_a_proj: replicated
        // The router's torch GEMM (`torch.nn.functional.linear` in MoEGate,
        // a compute call of the profile): no kernel does it, yet it is GPU
        // work; the op is in the graph only when asked for with the report.
        QCOMPARE(got["gemm_n256_k7168"], QStringLiteral("K=7168 N=256"));
        const auto hasOp = [](const TraceReport &r, const std::string &name) {
            return std::any_of(r.leafOps.begin(), r.leafOps.end(), [&](const LeafOp &op) { return op.name == name; });
        };
        QVERIFY(hasOp(demo.report, "torch.nn.functional.linear"));
        const TraceReport plain = buildTraceReport(*demo.session, "deepmini", demo.report.filter);
        QVERIFY(!hasOp(plain, "torch.nn.functional.linear"));
        QVERIFY(demo.definitions(plain).definitions.size() < defs.definitions.size());
        const KernelDefinition &fused = *std::find_if(defs.definitions.begin(), defs.definitions.end(),
                                                      [](const KernelDefinition &k) { return k.name == "fused_add_rmsnorm_h7168"; });
        const QJsonArray tags = fused.json.value(QLatin1String("tags")).toArray();
        QVERIFY(tags.contains(QStringLiteral("stage:decode")));
        QVERIFY(tags.contains(QStringLiteral("model:deepmini")));
        QVERIFY(tags.contains(QStringLiteral("status:unverified")));
        QVERIFY(tags.contains(QStringLiteral("fused")));
        QCOMPARE(fused.json.value(QLatin1String("op_type")).toString(), QStringLiteral("fused_add_rmsnorm"));
        QCOMPARE(fused.json.value(QLatin1String("inputs")).toObject().value(QLatin1String("residual")).toObject()
                     .value(QLatin1String("dtype")).toString(), QStringLiteral("bfloat16"));
    }

    // An op that is no module of its caller (a call expression, a method of
    // a module) takes its shapes from the nearest module its paths go
    // through: named otherwise, the q_a_proj GEMM keeps its definition.
    void opsNamedOtherwiseFindTheirModuleOnTheirPaths()
    {
        QTemporaryDir dir;
        const DemoUnderTp8 demo(dir);
        const TraceReport &report = demo.report;
        const auto definitionsOf = [&](const TraceReport &r) {
            std::set<std::string> names;
            for (const DefinitionUse &u : demo.definitions(r).uses)
                if (u.op.find("q_a_proj") != std::string::npos || u.op.find("helper") != std::string::npos)
                    names.insert(u.definition.empty() ? "(none: " + u.note + ")" : u.definition);
            return names;
        };
        QCOMPARE(definitionsOf(report), std::set<std::string>{"gemm_n1536_k7168"});
        const auto renamed = [&](const std::string &name) {
            TraceReport r = report;
            for (LeafOp &op : r.leafOps)
                if (op.name == "self.q_a_proj")
                    op.name = name;
            return r;
        };
        QCOMPARE(definitionsOf(renamed("helper().project")), std::set<std::string>{"gemm_n1536_k7168"});
        QCOMPARE(definitionsOf(renamed("self.q_a_proj.forward_fast")), std::set<std::string>{"gemm_n1536_k7168"});
    }

    // A family that extends another describes a second kernel the same way,
    // and one that needs a setting describes the kernel only where the
    // configuration fixes it: the Triton grouped GEMM every quantization
    // launches is the FP8 MoE under quantization=fp8 and nothing otherwise.
    void aFamilyExtendsAnotherWhereTheConfigurationFitsIt()
    {
        QTemporaryDir dir;
        const DemoUnderTp8 demo(dir);
        QVERIFY2(demo.error.empty(), demo.error.c_str());
        const auto moeUses = [&](const std::string &filter) {
            std::string error;
            const TraceReport r = buildTraceReport(*demo.session, "deepmini", *DimensionFilter::parse(filter, &error), nullptr,
                                                   &demo.compute);
            std::map<std::string, std::string> out; // kernel's last name -> definition or note
            const ModelDefinitions defs = demo.definitions(r);
            for (const DefinitionUse &u : defs.uses)
                if (u.kernel.find("moe") != std::string::npos)
                    out[u.kernel.substr(u.kernel.rfind('.') + 1)] = u.definition.empty() ? u.note : u.definition;
            for (const KernelDefinition &k : defs.definitions)
                if (k.name.rfind("moe_", 0) == 0)
                    out["json:" + k.name] = constAxes(k.json).toStdString();
            return out;
        };
        const auto fp8 = moeUses("quantization=fp8 moe_runner_backend=triton stage=decode platform=cuda");
        QCOMPARE(fp8.at("fused_moe_kernel"), std::string("moe_fp8_e256_h7168"));
        QCOMPARE(fp8.at("json:moe_fp8_e256_h7168"), std::string("hidden_size=7168 num_local_experts=256"));
        const auto trtllm = moeUses("quantization=fp8 moe_runner_backend=flashinfer_trtllm stage=decode platform=cuda");
        QCOMPARE(trtllm.at("trtllm_fp8_block_scale_moe"), std::string("moe_fp8_e256_h7168"));
        const auto none = moeUses("quantization=none moe_runner_backend=triton stage=decode platform=cuda");
        QCOMPARE(none.at("fused_moe_kernel"), std::string("described only where the configuration sets quantization to fp8"));
        QVERIFY(!none.count("json:moe_fp8_e256_h7168"));
        const auto open = moeUses("moe_runner_backend=triton stage=decode platform=cuda");
        QCOMPARE(open.at("fused_moe_kernel"), std::string("described only where the configuration sets quantization to fp8"));
        std::string error;
        readDefinitionRules(R"({"definitions": {"families": [{"extends": "nothing", "kernel": "x", "axes": {"M": "var"}}]}})",
                            &error);
        QCOMPARE(error, std::string("definitions.families[0].extends: must be the name of an earlier family"));
    }

    // A family naming an argument describes only the calls passing one its
    // pattern finds: the router's F.linear passes self.weight, no self.bias.
    void aFamilyNamingAnArgumentFitsOnlyCallsPassingIt()
    {
        QTemporaryDir dir;
        const DemoUnderTp8 demo(dir);
        QVERIFY2(demo.error.empty(), demo.error.c_str());
        const auto router = [&](const std::string &argument) {
            DefinitionRules rules = demo.rules;
            const auto gate = std::find_if(rules.families.begin(), rules.families.end(),
                                           [](const DefinitionFamily &f) { return f.modulePattern == "^MoEGate$"; });
            DefinitionFamily first = *gate;
            first.name = "router_{N}";
            first.argumentPattern = argument;
            first.argument = std::regex(argument);
            rules.families.insert(rules.families.begin(), first);
            std::set<std::string> out;
            for (const DefinitionUse &u : demo.definitions(demo.report, &rules).uses)
                if (u.module.empty() && u.opClass == "MoEGate")
                    out.insert(u.definition);
            return out;
        };
        QCOMPARE(router("self\\.weight$"), std::set<std::string>{"router_256"});
        QCOMPARE(router("self\\.bias$"), std::set<std::string>{"gemm_n256_k7168"});
    }

    // The demo's LogitsProcessor is handed the model's LM head and multiplies
    // by its weight (`torch.matmul(x, lm_head.weight.T)`): the GEMM is the LM
    // head's, over this GPU's share of the vocabulary (32000 / 8).
    void aComputeCallOnAHandedModulesTensorIsThatModules()
    {
        QTemporaryDir dir;
        const DemoUnderTp8 demo(dir);
        QVERIFY2(demo.error.empty(), demo.error.c_str());
        std::vector<DefinitionUse> logits;
        for (const DefinitionUse &u : demo.definitions(demo.report).uses)
            if (u.op == "self.logits_processor")
                logits.push_back(u);
        QCOMPARE(logits.size(), size_t(1));
        QCOMPARE(logits[0].kernel, std::string("torch.matmul"));
        QCOMPARE(logits[0].module, std::string("ParallelLMHead"));
        QCOMPARE(logits[0].definition, std::string("gemm_n4000_k7168"));
    }

    // Every file the command writes is a valid Definition, in <op_type>/<name>.json.
    void writtenFilesFollowTheSchema()
    {
        const QString out = m_cache.filePath(QStringLiteral("defs"));
        const CliRun r = runKatlas({"definitions", "--hf-config", kConfig, "--tp", "8", "--filter",
                              "quantization=none stage=decode platform=cuda", "-o", out}, m_cache.path());
        QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
        const QStringList files = jsonFiles(out);
        QVERIFY(files.contains(QStringLiteral("rmsnorm/rmsnorm_h7168.json")));
        QVERIFY(files.contains(QStringLiteral("gemm/gemm_n384_k1536.json")));
        for (const QString &f : files) {
            const QJsonObject d = readJson(out + QLatin1Char('/') + f);
            QVERIFY2(schemaViolation(d).isEmpty(), qPrintable(f + ": " + schemaViolation(d)));
            QCOMPARE(d.value(QLatin1String("op_type")).toString() + "/" + d.value(QLatin1String("name")).toString() + ".json", f);
        }
        QVERIFY2(r.out.contains(QStringLiteral("self.q_b_proj")), qPrintable(r.out));
    }

    void badInputsWriteNothing_data()
    {
        QTest::addColumn<QString>("config");
        QTest::addColumn<QString>("tp");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing config.json") << "/no/such/config.json" << "8" << "/no/such/config.json";
        QTest::newRow("malformed config.json") << "malformed" << "8" << "malformed.json:3: not JSON";
        QTest::newRow("another architecture") << "llama" << "8" << "llama.json: architectures: LlamaForCausalLM";
        QTest::newRow("--existing is no folder") << "" << "8 --existing /no/such/defs" << "--existing /no/such/defs";
        QTest::newRow("TP does not divide the heads") << "" << "3" << "deepmini-config.json: n_heads: 16 does not divide";
    }
    void badInputsWriteNothing()
    {
        QFETCH(QString, config);
        QFETCH(QString, tp);
        QFETCH(QString, message);
        QString path = config.isEmpty() ? kConfig : config;
        if (config == QLatin1String("malformed")) {
            path = m_cache.filePath(QStringLiteral("malformed.json"));
            test::writeFile(path, "{\n  \"hidden_size\": 7168,\n  \"n_heads\": ,\n}\n");
        } else if (config == QLatin1String("llama")) {
            path = m_cache.filePath(QStringLiteral("llama.json"));
            test::writeFile(path, R"({"architectures": ["LlamaForCausalLM"], "model_type": "llama", "n_heads": 32})");
        }
        const QString out = m_cache.filePath(QStringLiteral("bad-") + QString::fromLatin1(QTest::currentDataTag()).replace(' ', '-'));
        const CliRun r = runKatlas(QStringList{"definitions", "--hf-config", path, "--tp"} + tp.split(QLatin1Char(' '))
                                       + QStringList{"-o", out}, m_cache.path());
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(out));
    }

    // The op traces report gains a "Shapes and Definitions" table under a
    // model config (op, kernel, definition, const axes); without one it says
    // how to add it.
    void theOpTracesReportListsShapesAndDefinitions()
    {
        const QString with = m_cache.filePath(QStringLiteral("op-with.md"));
        const QString without = m_cache.filePath(QStringLiteral("op-without.md"));
        const QStringList common{"export", "--format", "op-traces-md", "--filter", "quantization=none stage=decode platform=cuda"};
        CliRun r = runKatlas(common + QStringList{"--hf-config", kConfig, "--tp", "8", "-o", with}, m_cache.path());
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = runKatlas(common + QStringList{"-o", without}, m_cache.path());
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QFile a(with), b(without);
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        const QString report = QString::fromUtf8(a.readAll());
        const QString section = report.section(QStringLiteral("## Shapes and Definitions"), 1).section(QStringLiteral("\n## "), 0, 0);
        QVERIFY(section.contains("TP 8"));
        QVERIFY(section.contains("| Op | Kernel | Definition | Const Axes |"));
        QVERIFY2(section.contains(QRegularExpression("\\| self\\.o_proj \\| [^|]+ \\| gemm_n7168_k256 \\| K=256, N=7168 \\|")), qPrintable(section));
        QVERIFY(QString::fromUtf8(b.readAll()).contains("No model config was given: `--hf-config FILE --tp N`"));
    }

    // Against an existing folder: the same definition is skipped; another
    // content under the same name is a conflict and left as it is.
    void existingFolderIsNeverOverwritten()
    {
        const QString first = m_cache.filePath(QStringLiteral("first"));
        const QStringList base = {"definitions", "--hf-config", kConfig, "--tp", "8", "--filter",
                                  "quantization=none stage=decode platform=cuda"};
        QCOMPARE(runKatlas(base + QStringList{"-o", first}, m_cache.path()).code, 0);
        const int count = static_cast<int>(jsonFiles(first).size());
        QVERIFY(count > 4);

        const QString second = m_cache.filePath(QStringLiteral("second"));
        CliRun r = runKatlas(base + QStringList{"--existing", first, "-o", second}, m_cache.path());
        QCOMPARE(r.code, 0);
        QVERIFY(jsonFiles(second).isEmpty());
        QCOMPARE(static_cast<int>(r.out.count(QStringLiteral("skipped"))), count);

        const QString changed = first + QStringLiteral("/rmsnorm/rmsnorm_h512.json");
        QJsonObject d = readJson(changed);
        d[QStringLiteral("description")] = QStringLiteral("edited by hand");
        test::writeFile(changed, QJsonDocument(d).toJson());
        const QString third = m_cache.filePath(QStringLiteral("third"));
        r = runKatlas(base + QStringList{"--existing", first, "-o", third}, m_cache.path());
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("conflict, not written: rmsnorm_h512")), qPrintable(r.out));
        QVERIFY(jsonFiles(third).isEmpty());
        QCOMPARE(readJson(changed).value(QLatin1String("description")).toString(), QStringLiteral("edited by hand"));
    }

    // Writing into a folder that exists adds the files beside what is there.
    void writesIntoAnExistingFolder()
    {
        QTemporaryDir dir;
        test::writeFile(dir.filePath("mine.txt"), "kept");
        KernelDefinition k;
        k.name = "rmsnorm_h8";
        k.opType = "rmsnorm";
        k.json = QJsonObject{{QStringLiteral("name"), QStringLiteral("rmsnorm_h8")}};
        const FolderWrite w = writeDefinitionFolder({k}, dir.path(), {});
        QVERIFY(w.error.empty());
        QVERIFY(QFileInfo::exists(dir.filePath("mine.txt")));
        QCOMPARE(readJson(dir.filePath("rmsnorm/rmsnorm_h8.json")).value(QLatin1String("name")).toString(), QStringLiteral("rmsnorm_h8"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).size(), 2);
    }

private:
    QTemporaryDir m_cache;
};

QTEST_GUILESS_MAIN(TestDefinitions)
#include "tst_definitions.moc"
