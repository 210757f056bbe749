// Tests of the op-shape evaluator: Python integer expressions over an HF
// config, the demo model's constructor calls, and the profile's per-GPU
// division rules under a deployment.
#include "profile/builtin_resources.h"
#include "shapes/constructor_calls.h"
#include "shapes/module_shape.h"

#include <QFile>
#include <QJsonDocument>
#include <QTest>

using namespace katlas;

namespace {

QJsonObject demoConfig()
{
    return QJsonDocument::fromJson(R"({"hidden_size": 7168, "q_lora_rank": 1536, "kv_lora_rank": 512,
        "qk_dim": 3072, "kv_dim": 4096, "v_dim": 2048, "n_heads": 16, "head_dim": 192,
        "intermediate_size": 18432, "moe_size": 2048, "n_experts": 256, "model_type": "deepmini"})")
        .object();
}

QByteArray builtin(const QString &path)
{
    ensureBuiltinResources();
    QFile f(QStringLiteral(":/katlas/") + path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

const ConstructorCall *findBuild(const std::vector<ConstructorCall> &calls, const std::string &owner, const std::string &target)
{
    for (const ConstructorCall &c : calls)
        if (c.ownerClass == owner && c.target == target)
            return &c;
    return nullptr;
}

ModuleShapeRule ruleFor(const std::vector<ModuleShapeRule> &rules, const std::string &cls)
{
    for (const ModuleShapeRule &r : rules)
        if (r.cls == cls)
            return r;
    return {};
}

} // namespace

class TestShapes : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void expressions_data()
    {
        QTest::addColumn<QString>("expression");
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("known");
        QTest::newRow("config key") << "config.hidden_size" << "7168" << true;
        QTest::newRow("sum") << "config.q_lora_rank + config.kv_lora_rank" << "2048" << true;
        QTest::newRow("floor division by tp") << "config.n_heads // tp_size" << "2" << true;
        QTest::newRow("getattr present") << "getattr(config, \"kv_lora_rank\", 1)" << "512" << true;
        QTest::newRow("getattr default") << "getattr(config, \"n_group\", 1) * 8" << "8" << true;
        QTest::newRow("module attribute") << "self.num_heads * config.head_dim" << "3072" << true;
        QTest::newRow("negative floor") << "-7 // 2" << "-4" << true;
        QTest::newRow("inexact true division") << "7 / 2" << "7 / 2" << false;
        QTest::newRow("unknown name stays symbolic") << "2 * (intermediate + 1)" << "2 * (intermediate + 1)" << false;
        QTest::newRow("unknown call") << "foo(config.hidden_size)" << "foo(7168)" << false;
        QTest::newRow("string key is not a number") << "config.model_type" << "config.model_type" << false;
        QTest::newRow("not an expression") << "a +* b" << "a +* b" << false;
        QTest::newRow("conditional on a config key") << "(config.q_lora_rank if hasattr(config, \"q_lora_rank\") else None)" << "1536" << true;
        QTest::newRow("conditional on an absent key") << "config.n_group if hasattr(config, \"n_group\") else 1" << "1" << true;
        QTest::newRow("conditional not known") << "a if b else 2" << "a if b else 2" << false;
        QTest::newRow("call the deployment answers") << "self.num_heads // get_attention_tp_size()" << "2" << true;
    }
    void expressions()
    {
        QFETCH(QString, expression);
        QFETCH(QString, text);
        QFETCH(bool, known);
        ShapeEnvironment env{demoConfig(), {}};
        env.names["tp_size"] = ShapeValue::number(8);
        env.names["self.num_heads"] = ShapeValue::number(16);
        env.names["get_attention_tp_size()"] = ShapeValue::number(8);
        const ShapeValue v = evaluateShape(expression.toStdString(), env);
        QCOMPARE(QString::fromStdString(v.text), text);
        QCOMPARE(v.known(), known);
    }

    void demoModelShapesUnderTp()
    {
        const QByteArray source = builtin(QStringLiteral("demo/tinyserve/python/tinyserve/srt/models/deepmini.py"));
        QVERIFY(!source.isEmpty());
        const std::vector<ConstructorCall> calls = constructorCalls(source.toStdString());
        std::string error;
        const std::vector<ModuleShapeRule> rules = readModuleShapeRules(builtin(QStringLiteral("profiles/sglang.json")), &error);
        QVERIFY2(error.empty(), error.c_str());
        const ShapeEnvironment env{demoConfig(), {}};
        Deployment tp8;
        tp8.tp = 8;

        const ConstructorCall *qa = findBuild(calls, "DeepMiniAttention", "self.q_a_proj");
        QVERIFY(qa);
        QCOMPARE(qa->call.cls, std::string("ReplicatedLinear"));
        auto shapes = moduleShapes(qa->call, ruleFor(rules, "ReplicatedLinear"), env, tp8);
        QCOMPARE(shapes.at("input_size").text, std::string("7168"));
        QCOMPARE(shapes.at("output_size").text, std::string("1536")); // replicated: whole on every GPU

        const ConstructorCall *qb = findBuild(calls, "DeepMiniAttention", "self.q_b_proj");
        QVERIFY(qb);
        shapes = moduleShapes(qb->call, ruleFor(rules, "ColumnParallelLinear"), env, tp8);
        QCOMPARE(shapes.at("input_size").text, std::string("1536"));
        QCOMPARE(shapes.at("output_size").text, std::string("384")); // 3072 / 8

        const ConstructorCall *o = findBuild(calls, "DeepMiniAttention", "self.o_proj");
        QVERIFY(o);
        shapes = moduleShapes(o->call, ruleFor(rules, "RowParallelLinear"), env, tp8);
        QCOMPARE(shapes.at("input_size").text, std::string("256")); // 2048 / 8
        QCOMPARE(shapes.at("output_size").text, std::string("7168"));

        const ConstructorCall *norm = findBuild(calls, "DeepMiniAttention", "self.kv_a_layernorm");
        QVERIFY(norm);
        QCOMPARE(moduleShapes(norm->call, ruleFor(rules, "RMSNorm"), env, tp8).at("hidden_size").text, std::string("512"));

        // DeepMiniMLP's sizes are its parameters: without their values they stay symbolic.
        const ConstructorCall *gateUp = findBuild(calls, "DeepMiniMLP", "self.gate_up_proj");
        QVERIFY(gateUp);
        shapes = moduleShapes(gateUp->call, ruleFor(rules, "ColumnParallelLinear"), env, tp8);
        QCOMPARE(shapes.at("output_size").text, std::string("(2 * intermediate_size) / 8"));
        QVERIFY(!shapes.at("output_size").known());
        // ...and known once the caller's values are given.
        ShapeEnvironment withParams = env;
        withParams.names["intermediate_size"] = ShapeValue::number(18432);
        shapes = moduleShapes(gateUp->call, ruleFor(rules, "ColumnParallelLinear"), withParams, tp8);
        QCOMPARE(shapes.at("output_size").text, std::string("4608"));
    }

    void expertsDivideByEp()
    {
        std::string error;
        const auto rules = readModuleShapeRules(builtin(QStringLiteral("profiles/sglang.json")), &error);
        const ModuleCall moe{"FusedMoE", {"config.n_experts", "config.hidden_size", "config.moe_size", "layer_id"}, {}};
        const ShapeEnvironment env{demoConfig(), {}};
        Deployment d;
        d.tp = 8;
        d.ep = 8;
        auto shapes = moduleShapes(moe, ruleFor(rules, "FusedMoE"), env, d);
        QCOMPARE(shapes.at("num_experts").text, std::string("32"));
        QCOMPARE(shapes.at("intermediate_size").text, std::string("2048")); // TP / EP = 1
        d.ep = 1;
        shapes = moduleShapes(moe, ruleFor(rules, "FusedMoE"), env, d);
        QCOMPARE(shapes.at("num_experts").text, std::string("256"));
        QCOMPARE(shapes.at("intermediate_size").text, std::string("256"));
    }

    // A module built from what a function returns is kept without a class
    // (the call graph names it); a plain call assigned is no build.
    void classesAFunctionPicksAreBuildsToo()
    {
        const std::vector<ConstructorCall> calls = constructorCalls(
            "class Block:\n"
            "    def __init__(self, config, quant_config):\n"
            "        self.experts = get_moe_impl_class(quant_config)(num_experts=config.n_experts, top_k=8)\n"
            "        self.scale = compute_scale(config)\n"
            "        self.norm = RMSNorm(config.hidden_size)\n");
        const ConstructorCall *experts = findBuild(calls, "Block", "self.experts");
        QVERIFY(experts);
        QVERIFY(experts->call.cls.empty());
        QCOMPARE(experts->call.keywords.at("num_experts"), std::string("config.n_experts"));
        QCOMPARE(experts->line, 3);
        QVERIFY(!findBuild(calls, "Block", "self.scale"));
        QCOMPARE(findBuild(calls, "Block", "self.norm")->call.cls, std::string("RMSNorm"));
    }

    void attentionHeadsUnderDpAttention()
    {
        const ModuleShapeRule rule{"QKVParallelLinear", {"hidden_size", "head_size", "total_num_heads", "total_num_kv_heads"},
                                   {{"total_num_heads", "attention_tp"}}};
        const ModuleCall call{"QKVParallelLinear", {"4096", "128", "32", "8"}, {}};
        Deployment d;
        d.tp = 8;
        QCOMPARE(moduleShapes(call, rule, {}, d).at("total_num_heads").text, std::string("4"));
        d.dpAttention = true;
        QCOMPARE(moduleShapes(call, rule, {}, d).at("total_num_heads").text, std::string("32"));
    }

    // sglang's attention projections pass tp_size=attn_tp_size: under DP
    // attention that is 1, and the layer is whole on every GPU.
    void sizeKeywordOverridesTp()
    {
        std::string error;
        const auto rules = readModuleShapeRules(builtin(QStringLiteral("profiles/sglang.json")), &error);
        const ModuleCall qb{"ColumnParallelLinear", {"1536", "24576"}, {{"tp_size", "attn_tp_size"}}};
        ShapeEnvironment env{demoConfig(), {}};
        env.names["attn_tp_size"] = ShapeValue::number(1);
        Deployment d;
        d.tp = 8;
        QCOMPARE(moduleShapes(qb, ruleFor(rules, "ColumnParallelLinear"), env, d).at("output_size").text, std::string("24576"));
        env.names["attn_tp_size"] = ShapeValue::number(8);
        QCOMPARE(moduleShapes(qb, ruleFor(rules, "ColumnParallelLinear"), env, d).at("output_size").text, std::string("3072"));
        env.names.erase("attn_tp_size"); // not known: the deployment's TP
        QCOMPARE(moduleShapes(qb, ruleFor(rules, "ColumnParallelLinear"), env, d).at("output_size").text, std::string("3072"));
    }

    // MergedColumnParallelLinear's output sizes are a list: the layer's N is their total.
    void listOfSizesTotals()
    {
        std::string error;
        const auto rules = readModuleShapeRules(builtin(QStringLiteral("profiles/sglang.json")), &error);
        ShapeEnvironment env{demoConfig(), {}};
        env.names["intermediate_size"] = ShapeValue::number(18432);
        Deployment d;
        d.tp = 8;
        const ModuleCall repeated{"MergedColumnParallelLinear", {"config.hidden_size", "[intermediate_size] * 2"}, {}};
        QCOMPARE(moduleShapes(repeated, ruleFor(rules, "MergedColumnParallelLinear"), env, d).at("output_sizes").text,
                 std::string("4608"));
        const ModuleCall listed{"MergedColumnParallelLinear", {"config.hidden_size"}, {{"output_sizes", "[config.q_lora_rank, 512]"}}};
        QCOMPARE(moduleShapes(listed, ruleFor(rules, "MergedColumnParallelLinear"), env, d).at("output_sizes").text,
                 std::string("256"));
        const ModuleCall unknown{"MergedColumnParallelLinear", {"config.hidden_size", "[n] * 2"}, {}};
        QVERIFY(!moduleShapes(unknown, ruleFor(rules, "MergedColumnParallelLinear"), env, d).at("output_sizes").known());
    }

    void malformedRuleIsNamed()
    {
        std::string error;
        const auto rules = readModuleShapeRules(R"({"module_shapes": [{"class": "X", "divide_by": {"a": "pp"}}]})", &error);
        QVERIFY(rules.empty());
        QCOMPARE(error, std::string("module_shapes[0].divide_by.a: must be \"tp\", \"ep\", \"attention_tp\" or \"moe_tp\""));
    }
};

QTEST_GUILESS_MAIN(TestShapes)
#include "tst_shapes.moc"
