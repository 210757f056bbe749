// Tests of guards on a module's tensors decided by the model's sizes: the
// truth of guard text over known numbers and dtypes, which argument a call
// passes for a parameter, and, on a small indexed tree, a linear layer whose
// GEMM is chosen by `weight.shape[0] % 64` and `input.dtype`: under a
// checkpoint each module reaches only the kernel its sizes pick; and an
// attribute a module computes from them, under the deployment a filter names.
#include "demo_fixture.h"
#include "shapes/built_member.h"
#include "shapes/condition_truth.h"
#include "shapes/filter_deployments.h"
#include "shapes/source_calls.h"
#include "shapes/tensor_reshape.h"
#include "trace/default_checkpoint.h"
#include "trace/path_finder.h"

#include <QTemporaryDir>
#include <QTest>

using namespace katlas;

namespace {

// A linear layer whose block method picks its GEMM by the weight's shape and
// the input's dtype, two layers of different widths, and the kernels.
void writeTree(const QString &root)
{
    test::writeFile(root + "/mini/kern.py",
                    "def fast_gemm(a, b):\n    pass\n"
                    "def fallback_gemm(a, b):\n    pass\n"
                    "def tuple_gemm(a, b):\n    pass\n"
                    "def small_gemm(a, b):\n    pass\n"
                    "def wide_concat(x):\n    pass\n"
                    "def narrow_concat(x):\n    pass\n"
                    "def rope_kernel(x):\n    pass\n"
                    "def rope_fallback(x):\n    pass\n");
    // A rotary embedding built by a factory (through a cache and a second
    // factory), which takes its fallback kernel for head sizes it has no
    // kernel for, or off CUDA.
    test::writeFile(root + "/mini/rope.py",
                    "from mini.kern import rope_kernel, rope_fallback\n"
                    "\n"
                    "def is_cuda():\n"
                    "    return True\n"
                    "\n"
                    "_is_cuda = is_cuda()\n"
                    "_ROPES = {}\n"
                    "\n"
                    "class Rope:\n"
                    "    def __init__(self, head_size, base):\n"
                    "        self.head_size = head_size\n"
                    "        if not _is_cuda or self.head_size not in [64, 128]:\n"
                    "            self.use_fallback = True\n"
                    "        else:\n"
                    "            self.use_fallback = False\n"
                    "    def forward(self, x):\n"
                    "        if self.use_fallback:\n"
                    "            return rope_fallback(x)\n"
                    "        return rope_kernel(x)\n"
                    "    def __call__(self, x):\n"
                    "        return self.forward(x)\n"
                    "\n"
                    "class ScaledRope(Rope):\n"
                    "    def __init__(self, head_size, base, factor):\n"
                    "        super().__init__(head_size, base)\n"
                    "        self.factor = factor\n"
                    "\n"
                    "def get_rope(head_size, base, scaling=None):\n"
                    "    key = (head_size, base)\n"
                    "    if key in _ROPES:\n"
                    "        return _ROPES[key]\n"
                    "    if scaling is None:\n"
                    "        rope = Rope(head_size, base)\n"
                    "    else:\n"
                    "        rope = ScaledRope(head_size, base, scaling)\n"
                    "    _ROPES[key] = rope\n"
                    "    return rope\n"
                    "\n"
                    "def get_rope_wrapper(head_size, base, scaling=None):\n"
                    "    return get_rope(head_size, base, scaling)\n"
                    "\n"
                    "class TunedRope(Rope):\n"
                    "    def tune(self):\n"
                    "        self.use_fallback = True\n"
                    "\n"
                    "def get_tuned_rope(head_size, base):\n"
                    "    return TunedRope(head_size, base)\n");
    test::writeFile(root + "/mini/layers.py",
                    "import torch\n"
                    "from mini.kern import fast_gemm, fallback_gemm, tuple_gemm, small_gemm\n"
                    "\n"
                    "def block_linear(input, weight):\n"
                    "    input_2d = input.view(-1, input.shape[-1])\n"
                    "    shape_ok = weight.shape[0] % 64 == 0 and weight.shape[1] % 128 == 0\n"
                    "    if input_2d.shape[1] < 256:\n"
                    "        return small_gemm(input_2d, weight)\n"
                    "    if not (shape_ok and input.dtype == torch.bfloat16):\n"
                    "        return fallback_gemm(input, weight)\n"
                    "    return fast_gemm(input, weight)\n"
                    "\n"
                    "class BlockMethod:\n"
                    "    def apply(self, layer, x):\n"
                    "        if isinstance(x, tuple):\n"
                    "            return tuple_gemm(x[0], layer.weight)\n"
                    "        return self.linear(input=x, weight=layer.weight)\n"
                    "    def __init__(self):\n"
                    "        self.linear = block_linear\n"
                    "\n"
                    "def split_rows(x):\n"
                    "    return x.chunk(2)\n"
                    "\n"
                    "class Linear:\n"
                    "    def __init__(self, input_size, output_size, input_is_parallel=True):\n"
                    "        self.input_is_parallel = input_is_parallel\n"
                    "        self.quant_method = BlockMethod()\n"
                    "    def forward(self, x):\n"
                    "        if self.input_is_parallel:\n"
                    "            x_local = x\n"
                    "        else:\n"
                    "            x_local = split_rows(x)[0]\n"
                    "        return self.quant_method.apply(self, x_local)\n"
                    "    def __call__(self, x):\n"
                    "        return self.forward(x)\n");
    test::writeFile(root + "/mini/attention.py",
                    "from mini.kern import wide_concat, narrow_concat\n"
                    "\n"
                    "def get_attention_tp_size():\n"
                    "    return _ATTN_TP_SIZE\n"
                    "\n"
                    "class Attention:\n"
                    "    def __init__(self, num_heads):\n"
                    "        attn_tp_size = get_attention_tp_size()\n"
                    "        self.num_local_heads = num_heads // attn_tp_size\n"
                    "    def concat(self, x):\n"
                    "        if self.num_local_heads == 128:\n"
                    "            return wide_concat(x)\n"
                    "        return narrow_concat(x)\n"
                    "    def forward(self, x):\n"
                    "        return self.concat(x)\n"
                    "    def __call__(self, x):\n"
                    "        return self.forward(x)\n");
    test::writeFile(root + "/mini/model.py",
                    "from mini.layers import Linear\n"
                    "from mini.attention import Attention\n"
                    "from mini.rope import get_rope_wrapper, get_tuned_rope\n"
                    "\n"
                    "class Block:\n"
                    "    def __init__(self, config: PretrainedConfig):\n"
                    "        self.wide = Linear(config.hidden_size, config.wide_size)\n"
                    "        self.odd = Linear(config.hidden_size, config.odd_size)\n"
                    "        self.thin = Linear(config.thin_size, config.wide_size)\n"
                    "        self.split = Linear(config.hidden_size, config.wide_size, input_is_parallel=False)\n"
                    "        self.attn = Attention(config.num_heads)\n"
                    "        self.rope = get_rope_wrapper(config.head_dim, 10000)\n"
                    "        self.odd_rope = get_rope_wrapper(config.odd_head_dim, 10000, scaling=2)\n"
                    "        self.tuned_rope = get_tuned_rope(config.head_dim, 10000)\n"
                    "    def forward(self, x):\n"
                    "        a = self.wide(x)\n"
                    "        b = self.odd(x)\n"
                    "        c = self.thin(x)\n"
                    "        d = self.split(x)\n"
                    "        self.attn(x)\n"
                    "        self.rope(x)\n"
                    "        self.odd_rope(x)\n"
                    "        return a, b, c, d\n"
                    "\n"
                    "class MiniForCausalLM:\n"
                    "    def __init__(self, config: PretrainedConfig):\n"
                    "        self.block = Block(config)\n"
                    "    def forward(self, x):\n"
                    "        return self.block(x)\n");
}

// wide_size divides by 64 on every TP of a node; odd_size never does.
const QString kProfile = QStringLiteral(KATLAS_TEST_DATA "/shape_conditions/profile.json");

struct Mini {
    QTemporaryDir dir;
    std::unique_ptr<TraceSession> session;
    Mini()
    {
        writeTree(dir.filePath("tree"));
        ProfileError perr;
        std::optional<Profile> profile = loadProfile(kProfile, &perr);
        if (!profile)
            qFatal("profile: %s", qPrintable(perr.toString()));
        const QString db = dir.filePath("mini.katlas");
        const IndexReport r = runIndex({db, {{"mini", dir.filePath("tree")}}, *profile, true, 0});
        if (!r.ok)
            qFatal("index: %s", qPrintable(r.error));
        QString error;
        session = TraceSession::open(db, &error);
        if (!session)
            qFatal("open: %s", qPrintable(error));
    }
    // The kernels the module call `self.<module>` in Block.forward reaches.
    std::set<std::string> kernels(const std::string &module, const DimensionFilter &filter) const
    {
        const CallIndex &index = session->index();
        std::vector<std::int64_t> sites;
        for (const CallSite &s : index.graph().callSites)
            if (s.callee == "self." + module)
                sites.push_back(s.id);
        std::set<std::string> out;
        for (const KernelPath &p : findPaths(index, sites, filter).paths)
            out.insert(index.symbol(p.kernelId).name);
        return out;
    }
    DimensionFilter checkpointFilter() const
    {
        return withCheckpoint(DimensionFilter{}, session->profile(), "Mini");
    }
    // The checkpoint on `tp` GPUs, attention data-parallel or not.
    DimensionFilter deployedFilter(const std::string &tp, bool dpAttention) const
    {
        DimensionFilter f = checkpointFilter();
        f.set("server.tp_size", {tp});
        f.set("server.enable_dp_attention", {dpAttention ? "true" : "false"});
        return f;
    }
};

using Kernels = std::set<std::string>;

} // namespace

class TestShapeConditions : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void truthOfGuardText_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("expected"); // 1 true, 0 false, -1 unknown
        QTest::newRow("divides") << "w.shape[0] % 64 == 0" << 1;
        QTest::newRow("does not divide") << "w.shape[1] % 128 == 0" << 0;
        QTest::newRow("and of known") << "w.shape[0] % 64 == 0 and w.shape[1] % 128 == 0" << 0;
        QTest::newRow("dtype") << "(x.dtype) == torch.bfloat16" << 1;
        QTest::newRow("other dtype") << "x.dtype == torch.float16" << 0;
        QTest::newRow("unknown side") << "w.shape[0] % 64 == 0 and y.shape[0] > 2" << -1;
        QTest::newRow("false side decides an and") << "w.shape[1] % 128 == 0 and y.shape[0] > 2" << 0;
        QTest::newRow("true side decides an or") << "w.shape[0] == 4096 or y.shape[0] > 2" << 1;
        QTest::newRow("not") << "not (w.shape[0] % 64 == 0 and x.dtype == torch.bfloat16)" << 0;
        QTest::newRow("membership") << "w.shape[0] in [64, 4096]" << 1;
        QTest::newRow("ordering") << "w.shape[1] // 8 >= 125" << 1;
        QTest::newRow("python modulo of a negative") << "(0 - w.shape[1]) % 64 == 24" << 1;
        QTest::newRow("bitwise or") << "(w.shape[1] | 24) == 1016" << 1;
        QTest::newRow("not an expression") << "w.shape[0] %% 2" << -1;
    }
    void truthOfGuardText()
    {
        QFETCH(QString, text);
        QFETCH(int, expected);
        const ValueLookup lookup = [](const std::string &e) -> std::optional<KnownValue> {
            if (e == "w.shape[0]")
                return KnownValue::of(4096);
            if (e == "w.shape[1]")
                return KnownValue::of(1000);
            if (e == "x.dtype")
                return KnownValue::named("torch.bfloat16");
            return std::nullopt;
        };
        const std::optional<bool> truth = conditionTruth(text.toStdString(), lookup);
        QCOMPARE(truth ? int(*truth) : -1, expected);
    }

    void argumentsBindAsPythonBindsThem()
    {
        const SourceFunction method{"apply", {"self", "layer", "x", "bias"}, true};
        const SourceCall call{"self.quant_method.apply", {"self", "x"}, {{"bias", "b"}}, false};
        QCOMPARE(argumentFor(call, method, "layer", true).value_or("?"), std::string("self"));
        QCOMPARE(argumentFor(call, method, "x", true).value_or("?"), std::string("x"));
        QCOMPARE(argumentFor(call, method, "bias", true).value_or("?"), std::string("b"));
        QVERIFY(!argumentFor(call, method, "self", true)); // the receiver, not an argument
        const SourceFunction function{"f", {"input", "*", "weight"}, false};
        const SourceCall byPosition{"f", {"a", "b"}, {}, false};
        QCOMPARE(argumentFor(byPosition, function, "input", true).value_or("?"), std::string("a"));
        QVERIFY(!argumentFor(byPosition, function, "weight", true)); // keyword-only
    }

    // Under the checkpoint, the wide layer's weight divides: the fast GEMM
    // only; the odd one's does not: the fallback only; the thin one is handed
    // rows of 128 (its input size, read through `input.view(-1,
    // input.shape[-1])`): the small GEMM only. Without a checkpoint all stay,
    // as all may run. The input reaches the GEMM through a local the layer
    // sets under its `input_is_parallel` flag.
    void aWeightsShapeUnderTheCheckpointPicksTheGemm()
    {
        const Mini m;
        const Kernels all{"fast_gemm", "fallback_gemm", "small_gemm", "tuple_gemm"};
        QCOMPARE(m.kernels("wide", {}), all);
        QCOMPARE(m.kernels("odd", {}), all);
        QCOMPARE(m.kernels("thin", {}), all);
        const DimensionFilter checkpoint = m.checkpointFilter();
        QCOMPARE(checkpoint.allowed().at("model.wide_size"), std::set<std::string>{"4096"});
        // A tuple handed to the layer is not the weight's business: it stays.
        QCOMPARE(m.kernels("wide", checkpoint), (Kernels{"fast_gemm", "tuple_gemm"}));
        QCOMPARE(m.kernels("odd", checkpoint), (Kernels{"fallback_gemm", "tuple_gemm"}));
        QCOMPARE(m.kernels("thin", checkpoint), (Kernels{"small_gemm", "tuple_gemm"}));
        // The layer hands its input on as it is where its flag, as its
        // building call passes it, says so; one built to split it first
        // hands on a slice nothing tells the dtype of: all stay.
        QCOMPARE(m.kernels("split", checkpoint), all);
    }

    // 128 heads split over the attention TP: 128 local heads on one GPU, 16
    // on eight. A filter that does not name the deployment leaves both
    // kernels (every TP of a node is read, and they disagree); one that names
    // it picks one, whether the path enters the module from its owner
    // (`self.attn`) or starts inside it (`self.concat`).
    void anAttributeTheInitComputesIsReadUnderTheDeployment()
    {
        const Mini m;
        const Kernels both{"wide_concat", "narrow_concat"};
        QCOMPARE(m.kernels("attn", {}), both);
        QCOMPARE(m.kernels("attn", m.checkpointFilter()), both);
        QCOMPARE(m.kernels("attn", m.deployedFilter("8", false)), Kernels{"narrow_concat"});
        QCOMPARE(m.kernels("attn", m.deployedFilter("1", false)), Kernels{"wide_concat"});
        // Attention data-parallel: each replica runs attention with TP 1.
        QCOMPARE(m.kernels("attn", m.deployedFilter("8", true)), Kernels{"wide_concat"});
        QCOMPARE(m.kernels("concat", m.deployedFilter("8", false)), Kernels{"narrow_concat"});
        QCOMPARE(m.kernels("concat", m.checkpointFilter()), both);
    }

    // The objects a factory may build (through a second factory and a cache
    // lookup) all take the head size they are handed; each sets its flag
    // from it in its own or its base's `__init__`, under a platform test the
    // filter decides. A 64-wide head has a kernel on CUDA, a 96-wide one
    // does not; elsewhere both fall back; a filter that leaves the platform
    // open leaves both kernels.
    void aFlagAnObjectAFactoryBuildsSetsFromWhatItIsHanded()
    {
        const Mini m;
        const Kernels both{"rope_kernel", "rope_fallback"};
        QCOMPARE(m.kernels("rope", {}), both);
        DimensionFilter cuda = m.checkpointFilter();
        cuda.set("platform", {"cuda"});
        QCOMPARE(m.kernels("rope", cuda), Kernels{"rope_kernel"});
        QCOMPARE(m.kernels("odd_rope", cuda), Kernels{"rope_fallback"});
        DimensionFilter hip = m.checkpointFilter();
        hip.set("platform", {"hip"});
        QCOMPARE(m.kernels("rope", hip), Kernels{"rope_fallback"});
        QCOMPARE(m.kernels("rope", m.checkpointFilter()), both);

        // What the factory's objects hold, asked directly: a class whose
        // other method sets the flag again leaves it unknown.
        const CallIndex &index = m.session->index();
        const SourceCalls calls(index);
        const BuiltMembers built(index, calls, m.session->profile().dimensionRules);
        const DimensionFilter checkpoint = m.checkpointFilter();
        QJsonObject config;
        for (const auto &[name, values] : checkpoint.allowed())
            if (name.rfind("model.", 0) == 0)
                config.insert(QString::fromStdString(name.substr(6)), QString::fromStdString(*values.begin()).toLongLong());
        ModelShapes shapes(index, {}, config, Deployment{}, {}, {});
        const std::optional<KnownValue> plain = built.value(shapes, cuda.allowed(), "Block", "self.rope", "use_fallback");
        QVERIFY(plain && plain->truth == false);
        QVERIFY(!built.value(shapes, cuda.allowed(), "Block", "self.tuned_rope", "use_fallback"));
    }

    // Only a single value of a named setting narrows the layouts.
    void theDeploymentsAFilterLeaves()
    {
        const std::map<std::string, std::string> named{{"tp", "server.tp_size"}, {"dp_attention", "server.enable_dp_attention"}};
        QCOMPARE(filterDeployments({}, named).size(), size_t(8));
        DimensionFilter f;
        f.set("server.tp_size", {"8"});
        std::vector<Deployment> d = filterDeployments(f, named);
        QCOMPARE(d.size(), size_t(2));
        QCOMPARE(d[0].tp, 8);
        f.set("server.enable_dp_attention", {"true"});
        d = filterDeployments(f, named);
        QCOMPARE(d.size(), size_t(1));
        QVERIFY(d[0].dpAttention);
        f.set("server.tp_size", {"4", "8"});      // two values: open
        QCOMPARE(filterDeployments(f, named).size(), size_t(4));
        f.set("server.tp_size", {"eight"});       // not a number: open
        QCOMPARE(filterDeployments(f, named).size(), size_t(4));
        QCOMPARE(filterDeployments(f, {}).size(), size_t(8)); // the profile names no setting
    }

    void sizesReadOffAReshapedTensor()
    {
        QCOMPARE(shapeIndex(".shape[2]").value_or(99), 2L);
        QCOMPARE(shapeIndex(".shape[-1]").value_or(99), -1L);
        QVERIFY(!shapeIndex(".shape[i]"));
        QVERIFY(!shapeIndex(".dtype"));
        QCOMPARE(reshapedSize("input.view(-1, input.shape[-1])", ".shape[1]").value_or("?"), std::string("input.shape[-1]"));
        QCOMPARE(reshapedSize("x.reshape(n, f(a, b))", ".shape[1]").value_or("?"), std::string("f(a, b)"));
        QVERIFY(!reshapedSize("input.view(-1, input.shape[-1])", ".shape[0]")); // -1: not known
        QVERIFY(!reshapedSize("input.view(-1, 8).contiguous()", ".shape[1]"));  // not the last call
        QVERIFY(!reshapedSize("input.transpose(0, 1)", ".shape[1]"));
    }

    // The decided text leaves the path: what is left is what may still vary.
    void aDecidedConditionIsTakenOffThePath()
    {
        const Mini m;
        const CallIndex &index = m.session->index();
        std::vector<std::int64_t> sites;
        for (const CallSite &s : index.graph().callSites)
            if (s.callee == "self.wide")
                sites.push_back(s.id);
        for (const KernelPath &p : findPaths(index, sites, m.checkpointFilter()).paths)
            for (const std::string &t : p.conditions.otherConditions())
                QVERIFY2(t.find("shape") == std::string::npos, t.c_str());
    }
};

QTEST_GUILESS_MAIN(TestShapeConditions)
#include "tst_shape_conditions.moc"
