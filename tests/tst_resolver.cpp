// Tests of call resolution on small inline Python trees: imports and
// re-exports, self attributes, factories, registries, overrides and
// specialisation, Triton launches and torch.ops calls, and which kernel
// library entries are kernels (they launch) with their aliases.
#include "export/pycg_export.h"
#include "graph/graph_queries.h"
#include "resolver_fixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace katlas;

using namespace katlas::test;

namespace {

// What PyCG's export says `function` calls.
QStringList pycgCallees(const Resolved &r, const char *function)
{
    QStringList out;
    for (const QJsonValue &v : QJsonDocument::fromJson(toPycgJson(r.g)).object().value(QLatin1String(function)).toArray())
        out << v.toString();
    return out;
}

} // namespace

class TestResolver : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void importsAndReexports()
    {
        Tree t;
        t.add("kpkg", "from .norm import rmsnorm\n__all__ = ['rmsnorm']\n", true);
        t.add("kpkg.norm", "import torch\ndef rmsnorm(x):\n    return torch.ops.kns.rmsnorm.default(x)\n");
        t.add("app.model",
              "import kpkg\n"
              "from kpkg import rmsnorm as rn\n"
              "from kpkg import *\n"
              "def f(x):\n"
              "    kpkg.rmsnorm(x)\n"
              "    rn(x)\n"
              "    rmsnorm(x)\n"
              "    unknown_thing(x)\n");
        const Resolved r = resolve(t);
        QCOMPARE(r.callees("app.model.f", "kpkg.rmsnorm"), std::vector<std::string>{"kpkg.norm.rmsnorm"});
        QCOMPARE(r.callees("app.model.f", "rn"), std::vector<std::string>{"kpkg.norm.rmsnorm"});
        QCOMPARE(r.callees("app.model.f", "rmsnorm"), std::vector<std::string>{"kpkg.norm.rmsnorm"});
        QCOMPARE(r.callees("app.model.f", "unknown_thing"), std::vector<std::string>{"<unresolved>"});
        QCOMPARE(r.edges("app.model.f", "unknown_thing")[0]->resolution, Resolution::Unresolved);
        QVERIFY(r.kernel("kpkg.norm.rmsnorm"));
        QCOMPARE(r.kernel("kpkg.norm.rmsnorm")->source, std::string("kpkg"));
        // torch.ops calls become external kernels named by namespace and op.
        QCOMPARE(r.callees("kpkg.norm.rmsnorm", "torch.ops.kns.rmsnorm.default"),
                 std::vector<std::string>{"torch.ops.kns.rmsnorm"});
        QVERIFY(r.kernel("torch.ops.kns.rmsnorm"));
    }

    // `import tools` where no module of the index is named `tools` is the
    // file beside the importer: a script's folder is first on sys.path (and
    // Python 2 imports relatively), the way code run both as a package and
    // as a script falls back (`except ImportError: from tools import x`).
    void anAbsoluteImportNothingNamesIsTheFileBesideTheImporter()
    {
        Tree t;
        t.add("bin.tools", "def helper():\n    pass\n");
        t.add("bin.run", "from tools import helper\nimport tools\nimport tools as t\nhelper()\ntools.helper()\nt.helper()\n");
        t.add("pkg", "", true);
        t.add("pkg.tools", "def helper():\n    pass\n");
        t.add("pkg.run", "from tools import helper\nfrom other import thing\nhelper()\nthing()\n");
        const Resolved r = resolve(t);
        QCOMPARE(r.callees("bin.run", "helper"), std::vector<std::string>{"bin.tools.helper"});
        QCOMPARE(r.callees("bin.run", "tools.helper"), std::vector<std::string>{"bin.tools.helper"});
        QCOMPARE(r.callees("bin.run", "t.helper"), std::vector<std::string>{"bin.tools.helper"});
        QCOMPARE(r.callees("pkg.run", "helper"), std::vector<std::string>{"pkg.tools.helper"});
        QCOMPARE(r.callees("pkg.run", "thing"), std::vector<std::string>{"other.thing"}); // nothing beside it

        // Only the whole name beside it, never the importer itself: a module
        // named as the outside package it imports still imports that package.
        Tree named;
        named.add("ns.compressed_tensors", "from compressed_tensors.config import Cfg\nimport compressed_tensors\nCfg.load()\ncompressed_tensors.setup()\n");
        named.add("ns.user", "from compressed_tensors.config import Cfg\nCfg.load()\n");
        const Resolved n = resolve(named);
        QCOMPARE(n.callees("ns.compressed_tensors", "Cfg.load"), std::vector<std::string>{"compressed_tensors.config.Cfg.load"});
        QCOMPARE(n.callees("ns.compressed_tensors", "compressed_tensors.setup"), std::vector<std::string>{"compressed_tensors.setup"});
        QCOMPARE(n.callees("ns.user", "Cfg.load"), std::vector<std::string>{"compressed_tensors.config.Cfg.load"});
    }

    void selfAttributesAndModuleCall()
    {
        Tree t;
        t.add("m",
              "class RMSNorm(nn.Module):\n"
              "    def forward(self, x):\n"
              "        return x\n"
              "class Layer(nn.Module):\n"
              "    def __init__(self):\n"
              "        self.norm = RMSNorm()\n"
              "        self.blocks = nn.ModuleList([RMSNorm() for _ in range(2)])\n"
              "    def forward(self, x):\n"
              "        self.norm(x)\n"
              "        for b in self.blocks:\n"
              "            b(x)\n"
              "        self.helper(x)\n"
              "    def helper(self, x):\n"
              "        pass\n");
        const Resolved r = resolve(t);
        QCOMPARE(r.callees("m.Layer.forward", "self.norm"), std::vector<std::string>{"m.RMSNorm.forward"});
        QCOMPARE(r.callees("m.Layer.forward", "b"), std::vector<std::string>{"m.RMSNorm.forward"});
        QCOMPARE(r.callees("m.Layer.forward", "self.helper"), std::vector<std::string>{"m.Layer.helper"});
        QCOMPARE(r.callees("m.Layer.__init__", "RMSNorm"), (std::vector<std::string>{"m.RMSNorm", "m.RMSNorm"}));
        QCOMPARE(r.edges("m.Layer.forward", "self.norm")[0]->resolution, Resolution::Type);
    }

    void factoryReturnsCarryTheirConditions()
    {
        Tree t;
        t.add("moe",
              "class A:\n"
              "    def forward(self, x): pass\n"
              "class B:\n"
              "    def forward(self, x): pass\n"
              "def get_impl(cfg):\n"
              "    if flag_a():\n"
              "        return A\n"
              "    return B\n"
              "class Block:\n"
              "    def __init__(self, cfg):\n"
              "        self.experts = get_impl(cfg)(cfg)\n"
              "    def forward(self, x):\n"
              "        self.experts(x)\n");
        const Resolved r = resolve(t);
        const auto edges = r.edges("moe.Block.forward", "self.experts");
        QCOMPARE(edges.size(), size_t(2));
        for (const Edge *e : edges) {
            const Condition *c = dimension(e, "moe");
            QVERIFY(c);
            QCOMPARE(c->values, std::vector<std::string>{"a"});
            QCOMPARE(c->negated, r.name(e->calleeId) == "moe.B.forward");
        }
    }

    void dictRegistryThroughDeclaredBase()
    {
        Tree t;
        t.add("q",
              "class QuantConfig:\n"
              "    def get_quant_method(self, layer): pass\n"
              "class Fp8Method:\n"
              "    def apply(self, x): pass\n"
              "class Int8Method:\n"
              "    def apply(self, x): pass\n"
              "class Fp8Config(QuantConfig):\n"
              "    def get_quant_method(self, layer):\n"
              "        return Fp8Method()\n"
              "class Int8Config(QuantConfig):\n"
              "    def get_quant_method(self, layer):\n"
              "        return Int8Method()\n"
              "QUANT = {\"fp8\": Fp8Config, \"w8a8_int8\": Int8Config}\n");
        t.add("lin",
              "from typing import Optional\n"
              "from q import QuantConfig\n"
              "class Linear:\n"
              "    def __init__(self, quant_config: Optional[QuantConfig] = None):\n"
              "        self.quant_method = quant_config.get_quant_method(self)\n"
              "    def forward(self, x):\n"
              "        return self.quant_method.apply(x)\n");
        const Resolved r = resolve(t);
        QCOMPARE(r.callees("lin.Linear.forward", "self.quant_method.apply"),
                 (std::vector<std::string>{"q.Fp8Method.apply", "q.Int8Method.apply"}));
        for (const Edge *e : r.edges("lin.Linear.forward", "self.quant_method.apply")) {
            const Condition *c = dimension(e, "quantization");
            QVERIFY(c);
            QCOMPARE(c->values.front(), std::string(r.name(e->calleeId) == "q.Fp8Method.apply" ? "fp8" : "w8a8_int8"));
            QCOMPARE(e->resolution, Resolution::Registry);
        }
    }

    // A config hands its method classes to a shared factory as keyword
    // arguments; the factory picks one by the class of the layer passed in.
    void classesPassedAsArgumentsFlowIntoTheFactory()
    {
        Tree t;
        t.add("q",
              "class LinearBase: pass\n"
              "class MoeLayer: pass\n"
              "class QuantConfig:\n"
              "    def get_quant_method(self, layer, prefix): pass\n"
              "class Fp4Linear:\n"
              "    def apply(self, x): pass\n"
              "class Fp4Moe:\n"
              "    def apply(self, x): pass\n"
              "class Fp8Linear:\n"
              "    def apply(self, x): pass\n"
              "class Fp8Moe:\n"
              "    def apply(self, x): pass\n"
              "class ModelOptBase(QuantConfig):\n"
              "    def _get(self, layer, prefix, *, Linear: type[QuantConfig], Moe):\n"
              "        if isinstance(layer, LinearBase):\n"
              "            return Linear(self)\n"
              "        elif isinstance(layer, MoeLayer):\n"
              "            return Moe(self)\n"
              "        return None\n"
              "class Fp4Config(ModelOptBase):\n"
              "    def get_quant_method(self, layer, prefix):\n"
              "        return self._get(layer, prefix, Linear=Fp4Linear, Moe=Fp4Moe)\n"
              "class Fp8Config(ModelOptBase):\n"
              "    def get_quant_method(self, layer, prefix):\n"
              "        return self._get(layer, prefix, Linear=Fp8Linear, Moe=Fp8Moe)\n"
              "QUANT = {\"fp4\": Fp4Config, \"fp8\": Fp8Config}\n");
        t.add("lin",
              "from q import QuantConfig, LinearBase\n"
              "class RowLinear(LinearBase):\n"
              "    def __init__(self, quant_config: QuantConfig, prefix: str = ''):\n"
              "        self.quant_method = quant_config.get_quant_method(self, prefix=prefix)\n"
              "    def forward(self, x):\n"
              "        return self.quant_method.apply(x)\n");
        const Resolved r = resolve(t);
        QCOMPARE(r.callees("lin.RowLinear.forward", "self.quant_method.apply"),
                 (std::vector<std::string>{"q.Fp4Linear.apply", "q.Fp8Linear.apply"}));
        for (const Edge *e : r.edges("lin.RowLinear.forward", "self.quant_method.apply")) {
            const Condition *c = dimension(e, "quantization");
            QVERIFY(c);
            QCOMPARE(c->values.front(), std::string(r.name(e->calleeId) == "q.Fp4Linear.apply" ? "fp4" : "fp8"));
        }
    }

    // A layer hands its norm to a helper's constructor; the helper calls it.
    void constructorArgumentsTypeTheAttributesTheyFill()
    {
        Tree t;
        t.add("m",
              "import torch\n"
              "class RMSNorm:\n"
              "    def forward(self, x): pass\n"
              "class Other:\n"
              "    def forward(self, x): pass\n"
              "class Communicator:\n"
              "    def __init__(self, mode, input_layernorm: torch.nn.Module):\n"
              "        self.input_layernorm = input_layernorm\n"
              "    def prepare(self, x):\n"
              "        return self.input_layernorm(x)\n"
              "class Layer:\n"
              "    def __init__(self):\n"
              "        self.input_layernorm = RMSNorm()\n"
              "        self.comm = Communicator(1, input_layernorm=self.input_layernorm)\n"
              "class Unrelated:\n"
              "    def __init__(self, input_layernorm):\n"
              "        self.input_layernorm = input_layernorm\n"
              "def build():\n"
              "    return Unrelated(Other())\n");
        const Resolved r = resolve(t);
        QCOMPARE(r.callees("m.Communicator.prepare", "self.input_layernorm"), (std::vector<std::string>{"m.RMSNorm.forward"}));
    }

    void aMethodOnlySubclassesOfTheDeclaredClassDefine()
    {
        // A pool typed as the base, whose MLA subclass alone has
        // `set_mla`: the call runs each subclass's `set_mla`, and no other.
        Tree t;
        t.add("m",
              "class Pool:\n"
              "    def set(self, x): pass\n"
              "class MHAPool(Pool):\n"
              "    def set(self, x): pass\n"
              "class MLAPool(Pool):\n"
              "    def set_mla(self, x): pass\n"
              "class MLAPoolFP4(MLAPool):\n"
              "    def set_mla(self, x): pass\n"
              "class Batch:\n"
              "    pool: Pool\n"
              "class Backend:\n"
              "    def forward(self, batch: Batch, x):\n"
              "        batch.pool.set_mla(x)\n");
        const Resolved r = resolve(t);
        QCOMPARE(r.callees("m.Backend.forward", "batch.pool.set_mla"),
                 (std::vector<std::string>{"m.MLAPool.set_mla", "m.MLAPoolFP4.set_mla"}));
    }

    // Code of one platform's package implies the platform, however it is reached.
    void symbolRulesMarkWhatTheyReach()
    {
        Tree t;
        t.add("hw.npu.backend",
              "class NpuBackend:\n"
              "    def forward(self, x): pass\n");
        t.add("hw.cuda_backend",
              "class CudaBackend:\n"
              "    def forward(self, x): pass\n");
        t.add("model",
              "import torch_npu\n"
              "from hw.npu.backend import NpuBackend\n"
              "from hw.cuda_backend import CudaBackend\n"
              "def run(x):\n"
              "    NpuBackend().forward(x)\n"
              "    CudaBackend().forward(x)\n"
              "    torch_npu.npu_rms_norm(x)\n");
        Profile p = testProfile();
        p.dimensionRules.push_back(dimensionRule(DimensionRule::Target::Symbol, "^(?:hw\\.npu\\.|torch_npu\\.)", "platform", "npu"));
        const Resolved r = resolve(t, p);
        auto platformOf = [&](const char *chain) {
            const auto edges = r.edges("model.run", chain);
            const Condition *c = edges.empty() ? nullptr : dimension(edges.front(), "platform");
            return c ? c->values.front() : std::string();
        };
        QCOMPARE(platformOf("NpuBackend().forward"), std::string("npu"));
        QCOMPARE(platformOf("torch_npu.npu_rms_norm"), std::string("npu"));
        QCOMPARE(platformOf("CudaBackend().forward"), std::string());
    }

    // What a method assigns to its object holds only where the method runs:
    // a profile rule on calling it conditions its values too.
    void aMethodsAssignmentsHoldWhereItsRuleLetsItRun()
    {
        Tree t;
        t.add("kpkg.ops",
              "def fast_k(x): torch.ops.kns.fast(x)\n"
              "def slow_k(x): torch.ops.kns.slow(x)\n"
              "def plain_k(x): torch.ops.kns.plain(x)\n");
        t.add("op",
              "from kpkg.ops import fast_k, slow_k, plain_k\n"
              "class Op:\n"
              "    def __init__(self):\n"
              "        self._impl = self.fast\n"
              "        self.compiled = False\n"
              "    def enter_compile(self):\n"
              "        self._impl = self.slow\n"
              "        self.compiled = True\n"
              "    def fast(self, x): fast_k(x)\n"
              "    def slow(self, x): slow_k(x)\n"
              "    def forward(self, x):\n"
              "        if self.compiled:\n"
              "            plain_k(x)\n"
              "        return self._impl(x)\n");
        Profile p = testProfile();
        p.dimensionRules.push_back(dimensionRule(DimensionRule::Target::Symbol, "^op\\.Op\\.enter_compile$", "compile", "on"));
        const Resolved r = resolve(t, p);
        const auto compileOf = [&](const char *chain, const char *callee) -> std::string {
            for (const Edge *e : r.edges("op.Op.forward", chain))
                if (r.name(e->calleeId) == callee) {
                    const Condition *c = dimension(e, "compile");
                    return !c ? "-" : (c->negated ? "!" : "") + c->values.front();
                }
            return "no edge";
        };
        QCOMPARE(compileOf("self._impl", "op.Op.slow"), std::string("on"));
        QCOMPARE(compileOf("self._impl", "op.Op.fast"), std::string("-"));
        QCOMPARE(compileOf("plain_k", "kpkg.ops.plain_k"), std::string("on"));
    }

    void decoratorRegistryAndSpecialisation()
    {
        Tree t;
        t.add("attn",
              "class Backend:\n"
              "    def forward(self, x, mode):\n"
              "        if mode.is_decode():\n"
              "            return self.forward_decode(x)\n"
              "        return self.forward_extend(x)\n"
              "    def forward_extend(self, x): pass\n"
              "class FastBackend(Backend):\n"
              "    def forward_decode(self, x):\n"
              "        return fast_kernel(x)\n"
              "class SlowBackend(Backend):\n"
              "    def forward_decode(self, x): pass\n"
              "    def forward_extend(self, x):\n"
              "        super().forward_extend(x)\n"
              "class Unregistered(Backend):\n"
              "    def forward_decode(self, x): pass\n"
              "@register_backend(\"fast\")\n"
              "def create_fast(runner):\n"
              "    return FastBackend(runner)\n"
              "@register_backend(\"slow\")\n"
              "def create_slow(runner):\n"
              "    if not flag_a():\n"
              "        return SlowBackend(runner)\n"
              "    return FastBackend(runner)\n"
              "def run(backend: Backend, x, mode):\n"
              "    backend.forward(x, mode)\n");
        const Resolved r = resolve(t);
        QCOMPARE(r.callees("attn.run", "backend.forward"),
                 (std::vector<std::string>{"attn.FastBackend.forward", "attn.SlowBackend.forward"}));
        for (const Edge *e : r.edges("attn.run", "backend.forward")) {
            const Condition *c = dimension(e, "attention_backend");
            QVERIFY(c);
            const bool fast = r.name(e->calleeId) == "attn.FastBackend.forward";
            // Fast is registered twice: under "fast", and under "slow" when flag_a() holds.
            QCOMPARE(c->values, fast ? (std::vector<std::string>{"fast", "slow"}) : std::vector<std::string>{"slow"});
            // Slow comes from one return only, under `not flag_a()`: it keeps that exclusion.
            const Condition *moe = dimension(e, "moe");
            QCOMPARE(moe != nullptr, !fast);
            if (moe)
                QVERIFY(moe->negated);
        }
        // Inside the specialisation, self is the subclass.
        QCOMPARE(r.callees("attn.FastBackend.forward", "self.forward_decode"),
                 std::vector<std::string>{"attn.FastBackend.forward_decode"});
        QCOMPARE(r.callees("attn.FastBackend.forward", "self.forward_extend"),
                 std::vector<std::string>{"attn.Backend.forward_extend"});
        const auto decode = r.edges("attn.FastBackend.forward", "self.forward_decode");
        QVERIFY(dimension(decode[0], "stage"));
        QCOMPARE(r.callees("attn.SlowBackend.forward_extend", "super().forward_extend"),
                 std::vector<std::string>{"attn.Backend.forward_extend"});
    }

    // A method nothing calls with an object of a known class (a framework's
    // `start()` calls `run`) runs on its class or any subclass: a call
    // through self there reaches every override. A call on an object built
    // as the base class runs a copy where self is that class alone.
    void anOpenReceiverRunsEveryOverride()
    {
        const std::string classes = "import threading\n"
                                    "class Worker(threading.Thread):\n"
                                    "    def run(self):\n"
                                    "        self.step()\n"
                                    "        self.log()\n"
                                    "    def step(self):\n"
                                    "        pass\n"
                                    "    def log(self):\n"
                                    "        pass\n"
                                    "class Fast(Worker):\n"
                                    "    def step(self):\n"
                                    "        pass\n"
                                    "class Slow(Worker):\n"
                                    "    pass\n";
        Tree t;
        t.add("w", (classes + "def main():\n"
                              "    for w in [Fast(), Slow()]:\n"
                              "        w.start()\n"
                              "    plain = Worker()\n"
                              "    plain.run()\n").c_str());
        const Resolved r = resolve(t);
        QCOMPARE(r.callees("w.Worker.run", "self.step"), (std::vector<std::string>{"w.Fast.step", "w.Worker.step"}));
        // `log` has no override: the open receiver adds nothing.
        QCOMPARE(r.callees("w.Worker.run", "self.log"), std::vector<std::string>{"w.Worker.log"});
        // `plain.run()`: a copy of run whose self is a Worker, never a Fast.
        const auto direct = r.edges("w.main", "plain.run");
        QCOMPARE(direct.size(), size_t(1));
        const Symbol &copy = r.g.symbols[static_cast<size_t>(direct[0]->calleeId - 1)];
        QCOMPARE(copy.qualName, std::string("w.Worker.run"));
        QCOMPARE(copy.originId, r.symbol("w.Worker.run")->id);
        std::vector<std::string> fromCopy;
        for (const CallSite &s : r.g.callSites)
            if (s.callerId == copy.id && s.callee == "self.step")
                for (const Edge &e : r.g.edges)
                    if (e.callSiteId == s.id)
                        fromCopy.push_back(r.name(e.calleeId));
        QCOMPARE(fromCopy, std::vector<std::string>{"w.Worker.step"});
        // PyCG's graph folds the copies into their method. Where only the
        // framework runs `run`, the open receiver's edges are what it calls...
        Tree started;
        started.add("w", (classes + "for w in [Fast(), Slow()]:\n"
                                    "    w.start()\n").c_str());
        QCOMPARE(pycgCallees(resolve(started), "w.Worker.run"), QStringList({"w.Fast.step", "w.Worker.log", "w.Worker.step"}));
        // ... where every call of it names its object's class, its copies are.
        Tree closed;
        closed.add("w", (classes + "Worker().run()\n").c_str());
        QCOMPARE(pycgCallees(resolve(closed), "w.Worker.run"), QStringList({"w.Worker.log", "w.Worker.step"}));
    }

    void tritonLaunchAndPlatformGuards()
    {
        Tree t;
        t.add("kern",
              "import triton\n"
              "_is_cuda = is_cuda()\n"
              "@triton.jit\n"
              "def fused_kernel(x_ptr):\n"
              "    pass\n"
              "def launch(x):\n"
              "    if _is_cuda:\n"
              "        fused_kernel[(1,)](x)\n"
              "    else:\n"
              "        fallback(x)\n");
        const Resolved r = resolve(t);
        const auto edges = r.edges("kern.launch", "fused_kernel[]");
        QCOMPARE(edges.size(), size_t(1));
        QCOMPARE(r.name(edges[0]->calleeId), std::string("kern.fused_kernel"));
        QVERIFY(r.kernel("kern.fused_kernel"));
        QCOMPARE(r.kernel("kern.fused_kernel")->source, std::string("triton"));
        const Condition *c = dimension(edges[0], "platform");
        QVERIFY(c);
        QVERIFY(!c->negated);
        const Condition *other = dimension(r.edges("kern.launch", "fallback")[0], "platform");
        QVERIFY(other && other->negated);
    }

    // A kernel library's entry is a kernel when it launches device work
    // (the profile's `launches`), also through a copy its arguments make of
    // a helper launching through a local: helpers, enums, workspace queries
    // and a wrapper's planning method are not; aliases name the same kernel.
    void kernelsAreEntriesThatLaunch()
    {
        Tree t;
        t.add("klib", "from .ops import rms_norm, scale, fused_add, align_up, ActivationType, Wrapper, renorm_probs, renorm_prob, ragged, pick, entry\n", true);
        t.add("klib.ops",
              "import enum\n"
              "import torch\n"
              "import triton\n"
              "from klib.jit_gen import gen_norm_module\n"
              "def get_norm_module():\n"
              "    return gen_norm_module().build_and_load()\n"
              "def align_up(x, n):\n"
              "    return (x + n - 1) // n * n\n"
              "class ActivationType(enum.IntEnum):\n"
              "    Swiglu = 0\n"
              "@triton.jit\n"
              "def _scale_kernel(x_ptr):\n"
              "    pass\n"
              "def _launch_scale(x):\n"
              "    _scale_kernel[(1,)](x)\n"
              "def rms_norm(x):\n"
              "    return get_norm_module().rmsnorm(x)\n"
              "def scale(x):\n"
              "    n = align_up(x, 4)\n"
              "    _launch_scale(x)\n"
              "def fused_add(x, y):\n"
              "    torch.ops.klib.fused_add.default(x, y)\n"
              "class Wrapper:\n"
              "    def __init__(self, workspace):\n"
              "        self._cached_module = get_norm_module()\n"
              "    def workspace_size(self):\n"
              "        return align_up(16, 8)\n"
              "    def plan(self, n):\n"
              "        self.n = n\n"
              "    def run(self, x):\n"
              "        return self._cached_module.run(x)\n"
              "def renorm_probs(p):\n"
              "    return get_norm_module().renorm(p)\n"
              "renorm_prob = renorm_probs\n"
              "def ragged(x):\n"
              "    run_func = get_norm_module().ragged\n"
              "    run_func(x)\n"
              "def pick(x):\n"
              "    run_func = align_up\n"
              "    run_func(x, 4)\n"
              "def entry(x):\n"
              "    return _entry_impl(x, None)\n"
              "def _entry_impl(x, out=None):\n"
              "    if out is None:\n"
              "        out = x\n"
              "    run_func = get_norm_module().ragged\n"
              "    run_func(out)\n");
        t.add("app.model",
              "import klib\n"
              "import ext\n"
              "from klib import renorm_prob, ActivationType\n"
              "def f(x):\n"
              "    klib.rms_norm(x)\n"
              "    klib.scale(x)\n"
              "    klib.align_up(x, 8)\n"
              "    w = klib.Wrapper(x)\n"
              "    w.workspace_size()\n"
              "    w.plan(4)\n"
              "    w.run(x)\n"
              "    renorm_prob(x)\n"
              "    klib.ragged(x)\n"
              "    klib.pick(x)\n"
              "    klib.entry(x)\n"
              "    act = ActivationType(0)\n"
              "    ext.get_num_sms()\n"
              "    ext.gemm(x, x)\n"
              "    ext.ActivationType(1)\n");
        Profile p = testProfile();
        p.kernels[0].modulePrefix = "klib";
        KernelRule ext;
        ext.source = "ext";
        ext.callPrefix = "ext.";
        ext.nameDepth = 1;
        p.kernels.push_back(ext);
        const Resolved loose = resolve(t, p);
        QVERIFY(loose.kernel("klib.ops.align_up")); // without `launches`: every public entry
        QVERIFY(loose.kernel("ext.get_num_sms"));

        p.launches.enabled = true;
        p.launches.callPrefixes = {"torch.ops."};
        p.launches.decorators = {"triton.jit"};
        for (const char *call : {"_module\\(\\)\\.(?!build_and_load$)\\w+$", "(^|\\.)_?\\w*module\\.\\w+$"})
            p.launches.calls.emplace_back(call);
        for (const char *helper : {"^ext\\.(get|set)_", "^ext\\.[A-Z]", "\\.workspace_size$"})
            p.launches.helpers.emplace_back(helper);
        const Resolved r = resolve(t, p);
        for (const char *kernel : {"klib.ops.rms_norm", "klib.ops.scale", "klib.ops.fused_add", "klib.ops.Wrapper.run",
                                   "klib.ops.renorm_probs", "klib.ops._scale_kernel", "torch.ops.klib.fused_add", "ext.gemm",
                                   "klib.ops.ragged", "klib.ops.entry"})
            QVERIFY2(r.kernel(kernel), kernel);
        for (const char *helper : {"klib.ops.align_up", "klib.ops.get_norm_module", "klib.ops.ActivationType", "klib.ops.Wrapper",
                                   "klib.ops.Wrapper.__init__", "klib.ops.Wrapper.workspace_size", "klib.ops.Wrapper.plan",
                                   "klib.ops._launch_scale", "ext.get_num_sms", "ext.ActivationType", "klib.ops.pick"})
            QVERIFY2(!r.kernel(helper), helper);
        QCOMPARE(r.kernel("klib.ops.rms_norm")->source, std::string("kpkg"));
        // The alias is the same kernel under a second name, found by it.
        QCOMPARE(r.callees("app.model.f", "renorm_prob"), std::vector<std::string>{"klib.ops.renorm_probs"});
        QCOMPARE(r.kernel("klib.ops.renorm_probs")->aliases, std::vector<std::string>{"klib.ops.renorm_prob"});
        QCOMPARE(findSymbolIds(r.g, "renorm_prob"), std::vector<std::int64_t>{r.symbol("klib.ops.renorm_probs")->id});
    }

    // A class built through a factory's result (`layer_class()(fn=norm)`)
    // is handed what that call passes, as one built by its name is.
    void aConstructorArgumentPassedThroughAFactoryFlowsIn()
    {
        Tree t;
        t.add("m",
              "def norm(x):\n    return x\n"
              "class Layer:\n"
              "    def __init__(self, fn):\n        self.fn = fn\n"
              "    def run(self, x):\n        return self.fn(x)\n"
              "def layer_class():\n    return Layer\n"
              "def build():\n    return layer_class()(fn=norm)\n");
        const Resolved r = resolve(t);
        QCOMPARE(r.callees("m.Layer.run", "self.fn"), std::vector<std::string>{"m.norm"});
    }

    // What a constructor's parameter holds does not depend on how deep its
    // first asker was. A function is handed down sixty levels of builders;
    // the innermost method's call is resolved first and the depth bound cuts
    // its way up, across levels a shallower asker reaches within the bound.
    void aValueCutByTheDepthBoundIsNotKeptForShallowerAskers()
    {
        std::string src = "def norm(x):\n    return x\n"
                          "class C0:\n    def __init__(self, f):\n        self.f = f\n"
                          "    def run(self, x):\n        return self.f(x)\n";
        for (int i = 1; i <= 60; ++i)
            src += "class C" + std::to_string(i) + ":\n    def __init__(self, f):\n        self.f = f\n        self.inner = C"
                + std::to_string(i - 1) + "(f=self.f)\n    def run(self, x):\n        return self.f(x)\n";
        src += "def build():\n    return C60(f=norm)\n";
        Tree t;
        t.add("m", src.c_str());
        const Resolved r = resolve(t);
        QCOMPARE(r.callees("m.C0.run", "self.f"), std::vector<std::string>{"<unresolved>"}); // past the bound
        QCOMPARE(r.callees("m.C45.run", "self.f"), std::vector<std::string>{"m.norm"});
    }
};

QTEST_GUILESS_MAIN(TestResolver)
#include "tst_resolver.moc"
