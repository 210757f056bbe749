// Following a guard's names to their values: what narrows them (asserts, a
// saved value put back), which assignments reach an attribute, and the keys a
// checkpoint's configuration lacks (docs/guard-evaluation.md, "Values that
// cannot be there").
#include "guard_fixture.h"
#include "graph/allocation_condition.h"
#include "resolve/condition_mapper.h"
#include "profile/model_config.h"
#include "resolve/global_lifetimes.h"
#include "trace/call_index.h"
#include "trace/dimension_filter.h"

#include <QJsonObject>
#include <QTest>

using namespace katlas;
using namespace katlas::test;

namespace {

std::set<std::string> reachedUnder(const Resolved &r, const std::string &caller, const DimensionFilter &filter)
{
    return kernelsReachedUnder(r, caller, filter);
}

// A checkpoint's whole configuration as a filter, as --hf-config gives it.
DimensionFilter checkpoint(const QJsonObject &config)
{
    DimensionFilter f;
    for (const auto &[setting, value] : modelSettings(config, "model"))
        f.set(setting, {value});
    return f;
}

// The kernels `given_k` and `probe_k`, and `def NAME(x, PARAM=None)` calling
// given_k where PARAM is not None and probe_k where it is: what a caller
// hands PARAM decides which runs.
void addNoneTested(Tree &t, const std::string &module, const std::string &callers,
                   const std::vector<std::pair<std::string, std::string>> &functions)
{
    t.add("kpkg.ops", "def given_k(x): torch.ops.kns.g(x)\ndef probe_k(x): torch.ops.kns.p(x)\n");
    std::string text = "from kpkg.ops import given_k, probe_k\n";
    for (const auto &[name, param] : functions)
        text += "def " + name + "(x, " + param + "=None):\n    if " + param + " is not None:\n        given_k(x)\n"
            "    else:\n        probe_k(x)\n";
    t.add(module.c_str(), (text + callers).c_str());
}

} // namespace

class TestGuardValues : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Which bindings of a global code after start-up reads: of one a
    // start-up function sets whenever it runs (at its top, or on both sides
    // of a test), neither the module's first binding nor a getter's lazy
    // default; of one it may leave unset, every binding.
    void aGlobalSetAtStartUpLosesItsFirstBindingAndItsLazyDefault()
    {
        Tree t;
        t.add("moe",
              "A = None\n"
              "B = None\n"
              "C = None\n"
              "def initialize(args):\n"
              "    global A, B, C\n"
              "    A = make(args.a)\n"
              "    B = make(args.b) if args.b is not None else A\n"
              "    if args.c:\n"
              "        C = make(args.c)\n"
              "def get_a():\n"
              "    global A\n"
              "    if A is None:\n"
              "        A = fallback()\n"
              "    return A\n"
              "def get_c():\n"
              "    global C\n"
              "    if C is None:\n"
              "        C = fallback()\n"
              "    return C\n");
        const ModuleFacts &facts = t.files.back();
        const auto seenLines = [&](const GlobalLifetimes &lifetimes, const std::string &name) {
            QStringList lines;
            for (const AssignmentFact &a : facts.assignments)
                if (a.target == name && lifetimes.seen(a))
                    lines << QString::number(a.value.line);
            return lines.join(QLatin1Char(' '));
        };
        const GlobalLifetimes before(facts, {});
        QCOMPARE(seenLines(before, "A"), QStringLiteral("1 6 13"));
        const GlobalLifetimes after(facts, {"moe.initialize"});
        QCOMPARE(seenLines(after, "A"), QStringLiteral("6"));
        QCOMPARE(seenLines(after, "B"), QStringLiteral("7 7"));
        QCOMPARE(seenLines(after, "C"), QStringLiteral("3 9 18"));
    }

    void anAssertAndARestoredValueNarrowAModuleFlag()
    {
        // `_SIZE` starts as None and is set by init(); its getter asserts it
        // is set, and a context manager puts a saved value back. Neither the
        // None nor the saved value is a value the getter can return.
        Tree t;
        addServerArgs(t,
                      "    enable_dp: bool = False\n"
                      "    dp_size: int = 1\n");
        t.add("kpkg.ops", "def gather(x): torch.ops.kns.g(x)\n");
        t.add("dp",
              "from cfg import ServerArgs, get_args\n"
              "from kpkg.ops import gather\n"
              "_SIZE: Optional[int] = None\n"
              "def init(args: ServerArgs):\n"
              "    global _SIZE\n"
              "    if args.enable_dp:\n"
              "        _SIZE = args.dp_size\n"
              "    else:\n"
              "        _SIZE = 1\n"
              "def get_size():\n"
              "    assert _SIZE is not None, \"not initialised\"\n"
              "    return _SIZE\n"
              "@contextmanager\n"
              "def single():\n"
              "    global _SIZE\n"
              "    saved = _SIZE\n"
              "    _SIZE = 1\n"
              "    yield\n"
              "    _SIZE = saved\n"
              "init(get_args())\n"
              "def warm_up():\n"
              "    with single():\n"
              "        pass\n"
              "warm_up()\n"
              "class Gather:\n"
              "    def forward(self, x):\n"
              "        if get_size() != 1:\n"
              "            gather(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(reachedUnder(r, "dp.Gather.forward", parsed("server.enable_dp=false"))), joined(std::set<std::string>{}));
        QCOMPARE(joined(reachedUnder(r, "dp.Gather.forward", parsed("server.enable_dp=true server.dp_size=1"))), joined(std::set<std::string>{}));
        QCOMPARE(joined(reachedUnder(r, "dp.Gather.forward", parsed("server.enable_dp=true server.dp_size=4"))), joined(std::set<std::string>{"gather"}));
    }

    void aNameReadBackThroughAnotherAddsNothing()
    {
        // A draft context swaps in the speculative backend, which defaults to
        // the main one: MODE -> get_spec() -> SPEC -> MODE is a cycle, and a
        // cycle adds nothing to what the other assignments give. With many
        // assignments (more values than are told apart) the values are folded,
        // not forgotten: the main backend still decides the guard.
        Tree t;
        addServerArgs(t,
                      "    backend: str = \"plain\"\n"
                      "    spec_backend: Optional[str] = None\n");
        t.add("kpkg.ops", "def fast_k(x): torch.ops.kns.f(x)\ndef plain_k(x): torch.ops.kns.p(x)\n");
        std::string extra;
        for (int i = 0; i < 20; ++i)
            extra += "def force_" + std::to_string(i) + "(args: ServerArgs):\n    global MODE\n    if get_bool_env_var(\"FORCE_" + std::to_string(i) + "\"):\n        MODE = args.backend\n"
                     "force_" + std::to_string(i) + "(get_args())\n";
        const std::string modes =
              "from cfg import ServerArgs, get_args\n"
              "from kpkg.ops import fast_k, plain_k\n"
              "MODE = None\n"
              "SPEC = None\n"
              "def init(args: ServerArgs):\n"
              "    global MODE, SPEC\n"
              "    MODE = args.backend\n"
              "    SPEC = args.spec_backend if args.spec_backend is not None else MODE\n"
              "def get_spec():\n"
              "    global SPEC\n"
              "    if SPEC is None:\n"
              "        SPEC = MODE\n"
              "    return SPEC\n"
              "@contextmanager\n"
              "def draft_context():\n"
              "    global MODE\n"
              "    saved = MODE\n"
              "    try:\n"
              "        MODE = get_spec()\n"
              "        yield\n"
              "    finally:\n"
              "        MODE = saved\n"
              "init(get_args())\n"
              + extra +
              "def get_mode():\n"
              "    assert MODE is not None\n"
              "    return MODE\n"
              "class Runner:\n"
              "    def forward(self, x):\n"
              "        if get_mode() == \"fast\":\n"
              "            fast_k(x)\n"
              "        else:\n"
              "            plain_k(x)\n";
        t.add("modes", modes.c_str());
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(reachedUnder(r, "modes.Runner.forward", parsed("server.backend=plain"))), QStringLiteral("plain_k"));
        QCOMPARE(joined(reachedUnder(r, "modes.Runner.forward", parsed("server.backend=fast"))), QStringLiteral("fast_k"));
    }

    void anEnvironmentReaderNamedByItsDottedNameReadsOnlyThat()
    {
        // `os.environ.get("X", "0")` is the variable X, "0" by default; a
        // dict's `get` with a literal key is no environment variable.
        Tree t;
        t.add("kpkg.ops", "def fast_k(x): torch.ops.kns.f(x)\ndef plain_k(x): torch.ops.kns.p(x)\n");
        t.add("runner",
              "import os\n"
              "from kpkg.ops import fast_k, plain_k\n"
              "class Runner:\n"
              "    def __init__(self, options: dict):\n"
              "        self.fused = True\n"
              "        disable = os.environ.get(\"DISABLE_FUSED\", \"0\")\n"
              "        if disable == \"1\":\n"
              "            self.fused = False\n"
              "        self.slow = options.get(\"SLOW\", \"0\") == \"1\"\n"
              "    def forward(self, x):\n"
              "        if self.fused:\n"
              "            fast_k(x)\n"
              "        else:\n"
              "            plain_k(x)\n"
              "    def tail(self, x):\n"
              "        if self.slow:\n"
              "            plain_k(x)\n");
        const Profile p = environGetProfile();
        const Resolved r = resolve(t, p);
        QCOMPARE(joined(reachedUnder(r, "runner.Runner.forward", parsed("server.x=1"))), QStringLiteral("fast_k"));
        QVERIFY(reachedUnder(r, "runner.Runner.forward", parsed("env.DISABLE_FUSED=1")).count("plain_k"));
        // The dict's key stays unknown: its branch may run whatever the filter.
        QCOMPARE(joined(reachedUnder(r, "runner.Runner.tail", parsed("env.SLOW=0"))), QStringLiteral("plain_k"));
    }

    void aGuardOnAnAttributeReadsTheAssignmentsThatReachIt()
    {
        // `self.method` starts as None and is set in a branch above the
        // test: the plain method is built only where that branch did not run.
        Tree t;
        addServerArgs(t,
                      "    use_fast: bool = False\n");
        t.add("kpkg.ops", "def fast_k(x): torch.ops.kns.f(x)\ndef plain_k(x): torch.ops.kns.p(x)\n");
        t.add("layer",
              "from cfg import get_args\n"
              "from kpkg.ops import fast_k, plain_k\n"
              "class FastMethod:\n"
              "    def apply(self, x): fast_k(x)\n"
              "class PlainMethod:\n"
              "    def apply(self, x): plain_k(x)\n"
              "class Layer:\n"
              "    def __init__(self):\n"
              "        self.method = None\n"
              "        if get_args().use_fast:\n"
              "            self.method = FastMethod()\n"
              "        if self.method is None:\n"
              "            self.method = PlainMethod()\n"
              "    def forward(self, x):\n"
              "        self.method.apply(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(reachedUnder(r, "layer.Layer.forward", parsed("server.use_fast=true"))), QStringLiteral("fast_k"));
        QCOMPARE(joined(reachedUnder(r, "layer.Layer.forward", parsed("server.use_fast=false"))), QStringLiteral("plain_k"));
    }

    void enumMembersMadeByAutoAreDistinctConstants()
    {
        // `Format.FAST = auto()`: the member has no literal, yet is itself
        // and no other member, so `fmt == Format.FAST` holds only where the
        // setting picks it.
        Tree t;
        addServerArgs(t,
                      "    backend: str = \"plain\"\n");
        t.add("kpkg.ops", "def fast_k(x): torch.ops.kns.f(x)\ndef plain_k(x): torch.ops.kns.p(x)\n");
        t.add("fmt",
              "from enum import IntEnum, auto\n"
              "from cfg import get_args\n"
              "from kpkg.ops import fast_k, plain_k\n"
              "class Format(IntEnum):\n"
              "    PLAIN = auto()\n"
              "    FAST = auto()\n"
              "class Router:\n"
              "    def forward(self, x):\n"
              "        if get_args().backend == \"fast\":\n"
              "            fmt = Format.FAST\n"
              "        else:\n"
              "            fmt = Format.PLAIN\n"
              "        if fmt == Format.FAST:\n"
              "            fast_k(x)\n"
              "        else:\n"
              "            plain_k(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(reachedUnder(r, "fmt.Router.forward", parsed("server.backend=fast"))), QStringLiteral("fast_k"));
        QCOMPARE(joined(reachedUnder(r, "fmt.Router.forward", parsed("server.backend=plain"))), QStringLiteral("plain_k"));
    }

    void flagsCopiedFromEachOtherAddNothingNew()
    {
        // B is set from A and A later from B: following A back to itself
        // adds no value to what its other assignment gives.
        Tree t;
        addServerArgs(t,
                      "    mode: str = \"plain\"\n");
        t.add("kpkg.ops", "def fast_k(x): torch.ops.kns.f(x)\n");
        t.add("flags",
              "from cfg import ServerArgs, get_args\n"
              "from kpkg.ops import fast_k\n"
              "MODE = None\n"
              "DRAFT_MODE = None\n"
              "def init(args: ServerArgs):\n"
              "    global MODE, DRAFT_MODE\n"
              "    MODE = args.mode\n"
              "    DRAFT_MODE = MODE\n"
              "def use_draft():\n"
              "    global MODE\n"
              "    MODE = DRAFT_MODE\n"
              "init(get_args())\n"
              "use_draft()\n"
              "class Op:\n"
              "    def forward(self, x):\n"
              "        if MODE == \"fast\":\n"
              "            fast_k(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(reachedUnder(r, "flags.Op.forward", parsed("server.mode=fast"))), QStringLiteral("fast_k"));
        QCOMPARE(joined(reachedUnder(r, "flags.Op.forward", parsed("server.mode=plain"))), QString());
    }

    void assignmentsOnObjectsOfOtherClassesDoNotReachAnAttribute()
    {
        // `Registry.enabled = True` sets another class's attribute; an object
        // the resolver cannot place (`obj.verbose = True`) may be any.
        Tree t;
        t.add("kpkg.ops", "def enabled_path(x): torch.ops.kns.e(x)\ndef verbose_path(x): torch.ops.kns.v(x)\n");
        t.add("mods",
              "from kpkg.ops import enabled_path, verbose_path\n"
              "class Registry:\n"
              "    enabled = False\n"
              "Registry.enabled = True\n"
              "class Layer:\n"
              "    def __init__(self):\n"
              "        self.enabled = False\n"
              "        self.verbose = False\n"
              "    def forward(self, x):\n"
              "        if self.enabled:\n"
              "            enabled_path(x)\n"
              "        if self.verbose:\n"
              "            verbose_path(x)\n"
              "def configure(obj):\n"
              "    obj.verbose = True\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReached(r, "mods.Layer.forward")), joined(std::set<std::string>{"verbose_path"}));
    }

    void keysACheckpointLacksAreAbsent()
    {
        // `getattr(config, "softcap", None)`: a checkpoint without the key
        // gives None, so the capping kernel does not run; one with it does.
        // The processor is built by many models, most passing other things.
        Tree t;
        std::string models = "from proc import Processor\n";
        for (int i = 0; i < 20; ++i)
            models += "class Model" + std::to_string(i) + ":\n"
                + (i == 0 ? "    def __init__(self, config: PretrainedConfig):\n        self.proc = Processor(config)\n"
                          : "    def __init__(self, other):\n        self.proc = Processor(other.part" + std::to_string(i) + ")\n")
                + "    def forward(self, x):\n        self.proc.forward(x)\n";
        t.add("kpkg.ops", "def softcap(x): torch.ops.kns.s(x)\ndef logits(x): torch.ops.kns.l(x)\n");
        t.add("proc",
              "from kpkg.ops import softcap, logits\n"
              "class Processor:\n"
              "    def __init__(self, config):\n"
              "        self.config = config\n"
              "        self.cap = getattr(self.config, \"softcap\", None)\n"
              "    def forward(self, x):\n"
              "        if self.cap:\n"
              "            softcap(x)\n"
              "        logits(x)\n");
        t.add("models", models.c_str());
        const Resolved r = resolve(t, modelSettingsProfile());
        const QJsonObject without{{"hidden_size", 7168}};
        const QJsonObject with{{"hidden_size", 7168}, {"softcap", 30.0}};
        QCOMPARE(joined(reachedUnder(r, "models.Model0.forward", checkpoint(without))), joined(std::set<std::string>{"logits"}));
        QCOMPARE(joined(reachedUnder(r, "models.Model0.forward", checkpoint(with))), joined(std::set<std::string>{"logits", "softcap"}));
        // Another model passes what is not known: its processor may cap.
        QCOMPARE(joined(reachedUnder(r, "models.Model7.forward", checkpoint(without))), joined(std::set<std::string>{"logits", "softcap"}));
        // The configuration's other keys are absent; it names the ones it has.
        QVERIFY(checkpoint(without).otherSettings("model.softcap") != nullptr);
        QCOMPARE(*checkpoint(without).otherSettings("model.quantization_config.quant_method"), std::set<std::string>{kAbsentSetting});
        QVERIFY(!parsed("server.enable_dp=true").otherSettings("model.softcap"));
    }
    void numbersTheDeviceFixesDecideGuards()
    {
        // The profile says what the device capability is per GPU
        // architecture; the code computes with it. Marlin runs only on
        // 80 <= sm < 89 (or when forced), the new kernel from major 10 on.
        Tree t;
        addServerArgs(t, "    mode: str = \"plain\"\n");
        t.add("kpkg.ops", "def marlin_k(x): torch.ops.kns.m(x)\ndef block_k(x): torch.ops.kns.b(x)\n"
                          "def new_k(x): torch.ops.kns.n(x)\n");
        t.add("dev", "def get_capability():\n    return torch.cuda.get_device_capability()\n");
        t.add("quant",
              "from dev import get_capability\n"
              "from kpkg.ops import marlin_k, block_k, new_k\n"
              "def can_use_marlin():\n"
              "    try:\n"
              "        major, minor = get_capability()\n"
              "        sm = major * 10 + minor\n"
              "        return 80 <= sm < 89\n"
              "    except Exception:\n"
              "        return False\n"
              "class Method:\n"
              "    def __init__(self):\n"
              "        forced = get_bool_env_var(\"FORCE_MARLIN\")\n"
              "        self.use_marlin = forced or can_use_marlin()\n"
              "    def apply(self, x):\n"
              "        if self.use_marlin:\n"
              "            marlin_k(x)\n"
              "        elif get_capability()[0] >= 10:\n"
              "            new_k(x)\n"
              "        else:\n"
              "            block_k(x)\n");
        Profile p = settingsProfile();
        DimensionValueRule capability;
        capability.callText = "(?:^|\\.)get_capability$";
        capability.call = ProfilePattern(capability.callText);
        capability.dimension = "gpu_arch";
        capability.values = {{"sm80", "8,0"}, {"sm90", "9,0"}, {"sm100", "10,0"}};
        p.dimensionValues = {capability};
        const Resolved r = resolve(t, p);
        QCOMPARE(joined(reachedUnder(r, "quant.Method.apply", parsed("gpu_arch=sm90"))), QStringLiteral("block_k"));
        QCOMPARE(joined(reachedUnder(r, "quant.Method.apply", parsed("gpu_arch=sm100"))), QStringLiteral("new_k"));
        QCOMPARE(joined(reachedUnder(r, "quant.Method.apply", parsed("gpu_arch=sm80"))), QStringLiteral("block_k marlin_k"));
        // `forced or can_use_marlin()` is `forced` where it is true.
        QCOMPARE(joined(reachedUnder(r, "quant.Method.apply", parsed("gpu_arch=sm90 env.FORCE_MARLIN=true"))),
                 QStringLiteral("marlin_k"));
        // An architecture the profile gives no number for: anything may run.
        QCOMPARE(joined(reachedUnder(r, "quant.Method.apply", parsed("gpu_arch=sm70"))), QStringLiteral("block_k marlin_k new_k"));
    }
    void aValueTakenInSeveralWaysKeepsThem()
    {
        // The fast implementation is taken when either setting is on: two
        // ways, on two settings. A deployment with both off never runs it.
        Tree t;
        addServerArgs(t, "    fast_a: bool = False\n    fast_b: bool = False\n");
        t.add("kpkg.ops", "def fast_k(x): torch.ops.kns.f(x)\ndef slow_k(x): torch.ops.kns.s(x)\n");
        t.add("layer",
              "from cfg import get_args\n"
              "from kpkg.ops import fast_k, slow_k\n"
              "class FastImpl:\n"
              "    def run(self, x):\n"
              "        fast_k(x)\n"
              "class SlowImpl:\n"
              "    def run(self, x):\n"
              "        slow_k(x)\n"
              "class Layer:\n"
              "    def __init__(self):\n"
              "        if get_args().fast_a or get_args().fast_b:\n"
              "            self.impl = FastImpl()\n"
              "        else:\n"
              "            self.impl = SlowImpl()\n"
              "    def forward(self, x):\n"
              "        self.impl.run(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(reachedUnder(r, "layer.Layer.forward", parsed("server.fast_a=false"))), QStringLiteral("slow_k"));
        QCOMPARE(joined(reachedUnder(r, "layer.Layer.forward", parsed("server.fast_b=true"))), QStringLiteral("fast_k"));
        QCOMPARE(joined(reachedUnder(r, "layer.Layer.forward", {})), QStringLiteral("fast_k slow_k"));
    }
    void manyOverridesFoldIntoTheirValues()
    {
        // Twenty quantization configs: the even ones have a method for the
        // MoE layer, the odd ones return None and the layer falls back to
        // the unquantized method. More returns than the bound, two values.
        Tree t;
        t.add("kpkg.ops", "def quant_k(x): torch.ops.kns.q(x)\ndef plain_k(x): torch.ops.kns.p(x)\n");
        std::string q = "from kpkg.ops import quant_k\n"
                        "class MoeQuant:\n    def apply(self, x):\n        quant_k(x)\n"
                        "class QuantConfig:\n    def get_quant_method(self, layer):\n        raise NotImplementedError\n";
        std::string registry = "QUANT = {";
        for (int i = 0; i < 20; ++i) {
            const std::string n = std::to_string(i);
            q += "class Config" + n + "(QuantConfig):\n    def get_quant_method(self, layer):\n"
                + (i % 2 == 0 ? "        from moe import MoeLayer\n        if isinstance(layer, MoeLayer):\n"
                                "            return MoeQuant()\n        return None\n"
                              : "        return None\n");
            registry += (i ? ", \"q" : "\"q") + n + "\": Config" + n;
        }
        t.add("q", (q + registry + "}\n").c_str());
        t.add("moe",
              "from q import QuantConfig\n"
              "from kpkg.ops import plain_k\n"
              "class Unquant:\n"
              "    def apply(self, x):\n"
              "        plain_k(x)\n"
              "class MoeLayer:\n"
              "    def __init__(self, quant_config: QuantConfig):\n"
              "        self.quant_method = None\n"
              "        if quant_config is not None:\n"
              "            self.quant_method = quant_config.get_quant_method(self)\n"
              "        if self.quant_method is None:\n"
              "            self.quant_method = Unquant()\n"
              "    def forward(self, x):\n"
              "        self.quant_method.apply(x)\n");
        Profile p = settingsProfile();
        p.dimensionRules.push_back(guardRule("^quant_config is None$", "quantization", "none"));
        const Resolved r = resolve(t, p);
        QCOMPARE(joined(reachedUnder(r, "moe.MoeLayer.forward", parsed("quantization=q2"))), QStringLiteral("quant_k"));
        QCOMPARE(joined(reachedUnder(r, "moe.MoeLayer.forward", parsed("quantization=q3"))), QStringLiteral("plain_k"));
    }
    void aSettingOrderedAgainstANumberHoldsAsItsDefaultDoes()
    {
        // `topk = args.eagle_topk or 0` (default None) and `args.chunk > 8`
        // (default 4): at their defaults neither ordering holds; a deployment
        // that sets them may take either way.
        Tree t;
        addServerArgs(t,
                      "    eagle_topk: Optional[int] = None\n"
                      "    chunk: int = 4\n");
        t.add("kpkg.ops", "def merge_k(x): torch.ops.kns.m(x)\ndef chunk_k(x): torch.ops.kns.c(x)\ndef plain_k(x): torch.ops.kns.p(x)\n");
        t.add("attn",
              "from cfg import get_args\n"
              "from kpkg.ops import merge_k, chunk_k, plain_k\n"
              "class Backend:\n"
              "    def __init__(self):\n"
              "        self.topk = get_args().eagle_topk or 0\n"
              "    def forward(self, x):\n"
              "        if self.topk > 1:\n"
              "            merge_k(x)\n"
              "        if get_args().chunk > 8:\n"
              "            chunk_k(x)\n"
              "        plain_k(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(reachedUnder(r, "attn.Backend.forward", parsed("server.chunk=4"))), QStringLiteral("plain_k"));
        QCOMPARE(joined(reachedUnder(r, "attn.Backend.forward", parsed("server.eagle_topk=4 server.chunk=16"))),
                 QStringLiteral("chunk_k merge_k plain_k"));
    }

    void aDefaultSetWhenNoneLeavesNoNone()
    {
        // `if _BACKEND is None: _BACKEND = "auto"` before the return: the
        // getter never returns None, whatever the module starts with.
        Tree t;
        t.add("kpkg.ops", "def none_k(x): torch.ops.kns.n(x)\ndef some_k(x): torch.ops.kns.s(x)\n");
        t.add("backend",
              "from kpkg.ops import none_k, some_k\n"
              "_BACKEND = None\n"
              "def get_backend():\n"
              "    global _BACKEND\n"
              "    if _BACKEND is None:\n"
              "        log(\"not set\")\n"
              "        _BACKEND = \"auto\"\n"
              "    return _BACKEND\n"
              "class Layer:\n"
              "    def forward(self, x):\n"
              "        if get_backend() is None:\n"
              "            none_k(x)\n"
              "        else:\n"
              "            some_k(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(reachedUnder(r, "backend.Layer.forward", {})), QStringLiteral("some_k"));
    }

    void anOperatorsResultIsNeverNone()
    {
        // `sm = major * 10 + minor` handed to a parameter defaulting to None:
        // the callee's `if sm is not None` holds, its fallback never runs.
        Tree t;
        addNoneTested(t, "norm",
                      "def device_sm(props):\n"
                      "    return props.major * 10 + props.minor\n"
                      "def run(x, props):\n"
                      "    kernel(x, sm=device_sm(props))\n",
                      {{"kernel", "sm"}});
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(reachedUnder(r, "norm.run", {})), QStringLiteral("given_k"));
    }

    void aBuiltinsValueIsNeverNone()
    {
        // `len(xs)` is a number, `getattr(o, "n", None)` may be None.
        Tree t;
        addNoneTested(t, "count",
                      "def by_length(x, xs):\n"
                      "    work(x, n=len(xs))\n"
                      "def by_attribute(x, o):\n"
                      "    other_work(x, n=getattr(o, \"n\", None))\n",
                      {{"work", "n"}, {"other_work", "n"}});
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(reachedUnder(r, "count.by_length", {})), QStringLiteral("given_k"));
        QCOMPARE(joined(reachedUnder(r, "count.by_attribute", {})), QStringLiteral("given_k probe_k"));
    }

    void aDisplayIsNeverNone()
    {
        // `names = []` filled in a loop, then handed on: never None.
        Tree t;
        addNoneTested(t, "load",
                      "def load(x, ws):\n"
                      "    names = []\n"
                      "    for w in ws:\n"
                      "        names.append(w)\n"
                      "    post(x, names=names)\n",
                      {{"post", "names"}});
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(reachedUnder(r, "load.load", {})), QStringLiteral("given_k"));
    }

    void aSettingReadAtItsOwnDefaultingTestIsNotYetSet()
    {
        // Readers elsewhere see the list `__post_init__` puts in place of the
        // None default; its own test, before the assignment, still sees None.
        Tree t;
        addServerArgs(t,
                      "    tokens: Optional[List[int]] = None\n"
                      "    def __post_init__(self):\n"
                      "        if self.tokens is None:\n"
                      "            self.tokens = self._generate()\n"
                      "    def _generate(self):\n"
                      "        from kpkg.ops import gen_k\n"
                      "        gen_k(1)\n"
                      "        return [1, 2]\n");
        t.add("kpkg.ops", "def gen_k(x): torch.ops.kns.g(x)\ndef none_k(x): torch.ops.kns.n(x)\n");
        t.add("runner",
              "from cfg import get_args\n"
              "from kpkg.ops import none_k\n"
              "def run(x):\n"
              "    if get_args().tokens is None:\n"
              "        none_k(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(reachedUnder(r, "cfg.ServerArgs.__post_init__", {})), QStringLiteral("gen_k"));
        QCOMPARE(joined(reachedUnder(r, "runner.run", {})), QString());
    }

    void importsLeadingBackToThemselvesEndUnknown()
    {
        // A package's __init__ binds its submodule (`from . import env`),
        // and two modules import a flag from each other: following either
        // name used to recurse until the stack overflowed. The submodule's
        // None still rules its call out; the flag of the cycle is unknown, so
        // its call stays, and the cycle is a diagnostic at its import.
        Tree t;
        t.add("kpkg.ops", "def env_k(x): torch.ops.kns.e(x)\ndef ring_k(x): torch.ops.kns.r(x)\n");
        t.add("pkg", "from . import env as env\n", true);
        t.add("pkg.env", "HOME = None\n");
        t.add("ring_a", "from ring_b import FLAG\n");
        t.add("ring_b", "from ring_a import FLAG\n");
        t.add("user",
              "from kpkg.ops import env_k, ring_k\n"
              "from pkg import env as jit_env\n"
              "from ring_a import FLAG\n"
              "class Op:\n"
              "    def forward(self, x):\n"
              "        if jit_env.HOME:\n"
              "            env_k(x)\n"
              "        if FLAG:\n"
              "            ring_k(x)\n");
        const Resolved r = resolve(t, modelSettingsProfile());
        QCOMPARE(joined(kernelsReached(r, "user.Op.forward")), QStringLiteral("ring_k"));
        QStringList cycles;
        for (const FileDiagnostic &d : r.g.diagnostics)
            cycles << QString::fromStdString(d.path + ':' + std::to_string(d.line));
        cycles.sort();
        QCOMPARE(cycles.join(QLatin1Char(' ')), QStringLiteral("/ring_a.py:1"));
    }
    // A way's conditions said once per dimension before a bound folds
    // anything (condition_mapper.h `simplify`): exact, and places building a
    // class (which may be two instances) are left alone.
    void conditionsOnOneDimensionAreSaidOnce()
    {
        const auto is = [](const char *d, std::vector<std::string> v, bool negated = false) {
            return Condition{d, std::move(v), negated, {}};
        };
        ConditionSet set{is("d", {"a", "b"}), is("d", {"a"}), is("e", {"x"}, true)};
        simplify(set);
        QCOMPARE(set, (ConditionSet{is("d", {"a"}), is("e", {"x"}, true)}));
        set = {is("d", {"a"}), is("d", {"b"}, true)};
        simplify(set);
        QCOMPARE(set, (ConditionSet{is("d", {"a"})}));
        set = {is("d", {"a"}), is("d", {"b"})}; // contradictory: seen as such still
        simplify(set);
        QVERIFY(contradictory(set));
        const std::string place = builtAt("Runner", "a").dimension;
        set = {is(place.c_str(), {"a"}), is(place.c_str(), {"b"})};
        simplify(set);
        QCOMPARE(set.size(), size_t(2));
    }
};

QTEST_GUILESS_MAIN(TestGuardValues)
#include "tst_guard_values.moc"
