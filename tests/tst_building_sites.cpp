// Values per building site and enum members: an instance sees only what the
// place building it passed, in its values and in the guards on them
// (docs/guard-evaluation.md, "Values per building site", "Enum members").
#include "guard_fixture.h"
#include "trace/call_index.h"
#include "trace/dimension_filter.h"
#include "trace/op_graph.h"

#include <map>

#include <QTest>

using namespace katlas;
using namespace katlas::test;

namespace {

// A row-parallel layer whose all-reduce runs where it was built with
// `reduce_results` true (the default), and its two kernels.
Tree rowParallelLayer()
{
    Tree t;
    t.add("kpkg.ops", "def gemm_k(x): torch.ops.kns.g(x)\ndef all_reduce_k(x): torch.ops.kns.r(x)\n");
    t.add("linear",
          "from kpkg.ops import gemm_k, all_reduce_k\n"
          "class Row:\n"
          "    def __init__(self, size, reduce_results=True):\n"
          "        self.reduce_results = reduce_results\n"
          "    def forward(self, x):\n"
          "        gemm_k(x)\n"
          "        if self.reduce_results:\n"
          "            all_reduce_k(x)\n");
    return t;
}

} // namespace

class TestBuildingSites : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void instancesSeeWhatTheirBuildingSitePassed()
    {
        // One Communicator class, built by two layers with different norms:
        // through layer A's instance only A's norm runs.
        Tree t;
        t.add("kpkg.ops", "def a_kernel(x): torch.ops.kns.a(x)\ndef b_kernel(x): torch.ops.kns.b(x)\n");
        t.add("norms",
              "from kpkg.ops import a_kernel, b_kernel\n"
              "class NormA:\n"
              "    def forward(self, x): a_kernel(x)\n"
              "class NormB:\n"
              "    def forward(self, x): b_kernel(x)\n");
        t.add("comm",
              "class Communicator:\n"
              "    def __init__(self, norm):\n"
              "        self.norm = norm\n"
              "    def run(self, x):\n"
              "        self.norm.forward(x)\n");
        t.add("layers",
              "from norms import NormA, NormB\n"
              "from comm import Communicator\n"
              "class LayerA:\n"
              "    def __init__(self):\n"
              "        self.norm = NormA()\n"
              "        self.comm = Communicator(norm=self.norm)\n"
              "    def forward(self, x):\n"
              "        self.comm.run(x)\n"
              "class LayerB:\n"
              "    def __init__(self):\n"
              "        self.norm = NormB()\n"
              "        self.comm = Communicator(self.norm)\n"
              "    def forward(self, x):\n"
              "        self.comm.run(x)\n");
        const Resolved r = resolve(t, testProfile());
        QCOMPARE(kernelsReached(r, "layers.LayerA.forward"), std::set<std::string>{"a_kernel"});
        QCOMPARE(kernelsReached(r, "layers.LayerB.forward"), std::set<std::string>{"b_kernel"});
        // Inside the shared class, without an instance, both may run.
        QCOMPARE(kernelsReached(r, "comm.Communicator.run"), (std::set<std::string>{"a_kernel", "b_kernel"}));
    }

    void aDataclassBuiltByPositionHoldsItsArguments()
    {
        // A backend keeps per-batch metadata in a dataclass built by
        // position; the fallback flag, its third field, is what the setting
        // gave the local passed there. A `ClassVar` is no field.
        Tree t;
        addServerArgs(t, "    disable_chunked: bool = False\n");
        t.add("kpkg.ops", "def ragged_k(x): torch.ops.kns.r(x)\ndef paged_k(x): torch.ops.kns.p(x)\n");
        t.add("backend",
              "from cfg import get_args\n"
              "from kpkg.ops import ragged_k, paged_k\n"
              "@dataclass\n"
              "class Meta:\n"
              "    kind: ClassVar[str] = \"meta\"\n"
              "    max_len: int\n"
              "    lens: object\n"
              "    fallback: bool = False\n"
              "class Backend:\n"
              "    def init_metadata(self, batch):\n"
              "        fallback = get_args().disable_chunked\n"
              "        self.meta = Meta(batch.max_len, batch.lens, fallback)\n"
              "    def forward(self, x):\n"
              "        if self.meta.fallback:\n"
              "            return paged_k(x)\n"
              "        return ragged_k(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReachedUnder(r, "backend.Backend.forward", parsed("server.disable_chunked=false"))),
                 QStringLiteral("ragged_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "backend.Backend.forward", parsed("server.disable_chunked=true"))),
                 QStringLiteral("paged_k"));
    }

    void aCopyBuiltFromUnknownFieldsCountsWhereItsBuilderRuns()
    {
        // A batch is built with its flag left at the default, and copied
        // field by field (`Batch(**fields)`) by a splitter only a setting
        // switches on: with the setting off, the copy's unknown flag does
        // not count, and the flag is the default.
        Tree t;
        addServerArgs(t, "    enable_split: bool = False\n");
        t.add("kpkg.ops", "def one_shot_k(x): torch.ops.kns.o(x)\ndef chunked_k(x): torch.ops.kns.c(x)\n");
        t.add("batch",
              "from cfg import get_args\n"
              "@dataclass\n"
              "class Batch:\n"
              "    size: int\n"
              "    one_shot: bool = False\n"
              "class Splitter:\n"
              "    @classmethod\n"
              "    def split(cls, batch, fields):\n"
              "        return Batch(**fields)\n"
              "def prepare(size, fields):\n"
              "    batch = Batch(size=size)\n"
              "    if get_args().enable_split:\n"
              "        batch = Splitter.split(batch, fields)\n"
              "    return batch\n"
              "first = prepare(1, {})\n");
        t.add("attn",
              "from batch import Batch\n"
              "from kpkg.ops import one_shot_k, chunked_k\n"
              "class Attn:\n"
              "    def forward(self, x, batch: Batch):\n"
              "        if batch.one_shot:\n"
              "            return one_shot_k(x)\n"
              "        return chunked_k(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReachedUnder(r, "attn.Attn.forward", parsed("server.enable_split=false"))), QStringLiteral("chunked_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "attn.Attn.forward", parsed("server.enable_split=true"))),
                 QStringLiteral("chunked_k one_shot_k"));
    }

    void aDataclassFieldAMethodSetsKeepsWhatItWasBuiltWith()
    {
        // A batch's flag is set by a setter on one path only: on the other
        // it is still what the constructor gave it (None), so a test of it
        // goes both ways.
        Tree t;
        t.add("kpkg.ops", "def chunk_k(x): torch.ops.kns.c(x)\ndef plain_k(x): torch.ops.kns.p(x)\n");
        t.add("batch",
              "@dataclass\n"
              "class Batch:\n"
              "    size: int\n"
              "    attend: Optional[bool] = None\n"
              "    def set_attend(self, attend: bool):\n"
              "        self.attend = attend\n");
        t.add("backend",
              "from batch import Batch\n"
              "from kpkg.ops import chunk_k, plain_k\n"
              "class Backend:\n"
              "    def forward(self, x, batch: Batch):\n"
              "        if batch.attend is not None:\n"
              "            return chunk_k(x)\n"
              "        return plain_k(x)\n");
        t.add("attn",
              "from batch import Batch\n"
              "from backend import Backend\n"
              "class Attn:\n"
              "    def __init__(self):\n"
              "        self.backend = Backend()\n"
              "    def mha(self, x, batch: Batch):\n"
              "        batch.set_attend(False)\n"
              "        return self.backend.forward(x, batch)\n"
              "    def mqa(self, x, batch: Batch):\n"
              "        return self.backend.forward(x, batch)\n"
              "first = Attn().mqa(1, Batch(size=1))\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReached(r, "backend.Backend.forward")), QStringLiteral("chunk_k plain_k"));
    }

    void aSplatOfAClosedDictPassesItsKeysOnly()
    {
        // A copy built from a dict filled under known keys (`Batch(**fields)`)
        // passes no other field: the flag it leaves out is its default there,
        // while a copy from a dict of unknown keys may hold anything.
        const auto reached = [](const char *copy) {
            Tree t;
            t.add("kpkg.ops", "def one_shot_k(x): torch.ops.kns.o(x)\ndef chunked_k(x): torch.ops.kns.c(x)\n");
            const std::string batch = std::string("@dataclass\n"
                                                  "class Batch:\n"
                                                  "    size: int\n"
                                                  "    one_shot: bool = False\n"
                                                  "def split(batch, extra):\n")
                + copy
                + "    return Batch(**fields)\n"
                  "first = split(Batch(size=1), {})\n";
            t.add("batch", batch.c_str());
            t.add("attn",
                  "from batch import Batch\n"
                  "from kpkg.ops import one_shot_k, chunked_k\n"
                  "class Attn:\n"
                  "    def forward(self, x, batch: Batch):\n"
                  "        if batch.one_shot:\n"
                  "            return one_shot_k(x)\n"
                  "        return chunked_k(x)\n");
            return joined(kernelsReached(resolve(t, settingsProfile()), "attn.Attn.forward"));
        };
        QCOMPARE(reached("    fields = dict()\n"
                         "    for key in [\"size\"]:\n"
                         "        fields[key] = getattr(batch, key)\n"),
                 QStringLiteral("chunked_k"));
        QCOMPARE(reached("    fields = dict()\n"
                         "    fields.update(extra)\n"),
                 QStringLiteral("chunked_k one_shot_k"));
    }

    void aDataclassPassedOnKeepsItsBuildingPlace()
    {
        // Each quantization method builds the runner's options (a dataclass)
        // and hands them down through two calls; the kernel function tests
        // the flags they hold. Through one method only its flags count, even
        // with more methods (each setting its flag under a guard of its own)
        // than the ways a guard tells apart.
        Tree t;
        t.add("kpkg.ops", "def fp8_quant(x): torch.ops.kns.f(x)\ndef int8_quant(x): torch.ops.kns.i(x)\n");
        t.add("runner",
              "from kpkg.ops import fp8_quant, int8_quant\n"
              "@dataclass\n"
              "class QuantInfo:\n"
              "    weight: object\n"
              "    use_fp8: bool = False\n"
              "    use_int8: bool = False\n"
              "def invoke(x, use_fp8, use_int8):\n"
              "    if use_fp8:\n"
              "        fp8_quant(x)\n"
              "    elif use_int8:\n"
              "        int8_quant(x)\n"
              "class Core:\n"
              "    def run(self, x, quant_info: QuantInfo):\n"
              "        use_fp8 = quant_info.use_fp8\n"
              "        use_int8 = quant_info.use_int8\n"
              "        return invoke(x, use_fp8=use_fp8, use_int8=use_int8)\n"
              "class Runner:\n"
              "    def __init__(self):\n"
              "        self.core = Core()\n"
              "    def run(self, x, quant_info):\n"
              "        return self.core.run(x, quant_info)\n");
        std::string methods =
            "from runner import QuantInfo, Runner\n"
            "class Fp8Method:\n"
            "    def __init__(self): self.runner = Runner()\n"
            "    def apply(self, x):\n"
            "        quant_info = QuantInfo(weight=x, use_fp8=True)\n"
            "        return self.runner.run(x, quant_info)\n"
            "class PlainMethod:\n"
            "    def __init__(self): self.runner = Runner()\n"
            "    def apply(self, x):\n"
            "        quant_info = QuantInfo(weight=x)\n"
            "        return self.runner.run(x, quant_info)\n";
        for (int i = 0; i < 10; ++i)
            methods += "class Int8Method" + std::to_string(i) + ":\n"
                       "    def __init__(self): self.runner = Runner()\n"
                       "    def apply(self, x):\n"
                       "        quant_info = QuantInfo(weight=x)\n"
                       "        if get_bool_env_var(\"INT8_" + std::to_string(i) + "\"):\n"
                       "            quant_info = QuantInfo(weight=x, use_int8=True)\n"
                       "        return self.runner.run(x, quant_info)\n";
        t.add("methods", methods.c_str());
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(kernelsReached(r, "methods.Fp8Method.apply"), std::set<std::string>{"fp8_quant"});
        QCOMPARE(kernelsReached(r, "methods.Int8Method3.apply"), std::set<std::string>{"int8_quant"});
        QCOMPARE(kernelsReached(r, "methods.PlainMethod.apply"), std::set<std::string>{});
        // Without a building place, either flag may be set.
        QCOMPARE(kernelsReached(r, "runner.Core.run"), (std::set<std::string>{"fp8_quant", "int8_quant"}));
    }

    void guardsOnConstructorParametersHoldPerBuildingSite()
    {
        // A runner picks its core from an enum its builder passes: the
        // method building it with a constant gets that core only; the one
        // passing the configured backend gets the core the setting selects.
        Tree t;
        t.add("cfg",
              "class ServerArgs:\n"
              "    moe_backend: str = \"auto\"\n"
              "_args: Optional[ServerArgs] = None\n"
              "def get_args() -> ServerArgs:\n"
              "    return _args\n");
        t.add("kpkg.ops", "def triton_k(x): torch.ops.kns.t(x)\ndef deep_k(x): torch.ops.kns.d(x)\n");
        t.add("moe",
              "from enum import Enum\n"
              "from cfg import get_args\n"
              "from kpkg.ops import triton_k, deep_k\n"
              "class Backend(Enum):\n"
              "    AUTO = \"auto\"\n"
              "    TRITON = \"triton\"\n"
              "    DEEP = \"deep\"\n"
              "    def is_auto(self):\n"
              "        return self == Backend.AUTO\n"
              "    def is_triton(self):\n"
              "        return self == Backend.TRITON\n"
              "    def is_deep(self):\n"
              "        return self == Backend.DEEP\n"
              "BACKEND = None\n"
              "def init(args):\n"
              "    global BACKEND\n"
              "    BACKEND = Backend(get_args().moe_backend)\n"
              "def get_backend():\n"
              "    return BACKEND\n"
              "init(get_args())\n"
              "class TritonCore:\n"
              "    def run(self, x): triton_k(x)\n"
              "class DeepCore:\n"
              "    def run(self, x): deep_k(x)\n"
              "class Runner:\n"
              "    def __init__(self, backend: Backend):\n"
              "        if backend.is_triton():\n"
              "            self.core = TritonCore()\n"
              "        elif backend.is_deep():\n"
              "            self.core = DeepCore()\n"
              "    def run(self, x):\n"
              "        self.core.run(x)\n"
              "class MethodA:\n"
              "    def __init__(self):\n"
              "        backend = get_backend()\n"
              "        if backend.is_auto():\n"
              "            backend = Backend.TRITON\n"
              "        self.runner = Runner(backend)\n"
              "    def apply(self, x):\n"
              "        self.runner.run(x)\n"
              "class MethodB:\n"
              "    def __init__(self):\n"
              "        self.runner = Runner(Backend.DEEP)\n"
              "    def apply(self, x):\n"
              "        self.runner.run(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        auto reached = [&](const std::string &caller, const char *filterText) {
            std::string error;
            return kernelsReachedUnder(r, caller, *DimensionFilter::parse(filterText, &error));
        };
        QCOMPARE(reached("moe.MethodB.apply", ""), std::set<std::string>{"deep_k"});
        QCOMPARE(reached("moe.MethodA.apply", "server.moe_backend=auto"), std::set<std::string>{"triton_k"});
        QCOMPARE(reached("moe.MethodA.apply", "server.moe_backend=triton"), std::set<std::string>{"triton_k"});
        // The rebinding under `backend.is_auto()` reads `backend` as assigned above it.
        QCOMPARE(reached("moe.MethodA.apply", "server.moe_backend=deep"), std::set<std::string>{"deep_k"});
    }

    void aBuildingPlacePassingNothingHoldsTheDefaults()
    {
        // `Wrap()` passes nothing: its instance holds the default True, so
        // through it the all-reduce runs; `Wrap(reduce_results=False)` not.
        Tree t = rowParallelLayer();
        t.add("models",
              "from linear import Row\n"
              "class Wrap:\n"
              "    def __init__(self, reduce_results=True):\n"
              "        self.proj = Row(4, reduce_results=reduce_results)\n"
              "    def forward(self, x):\n"
              "        self.proj.forward(x)\n"
              "class UserA:\n"
              "    def __init__(self):\n"
              "        self.b = Wrap()\n"
              "    def forward(self, x):\n"
              "        self.b.forward(x)\n"
              "class UserB:\n"
              "    def __init__(self):\n"
              "        self.a = Wrap(reduce_results=False)\n"
              "    def forward(self, x):\n"
              "        self.a.forward(x)\n");
        const Resolved r = resolve(t, testProfile());
        QCOMPARE(kernelsReached(r, "models.UserA.forward"), (std::set<std::string>{"gemm_k", "all_reduce_k"}));
        QCOMPARE(kernelsReached(r, "models.UserB.forward"), (std::set<std::string>{"gemm_k"}));
    }

    void aPlaceBuildingThroughAFactoryHoldsWhatItPassed()
    {
        // `row_class()(4)` builds a Row as `Row(4)` would: its instance holds
        // the default True, so through it the all-reduce runs.
        Tree t = rowParallelLayer();
        t.add("models",
              "from linear import Row\n"
              "def row_class():\n"
              "    return Row\n"
              "class UserA:\n"
              "    def __init__(self):\n"
              "        self.proj = row_class()(4)\n"
              "    def forward(self, x):\n"
              "        self.proj.forward(x)\n"
              "class UserB:\n"
              "    def __init__(self):\n"
              "        self.proj = Row(4, reduce_results=False)\n"
              "    def forward(self, x):\n"
              "        self.proj.forward(x)\n");
        const Resolved r = resolve(t, testProfile());
        QCOMPARE(kernelsReached(r, "models.UserA.forward"), (std::set<std::string>{"gemm_k", "all_reduce_k"}));
        QCOMPARE(kernelsReached(r, "models.UserB.forward"), (std::set<std::string>{"gemm_k"}));
    }

    void aSubclassHandingItsKwargsOnPassesWhatItsPlaceGave()
    {
        // `FastRow.__init__(self, *args, **kwargs)` only hands everything on
        // to `Row.__init__`: an instance built passing no `reduce_results`
        // holds Row's default False, one passing True (by keyword or by
        // position) holds True. A subclass
        // that names the parameter itself is not read through.
        Tree t;
        t.add("kpkg.ops", "def gemm_k(x): torch.ops.kns.g(x)\ndef all_reduce_k(x): torch.ops.kns.r(x)\n");
        t.add("linear",
              "from kpkg.ops import gemm_k, all_reduce_k\n"
              "class Row:\n"
              "    def __init__(self, size, reduce_results=False):\n"
              "        self.reduce_results = reduce_results\n"
              "    def forward(self, x):\n"
              "        gemm_k(x)\n"
              "        if self.reduce_results:\n"
              "            all_reduce_k(x)\n"
              "class FastRow(Row):\n"
              "    def __init__(self, *args, **kwargs):\n"
              "        super().__init__(*args, **kwargs)\n"
              "class KeywordRow(Row):\n"
              "    def __init__(self, size, tag='', **kwargs):\n"
              "        super().__init__(size, **kwargs)\n"
              "        self.tag = tag\n");
        t.add("models",
              "from linear import FastRow, KeywordRow\n"
              "class Quiet:\n"
              "    def __init__(self):\n"
              "        self.proj = FastRow(4)\n"
              "    def forward(self, x):\n"
              "        self.proj.forward(x)\n"
              "class Loud:\n"
              "    def __init__(self):\n"
              "        self.proj = FastRow(4, reduce_results=True)\n"
              "    def forward(self, x):\n"
              "        self.proj.forward(x)\n"
              "class LoudByPosition:\n"
              "    def __init__(self):\n"
              "        self.proj = FastRow(4, True)\n"
              "    def forward(self, x):\n"
              "        self.proj.forward(x)\n"
              "class Tagged:\n"
              "    def __init__(self):\n"
              "        self.proj = KeywordRow(4, tag='t')\n"
              "    def forward(self, x):\n"
              "        self.proj.forward(x)\n");
        const Resolved r = resolve(t, testProfile());
        QCOMPARE(kernelsReached(r, "models.Quiet.forward"), (std::set<std::string>{"gemm_k"}));
        QCOMPARE(kernelsReached(r, "models.Loud.forward"), (std::set<std::string>{"gemm_k", "all_reduce_k"}));
        QCOMPARE(kernelsReached(r, "models.LoudByPosition.forward"), (std::set<std::string>{"gemm_k", "all_reduce_k"}));
        QCOMPARE(kernelsReached(r, "models.Tagged.forward"), (std::set<std::string>{"gemm_k"}));
    }

    void aMemberKeepsThePlaceItsBuilderWasBuiltAt()
    {
        // An MLP hands its `reduce_results` to the row-parallel layer it
        // builds; the MoE builds its shared MLP with False, a dense layer
        // with the default True. Through the MoE's MLP the all-reduce does
        // not run, through the dense layer's it does, even with more
        // wrappers forwarding the flag than the ways a guard tells apart.
        Tree t = rowParallelLayer();
        std::string models =
            "from linear import Row\n"
            "class Mlp:\n"
            "    def __init__(self, size, reduce_results=True):\n"
            "        self.down = Row(size, reduce_results=reduce_results)\n"
            "    def forward(self, x):\n"
            "        self.down.forward(x)\n"
            "class MoE:\n"
            "    def __init__(self):\n"
            "        self.shared = Mlp(8, reduce_results=False)\n"
            "    def forward(self, x):\n"
            "        self.shared.forward(x)\n"
            "class Dense:\n"
            "    def __init__(self):\n"
            "        self.mlp = Mlp(8)\n"
            "    def forward(self, x):\n"
            "        self.mlp.forward(x)\n";
        for (int i = 0; i < 20; ++i) {
            const std::string n = std::to_string(i);
            models += "class Wrap" + n + ":\n"
                      "    def __init__(self, reduce_results=True):\n"
                      "        self.proj = Row(4, reduce_results=reduce_results)\n"
                      "class User" + n + ":\n"
                      "    def __init__(self):\n"
                      "        self.a = Wrap" + n + "(reduce_results=False)\n"
                      "        self.b = Wrap" + n + "(reduce_results=True)\n";
        }
        t.add("models", models.c_str());
        const Resolved r = resolve(t, testProfile());
        QCOMPARE(kernelsReached(r, "models.MoE.forward"), std::set<std::string>{"gemm_k"});
        QCOMPARE(kernelsReached(r, "models.Dense.forward"), (std::set<std::string>{"gemm_k", "all_reduce_k"}));
        // Without an instance, either may be.
        QCOMPARE(kernelsReached(r, "models.Mlp.forward"), (std::set<std::string>{"gemm_k", "all_reduce_k"}));

        // In the op graph the one call site `self.down.forward(x)` is two
        // ops, each traced with the places on its own way down.
        t.add("top",
              "from models import MoE, Dense\n"
              "class Top:\n"
              "    def __init__(self):\n"
              "        self.moe = MoE()\n"
              "        self.dense = Dense()\n"
              "    def forward(self, x):\n"
              "        self.moe.forward(x)\n"
              "        self.dense.forward(x)\n");
        Profile profile = testProfile();
        ModelEntry model;
        model.model = "top";
        model.function = "top.Top.forward";
        model.containers = {"models.*"}; // the fixture's files have no module names
        profile.models = {model};
        const Resolved whole = resolve(t, profile);
        const CallIndex index(whole.g);
        const OpGraph graph = buildOpGraph(index, profile, "top", {});
        std::map<std::string, std::set<std::string>> kernelsOf;
        forEachOp(graph.roots, [&](const OpNode &n, int) {
            if (n.kind != OpNode::Kind::Leaf)
                return;
            const SiteContexts contexts = contextsOf({&n});
            for (const KernelPath &p : findPaths(index, n.callSites, {}, {}, &contexts).paths)
                kernelsOf[n.id].insert(index.symbol(p.kernelId).name);
        });
        QCOMPARE(kernelsOf["/self.moe.forward/self.shared.forward/self.down.forward"], std::set<std::string>{"gemm_k"});
        QCOMPARE(kernelsOf["/self.dense.forward/self.mlp.forward/self.down.forward"],
                 (std::set<std::string>{"gemm_k", "all_reduce_k"}));
    }

    void anInstanceAChosenFunctionMadeKeepsHowItWasChosen()
    {
        // A runner looks its pre-processing function up in a registry by the
        // dispatch format, calls it, and hands what it returns to its core,
        // which tests a flag of it (reading its input as the class its
        // annotation names: only the building places tell the flags apart).
        // Each function builds the core's input with its own flag: through
        // the runner, the core takes the flag of the function the format
        // chose, not any function's.
        Tree t;
        t.add("kpkg.ops", "def masked_k(x): torch.ops.kns.m(x)\ndef contig_k(x): torch.ops.kns.c(x)\n"
                          "def scatter_k(x): torch.ops.kns.s(x)\n");
        t.add("pool",
              "_pre = {}\n"
              "def register_pre(fmt, runner):\n"
              "    def decorator(fn):\n"
              "        _pre[(fmt, runner)] = fn\n"
              "        return fn\n"
              "    return decorator\n"
              "def get_pre(fmt, runner):\n"
              "    return _pre.get((fmt, runner))\n");
        t.add("pre",
              "from pool import register_pre\n"
              "from kpkg.ops import scatter_k\n"
              "@dataclass\n"
              "class RunnerInput:\n"
              "    x: object\n"
              "    use_masked: bool = False\n"
              "@register_pre(\"ll\", \"dg\")\n"
              "def pre_ll(out):\n"
              "    return RunnerInput(x=out, use_masked=True)\n"
              "@register_pre(\"normal\", \"dg\")\n"
              "def pre_normal(out):\n"
              "    scatter_k(out)\n"
              "    return RunnerInput(x=out, use_masked=False)\n"
              "@dataclass\n"
              "class PlainInput:\n"
              "    x: object\n"
              "@register_pre(\"plain\", \"dg\")\n"
              "def pre_plain(out):\n"
              "    return PlainInput(x=out)\n");
        t.add("runner",
              "from pool import get_pre\n"
              "from pre import RunnerInput\n"
              "from kpkg.ops import masked_k, contig_k\n"
              "class Output(Protocol):\n"
              "    @property\n"
              "    def format(self) -> str: ...\n"
              "class Core:\n"
              "    def run(self, runner_input: RunnerInput):\n"
              "        if runner_input.use_masked:\n"
              "            masked_k(runner_input.x)\n"
              "        else:\n"
              "            contig_k(runner_input.x)\n"
              "class Runner:\n"
              "    def __init__(self):\n"
              "        self.core = Core()\n"
              "    def run(self, out: Output):\n"
              "        fmt = out.format.value\n"
              "        self.pre = get_pre(fmt, \"dg\")\n"
              "        runner_input = self.pre(out)\n"
              "        return self.core.run(runner_input)\n"
              "    def run_output(self, out: Output):\n"
              "        fmt = out.format.value\n"
              "        pre = get_pre(fmt, \"dg\")\n"
              "        return pre(out)\n");
        Profile p = settingsProfile();
        RegistryRule pre{RegistryRule::Kind::Decorator, "register_pre", ""}; // keys that are no dimension's values
        pre.lookup = "get_pre";
        p.registries.push_back(pre);
        p.dimensionRules.push_back(guardRule("^fmt == \"(ll|normal|plain)\"$", "mode", "$1"));
        const Resolved r = resolve(t, p);
        QCOMPARE(joined(kernelsReachedUnder(r, "runner.Runner.run", parsed("mode=ll"))), QStringLiteral("masked_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "runner.Runner.run", parsed("mode=normal"))),
                 QStringLiteral("contig_k scatter_k"));
        // The core's annotation takes no PlainInput: that way does not enter it.
        QCOMPARE(joined(kernelsReachedUnder(r, "runner.Runner.run", parsed("mode=plain"))), QString());
        // A format read through a property nothing is known of may be either.
        QCOMPARE(joined(kernelsReached(r, "runner.Runner.run_output")), QStringLiteral("scatter_k"));
    }

    void aClassmethodBuildingItsClassIsABuildingPlace()
    {
        // The context a communicator hands its function is built by an
        // alternative constructor (`return cls(dp_size=...)` in a
        // classmethod), and the function, called through a value, reads it
        // as the class its annotation names: the field is what that
        // constructor passes, so the data-parallel branch needs the setting.
        Tree t;
        addServerArgs(t, "    enable_dp: bool = False\n"
                         "    dp_size: int = 1\n");
        t.add("kpkg.ops", "def gather_k(x): torch.ops.kns.g(x)\ndef reduce_k(x): torch.ops.kns.r(x)\n");
        t.add("comm",
              "from cfg import get_args\n"
              "from kpkg.ops import gather_k, reduce_k\n"
              "@dataclass\n"
              "class Context:\n"
              "    dp_size: int\n"
              "    @classmethod\n"
              "    def init_new(cls):\n"
              "        dp_size = get_args().dp_size if get_args().enable_dp else 1\n"
              "        return cls(dp_size=dp_size)\n"
              "class Fns:\n"
              "    @staticmethod\n"
              "    def communicate(x, context: Context):\n"
              "        if context.dp_size != 1:\n"
              "            gather_k(x)\n"
              "        else:\n"
              "            reduce_k(x)\n"
              "    @staticmethod\n"
              "    def get_fn():\n"
              "        return Fns.communicate\n"
              "class Communicator:\n"
              "    def __init__(self):\n"
              "        self.context = Context.init_new()\n"
              "        self.fn = Fns.get_fn()\n"
              "    def run(self, x):\n"
              "        return self.fn(x, self.context)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReachedUnder(r, "comm.Fns.communicate", parsed("server.enable_dp=false"))),
                 QStringLiteral("reduce_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "comm.Fns.communicate", parsed("server.enable_dp=true server.dp_size=8"))),
                 QStringLiteral("gather_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "comm.Fns.communicate", parsed("server.enable_dp=true server.dp_size=1"))),
                 QStringLiteral("reduce_k"));
    }

    void whatAClassmethodsClsCallPassesIsKept()
    {
        // `cls(mode=cls._pick())` in an alternative constructor passes what
        // the classmethod returns: the field holds it per setting.
        Tree t;
        addServerArgs(t, "    fused: bool = False\n");
        t.add("kpkg.ops", "def fused_k(x): torch.ops.kns.f(x)\ndef split_k(x): torch.ops.kns.s(x)\n");
        t.add("modes",
              "from cfg import get_args\n"
              "from kpkg.ops import fused_k, split_k\n"
              "@dataclass\n"
              "class Modes:\n"
              "    mode: str\n"
              "    @classmethod\n"
              "    def init_new(cls):\n"
              "        return cls(mode=cls._pick())\n"
              "    @classmethod\n"
              "    def _pick(cls):\n"
              "        return \"fused\" if get_args().fused else \"split\"\n"
              "class Layer:\n"
              "    def __init__(self):\n"
              "        self.modes = Modes.init_new()\n"
              "    def forward(self, x):\n"
              "        if self.modes.mode == \"fused\":\n"
              "            fused_k(x)\n"
              "        else:\n"
              "            split_k(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReachedUnder(r, "modes.Layer.forward", parsed("server.fused=true"))), QStringLiteral("fused_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "modes.Layer.forward", parsed("server.fused=false"))), QStringLiteral("split_k"));
    }
};

QTEST_GUILESS_MAIN(TestBuildingSites)
#include "tst_building_sites.moc"
