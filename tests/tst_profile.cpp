// Tests of profile loading: every field of a valid profile, and errors that
// name the line and key of a malformed one.
#include "profile/profile.h"
#include "trace/configuration.h"

#include <algorithm>

#include <QTest>

using namespace katlas;

class TestProfile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void demoProfileLoads()
    {
        ProfileError error;
        const auto p = loadProfile(QStringLiteral(KATLAS_SOURCE_DIR "/resources/demo/profile.json"), &error);
        QVERIFY2(p, qPrintable(error.toString()));
        QCOMPARE(p->name, std::string("demo"));
        QCOMPARE(p->repos.size(), size_t(2));
        QCOMPARE(p->repos[0].packageRoots, (std::vector<std::string>{"python", "kernel-lib/python"}));
        // Tests and docs are always excluded.
        QVERIFY(std::find(p->repos[0].exclude.begin(), p->repos[0].exclude.end(), "**/tests/**") != p->repos[0].exclude.end());
        QCOMPARE(p->kernels.size(), size_t(4));
        QCOMPARE(p->kernels[3].callPrefix, std::string("torch.ops."));
        QCOMPARE(p->kernels[3].nameDepth, 2);
        QVERIFY(p->launches.enabled);
        QCOMPARE(p->launches.callPrefixes, std::vector<std::string>{"torch.ops."});
        QCOMPARE(p->launches.decorators, std::vector<std::string>{"triton.jit"});
        QCOMPARE(p->launches.calls.size(), size_t(1));
        QVERIFY(p->launches.calls[0].search("_get_mla_module().decode"));
        QVERIFY(p->launches.helpers.empty());
        QCOMPARE(p->registries[1].kind, RegistryRule::Kind::Dict);
        QVERIFY(p->model("deepmini"));
        QCOMPARE(p->defaultModel, std::string("deepmini"));
        QVERIFY(p->dimension("quantization"));
        QCOMPARE(p->extraEntries.size(), size_t(2));
        QVERIFY(!p->sourceText.empty());
    }

    void launchesKeys()
    {
        ProfileError error;
        const auto p = parseProfile(QByteArrayLiteral("{\"profile\": 1, \"name\": \"x\", \"launches\": {\"call_prefixes\": [\"torch.ops.\"],"
                                                      " \"decorators\": [\"triton.jit\", \"cute.kernel\"], \"calls\": [\"_module\\\\(\\\\)\\\\.\\\\w+$\"],"
                                                      " \"helpers\": [\"^ext\\\\.get_\", \"workspace_size$\"]}}"),
                                    QStringLiteral("p.json"), &error);
        QVERIFY2(p, qPrintable(error.toString()));
        QVERIFY(p->launches.enabled);
        QCOMPARE(p->launches.decorators, (std::vector<std::string>{"triton.jit", "cute.kernel"}));
        QVERIFY(p->launches.calls[0].search("get_norm_module().rmsnorm"));
        QVERIFY(!p->launches.calls[0].search("get_norm_module"));
        QCOMPARE(p->launches.helpers.size(), size_t(2));
        QVERIFY(p->launches.helpers[0].search("ext.get_num_sms"));
        // Without the section every entry the kernel rules match is a kernel.
        const auto plain = parseProfile(QByteArrayLiteral("{\"profile\": 1, \"name\": \"x\"}"), QStringLiteral("p.json"), &error);
        QVERIFY(plain && !plain->launches.enabled);
    }

    void configurationsAndImplicationsLoad()
    {
        ProfileError error;
        const auto sglang = loadBuiltinProfile(QStringLiteral("sglang"), &error);
        QVERIFY2(sglang, qPrintable(error.toString()));
        for (const char *name : {"H200 FP8 decode", "B200 NVFP4 decode", "H100 BF16 prefill", "MI300 FP8 decode"})
            QVERIFY2(sglang->configuration(name), name);
        const Configuration *b200 = sglang->configuration("B200 NVFP4 decode");
        QCOMPARE(b200->assignment.at("attention_backend"), std::set<std::string>{"trtllm_mla"});
        QCOMPARE(b200->assignment.at("gpu_arch"), std::set<std::string>{"sm100"});
        QCOMPARE(b200->labelFor("zh_CN"), std::string("B200 NVFP4 解码"));
        QCOMPARE(b200->labelFor("en"), std::string("B200 NVFP4 decode"));
        // The deployment's own settings join the assignment as a filter names them.
        QCOMPARE(b200->assignment.at("server.tp_size"), std::set<std::string>{"8"});
        QVERIFY(!sglang->configuration("H200"));
        const auto aiter = std::find_if(sglang->implications.begin(), sglang->implications.end(),
                                        [](const Implication &i) { return i.when.count("attention_backend") && i.when.at("attention_backend").count("aiter"); });
        QVERIFY(aiter != sglang->implications.end());
        QCOMPARE(aiter->when.size(), size_t(1));
        QCOMPARE(aiter->then.at("platform"), std::set<std::string>{"hip"});
        QVERIFY(aiter->evidence.find("server_args.py:") != std::string::npos);
        // A consequence may be a setting of a settings rule's prefix.
        QVERIFY(std::any_of(sglang->implications.begin(), sglang->implications.end(), [](const Implication &i) {
            return i.then.count("server.disable_shared_experts_fusion") && i.then.at("server.disable_shared_experts_fusion").count("true");
        }));
        // Every implication says where the codebase says so.
        for (const Implication &i : sglang->implications)
            QVERIFY2(i.evidence.find(':') != std::string::npos, i.when.begin()->first.c_str());

        const auto demo = loadBuiltinProfile(QStringLiteral("demo"), &error);
        QVERIFY2(demo, qPrintable(error.toString()));
        QCOMPARE(demo->configurations.size(), size_t(2));
        QCOMPARE(demo->configurations[0].assignment.at("quantization"), std::set<std::string>{"fp8"});
        QCOMPARE(demo->implications.size(), size_t(2));
        QCOMPARE(demo->implications[1].then.at("quantization"), (std::set<std::string>{"none", "fp8", "nvfp4"}));
    }

    // Combinations sglang's server_args rejects or rewrites are implications
    // of the shipped profile: a filter naming one contradicts itself (the CLI
    // and the window say so), and a page size a backend forces is deployed.
    void serverChecksAreImplications()
    {
        ProfileError perr;
        const std::optional<Profile> sglang = loadBuiltinProfile(QStringLiteral("sglang"), &perr);
        QVERIFY2(sglang, qPrintable(perr.toString()));
        const auto conflictsOf = [&](const char *text) {
            std::string error;
            std::vector<std::string> conflicts;
            effectiveFilter(*DimensionFilter::parse(text, &error), *sglang, &conflicts);
            return conflicts;
        };
        const auto names = [](const std::vector<std::string> &conflicts, const char *what) {
            return std::any_of(conflicts.begin(), conflicts.end(), [&](const std::string &c) { return c.find(what) != std::string::npos; });
        };
        QVERIFY(names(conflictsOf("moe_runner_backend=flashinfer_cutlass quantization=fp8"), "quantization="));
        QVERIFY(conflictsOf("moe_runner_backend=flashinfer_cutlass quantization=modelopt_fp4").empty());
        QVERIFY(names(conflictsOf("attention_backend=fa4 stage=decode"), "stage=extend"));
        QVERIFY(conflictsOf("attention_backend=fa4 stage=extend").empty());
        QVERIFY(names(conflictsOf("attention_backend=fa3 kv_cache_dtype=fp8_e5m2"), "kv_cache_dtype="));
        QVERIFY(names(conflictsOf("attention_backend=flashmla server.page_size=1"), "server.page_size=64"));
        std::string error;
        const DimensionFilter cutlass = effectiveFilter(*DimensionFilter::parse("attention_backend=cutlass_mla", &error), *sglang);
        QCOMPARE(cutlass.allowed().at("server.page_size"), std::set<std::string>{"128"});
    }

    void builtinProfilesLoad()
    {
        ProfileError error;
        QVERIFY2(loadBuiltinProfile(QStringLiteral("demo"), &error), qPrintable(error.toString()));
        QVERIFY2(loadBuiltinProfile(QStringLiteral("sglang"), &error), qPrintable(error.toString()));
        QVERIFY(!loadBuiltinProfile(QStringLiteral("nonesuch"), &error));
        // Every name offered to the user loads.
        const QStringList names = builtinProfileNames();
        QVERIFY(names.contains(QStringLiteral("sglang")));
        QVERIFY(names.contains(QStringLiteral("demo")));
        for (const QString &name : names)
            QVERIFY2(loadBuiltinProfile(name, &error), qPrintable(name + ": " + error.toString()));
    }

    void errors_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("message");
        const QString head = QStringLiteral("{\n\"profile\": 1,\n\"name\": \"x\",\n");
        QTest::newRow("syntax") << head + QStringLiteral("\"repos\": [\n\n\n  {\"name\": \"a\",, }\n]}\n") << 7 << "" << "invalid JSON";
        QTest::newRow("wrong type") << head + QStringLiteral("\"repos\": [\n  {\"name\": \"a\",\n   \"include\": \"x/**\"}\n]}\n")
                                    << 6 << "repos[0].include" << "list of strings";
        QTest::newRow("bad regex") << head + QStringLiteral("\"dimension_rules\": [\n {\"guard\": \"a\", \"dimension\": \"d\", \"value\": \"v\"},\n"
                                                            " {\"guard\": \"b\", \"dimension\": \"d\", \"value\": \"v\"},\n"
                                                            " {\"guard\": \"(unclosed\", \"dimension\": \"d\", \"value\": \"v\"}\n]}\n")
                                   << 7 << "dimension_rules[2].guard" << "regular expression";
        QTest::newRow("two matchers") << head + QStringLiteral("\"kernels\": [\n {\"source\": \"s\", \"decorator\": \"a\", \"call_prefix\": \"b\"}\n]}\n")
                                      << 5 << "kernels[0]" << "exactly one";
        QTest::newRow("flag not a bool") << head + QStringLiteral("\"kernels\": [\n {\"source\": \"s\", \"decorator\": \"a\",\n  \"public_only\": \"no\"}\n]}\n")
                                         << 6 << "kernels[0].public_only" << "true or false";
        QTest::newRow("depth not a count") << head + QStringLiteral("\"kernels\": [\n {\"source\": \"s\", \"decorator\": \"a\",\n  \"name_depth\": 1.5}\n]}\n")
                                           << 6 << "kernels[0].name_depth" << "whole number";
        QTest::newRow("rule with two targets") << head + QStringLiteral("\"dimension_rules\": [\n {\"guard\": \"a\", \"symbol\": \"b\", \"dimension\": \"d\", \"value\": \"v\"}\n]}\n")
                                               << 5 << "dimension_rules[0]" << "exactly one of guard, function, symbol";
        QTest::newRow("dimension value not a number")
            << head + QStringLiteral("\"dimension_values\": [\n {\"call\": \"c\", \"dimension\": \"gpu_arch\",\n  \"values\": {\"sm90\": [9, \"0\"]}}\n]}\n")
            << 6 << "dimension_values[0].values.sm90" << "whole number or a list";
        QTest::newRow("registry without a dimension")
            << head + QStringLiteral("\"registries\": [\n {\"kind\": \"decorator\", \"name\": \"a\", \"lookup\": \"get\"},\n"
                                     " {\"kind\": \"decorator\", \"name\": \"b\"}\n]}\n")
            << 6 << "registries[1].dimension" << "required";
        QTest::newRow("missing name") << QStringLiteral("{\n\"profile\": 1\n}\n") << 1 << "name" << "required";
        QTest::newRow("launches not an object") << head + QStringLiteral("\"launches\": []\n}\n") << 4 << "launches" << "must be an object";
        QTest::newRow("launches unknown key") << head + QStringLiteral("\"launches\": {\n \"call\": []\n}}\n") << 5 << "launches.call" << "unknown key";
        QTest::newRow("launches bad regex") << head + QStringLiteral("\"launches\": {\n \"calls\": [\"a\",\n \"(b\"]\n}}\n")
                                            << 5 << "launches.calls[1]" << "regular expression";
        QTest::newRow("unknown key") << head + QStringLiteral("\"kernal\": []\n}\n") << 4 << "kernal" << "unknown key";
        QTest::newRow("unknown dimension group")
            << head + QStringLiteral("\"dimensions\": [\n {\"key\": \"platform\",\n  \"group\": \"gpu\"}\n]}\n") << 6 << "dimensions[0].group"
            << "is not one of hardware";
        const QString dims = head + QStringLiteral("\"dimensions\": [\n {\"key\": \"platform\", \"values\": [\"cuda\", \"hip\"]},\n"
                                                   " {\"key\": \"stage\"}\n],\n");
        QTest::newRow("config: unknown dimension")
            << dims + QStringLiteral("\"configurations\": [\n {\"name\": \"a\", \"assignment\": {\"platform\": \"cuda\"}},\n"
                                     " {\"name\": \"b\",\n  \"assignment\": {\"platfrom\": \"cuda\"}}\n]}\n")
            << 11 << "configurations[1].assignment.platfrom" << "not a dimension";
        QTest::newRow("config: unknown value")
            << dims + QStringLiteral("\"configurations\": [\n {\"name\": \"a\",\n  \"assignment\": {\"stage\": \"decode\",\n"
                                     "    \"platform\": [\"cuda\", \"rocm\"]}}\n]}\n")
            << 11 << "configurations[0].assignment.platform" << "unknown value 'rocm' (known: cuda, hip)";
        QTest::newRow("config: a setting without its prefix")
            << dims + QStringLiteral("\"configurations\": [\n {\"name\": \"a\", \"assignment\": {\"stage\": \"x\"},\n"
                                     "  \"settings\": {\"tp_size\": \"8\"}}\n]}\n")
            << 10 << "configurations[0].settings.tp_size" << "prefix.name";
        QTest::newRow("config: same name twice")
            << dims + QStringLiteral("\"configurations\": [\n {\"name\": \"a\", \"assignment\": {\"stage\": \"x\"}},\n"
                                     " {\"name\": \"a\", \"assignment\": {\"stage\": \"y\"}}\n]}\n")
            << 10 << "configurations[1].name" << "no other configuration";
        QTest::newRow("implication: a premise concluded")
            << dims + QStringLiteral("\"implications\": [\n {\"if\": {\"platform\": \"hip\", \"stage\": \"decode\"},\n"
                                     "  \"then\": {\"stage\": \"extend\"}}\n]}\n")
            << 10 << "implications[0].then.stage" << "a dimension of \"if\"";
        QTest::newRow("implication: unknown value")
            << dims + QStringLiteral("\"implications\": [\n {\"if\": {\"stage\": \"decode\"},\n"
                                     "  \"then\": {\"platform\": \"npu\"}}\n]}\n")
            << 10 << "implications[0].then.platform" << "unknown value 'npu'";
        QTest::newRow("implication: a consequence of no known prefix")
            << dims + QStringLiteral("\"implications\": [\n {\"if\": {\"stage\": \"decode\"},\n"
                                     "  \"then\": {\"servr.x\": \"true\"}}\n]}\n")
            << 10 << "implications[0].then.servr.x" << "not a dimension";
        QTest::newRow("entry: runs in an unknown value")
            << dims + QStringLiteral("\"extra_entries\": [\n {\"name\": \"a\", \"function\": \"m.f\",\n"
                                     "  \"runs_in\": {\"platform\": \"npu\"}}\n]}\n")
            << 10 << "extra_entries[0].runs_in.platform" << "unknown value 'npu'";
    }
    void errors()
    {
        QFETCH(QString, json);
        QFETCH(int, line);
        QFETCH(QString, key);
        QFETCH(QString, message);
        ProfileError error;
        QVERIFY(!parseProfile(json.toUtf8(), QStringLiteral("p.json"), &error));
        QCOMPARE(error.file, QStringLiteral("p.json"));
        QCOMPARE(error.key, key);
        QVERIFY2(error.message.contains(message), qPrintable(error.message));
        QCOMPARE(error.line, line);
        QVERIFY(error.toString().startsWith(QStringLiteral("p.json:%1:").arg(line)));
    }
};

QTEST_GUILESS_MAIN(TestProfile)
#include "tst_profile.moc"
