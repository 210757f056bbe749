// Values that come in through parameters and annotations: a function's
// parameter holds what its calls pass (by its name or a module's alias), a parameter the body assigns again
// holds both, a flag handed on by position keeps its literal in the callee's
// copy, a long argument list hides none of its arguments, a registry's lookup gives what its keys registered, and a
// `Callable[..., R]` called gives an R, and an annotated parameter is no
// tuple unless its annotation admits one
// (docs/guard-evaluation.md, "Parameters of functions", "Registry lookups",
// "Callables an annotation names", "isinstance of an annotated parameter").
#include "guard_fixture.h"

#include <QTest>

using namespace katlas;
using namespace katlas::test;

// The decorator registry of fused functions the lookup tests use:
// `@register_fused(dispatch, runner)`, looked up by `get_fused`.
static void addFusedRegistry(Profile &p)
{
    RegistryRule fused{RegistryRule::Kind::Decorator, "register_fused", "dispatch"};
    fused.lookup = "get_fused";
    p.registries.push_back(fused);
}

class TestParameterValues : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aFunctionsParameterHoldsWhatItsCallsPass()
    {
        // A runner hands a setting to a setter that rebinds a module flag;
        // a group built by a factory takes the flag unless its caller passes
        // one. The fast path runs only where the setting is on.
        Tree t;
        addServerArgs(t, "    enable_fast: bool = False\n");
        t.add("kpkg.ops", "def fast_k(x): torch.ops.kns.f(x)\ndef slow_k(x): torch.ops.kns.s(x)\n");
        t.add("groups",
              "from kpkg.ops import fast_k, slow_k\n"
              "_FAST = False\n"
              "def set_fast(enable: bool):\n"
              "    global _FAST\n"
              "    _FAST = enable\n"
              "class Group:\n"
              "    def __init__(self, use_fast):\n"
              "        self.fast = None\n"
              "        if use_fast:\n"
              "            self.fast = object()\n"
              "    def reduce(self, x):\n"
              "        if self.fast is not None:\n"
              "            fast_k(x)\n"
              "        else:\n"
              "            slow_k(x)\n"
              "def make_group(use_fast=None):\n"
              "    if use_fast is None:\n"
              "        use_fast = _FAST\n"
              "    return Group(use_fast=use_fast)\n");
        t.add("runner",
              "from cfg import ServerArgs\n"
              "from groups import set_fast, make_group\n"
              "class Runner:\n"
              "    def __init__(self, server_args: ServerArgs):\n"
              "        self.server_args = server_args\n"
              "    def start(self):\n"
              "        set_fast(self.server_args.enable_fast)\n"
              "        self.group = make_group()\n"
              "    def step(self, x):\n"
              "        self.group.reduce(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReachedUnder(r, "runner.Runner.step", parsed("server.enable_fast=false"))), QStringLiteral("slow_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "runner.Runner.step", parsed("server.enable_fast=true"))),
                 QStringLiteral("fast_k slow_k"));
    }

    void aParameterTakesTheNamesItsCallsPass()
    {
        // `flag` gets a module constant by position and by keyword, and
        // nothing (its default) at a third call: it is never true. A function
        // nothing calls keeps its guard open.
        Tree t;
        t.add("kpkg.ops", "def on_k(x): torch.ops.kns.on(x)\ndef off_k(x): torch.ops.kns.off(x)\n");
        t.add("m",
              "from kpkg.ops import on_k, off_k\n"
              "DEBUG = False\n"
              "def run(x, flag=False):\n"
              "    if flag:\n"
              "        on_k(x)\n"
              "    else:\n"
              "        off_k(x)\n"
              "def orphan(x, flag=False):\n"
              "    if flag:\n"
              "        on_k(x)\n"
              "class Layer:\n"
              "    def forward(self, x):\n"
              "        run(x, DEBUG)\n"
              "        run(x, flag=DEBUG)\n"
              "        run(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReached(r, "m.Layer.forward")), QStringLiteral("off_k"));
        QCOMPARE(joined(kernelsReached(r, "m.orphan")), QStringLiteral("on_k"));
    }

    void aCommentAmongArgumentsTakesNoPosition()
    {
        // The comment after the first argument is not one: the second binds
        // `b` and `sink` keeps its default None.
        Tree t;
        t.add("kpkg.ops", "def plain_k(x): torch.ops.kns.p(x)\ndef sink_k(x): torch.ops.kns.s(x)\n");
        t.add("m",
              "from kpkg.ops import plain_k, sink_k\n"
              "def decode(x, unused, b=1.0, sink=None):\n"
              "    if sink is not None:\n"
              "        sink_k(x)\n"
              "    else:\n"
              "        plain_k(x)\n"
              "class Runner:\n"
              "    def forward(self, x):\n"
              "        decode(\n"
              "            x,\n"
              "            -1,  # unused\n"
              "            2.0,\n"
              "        )\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReached(r, "m.Runner.forward")), QStringLiteral("plain_k"));
    }

    void aLiteralDefaultIsWhatAPlacePassingNothingGives()
    {
        // `Experts()` passes no activation: its instance holds the default
        // "silu", `Experts(activation="gelu")` the GELU one. A function
        // called without its numeric argument holds the default number, in
        // the copy made for the call too (`|group=D`).
        Tree t;
        t.add("kpkg.ops", "def silu_k(x): torch.ops.kns.s(x)\ndef gelu_k(x): torch.ops.kns.g(x)\n");
        t.add("m",
              "from kpkg.ops import silu_k, gelu_k\n"
              "def gate(x, group=8):\n"
              "    if group == 8:\n"
              "        silu_k(x)\n"
              "    else:\n"
              "        gelu_k(x)\n"
              "class Experts:\n"
              "    def __init__(self, activation: str = \"silu\"):\n"
              "        self.activation = activation\n"
              "    def forward(self, x):\n"
              "        if self.activation == \"gelu\":\n"
              "            gelu_k(x)\n"
              "        else:\n"
              "            silu_k(x)\n"
              "class Plain:\n"
              "    def __init__(self):\n"
              "        self.experts = Experts()\n"
              "    def forward(self, x):\n"
              "        self.experts.forward(x)\n"
              "class Gelu:\n"
              "    def __init__(self):\n"
              "        self.experts = Experts(activation=\"gelu\")\n"
              "    def forward(self, x):\n"
              "        self.experts.forward(x)\n"
              "class Router:\n"
              "    def forward(self, x):\n"
              "        gate(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReached(r, "m.Plain.forward")), QStringLiteral("silu_k"));
        QCOMPARE(joined(kernelsReached(r, "m.Gelu.forward")), QStringLiteral("gelu_k"));
        QCOMPARE(joined(kernelsReached(r, "m.Router.forward")), QStringLiteral("silu_k"));
    }

    void aDefaultIsNotReadPastTheArgumentsKept()
    {
        // A call keeps 32 plain keywords. `User` passes `act` and `sink`
        // past them: either may be anything, so neither default is read.
        // `Other` passes only `z` past them: `act` and `sink` are not it, so
        // they hold their defaults "silu" and None.
        std::string params, passed;
        for (int i = 0; i < 32; ++i) {
            params += "p" + std::to_string(i) + "=0, ";
            passed += "p" + std::to_string(i) + "=ONE, ";
        }
        Tree t;
        t.add("kpkg.ops", "def silu_k(x): torch.ops.kns.s(x)\ndef gelu_k(x): torch.ops.kns.g(x)\n"
                          "def sink_k(x): torch.ops.kns.k(x)\n");
        const std::string src = "from kpkg.ops import silu_k, gelu_k, sink_k\n"
                                "ACT = \"gelu\"\n"
                                "ONE = 1\n"
                                "class Experts:\n"
                                "    def __init__(self, " + params + "z=0, act: str = \"silu\", sink=None):\n"
                                "        self.act = act\n"
                                "        self.sink = sink\n"
                                "    def forward(self, x):\n"
                                "        if self.act == \"gelu\":\n"
                                "            gelu_k(x)\n"
                                "        else:\n"
                                "            silu_k(x)\n"
                                "        if self.sink is not None:\n"
                                "            sink_k(x)\n"
                                "class User:\n"
                                "    def __init__(self):\n"
                                "        self.experts = Experts(" + passed + "act=ACT, sink=ONE)\n"
                                "    def forward(self, x):\n"
                                "        self.experts.forward(x)\n"
                                "class Other:\n"
                                "    def __init__(self):\n"
                                "        self.experts = Experts(" + passed + "z=ONE)\n"
                                "    def forward(self, x):\n"
                                "        self.experts.forward(x)\n";
        t.add("m", src.c_str());
        const Resolved r = resolve(t, settingsProfile());
        const std::set<std::string> user = kernelsReached(r, "m.User.forward");
        QVERIFY(user.count("gelu_k") && user.count("sink_k"));
        QCOMPARE(joined(kernelsReached(r, "m.Other.forward")), QStringLiteral("silu_k"));
    }

    void aFunctionCalledByAnAliasTakesWhatTheAliasIsPassed()
    {
        // The module binds a second name to the function and calls go
        // through it: the parameter holds what those calls pass.
        Tree t;
        t.add("kpkg.ops", "def on_k(x): torch.ops.kns.on(x)\ndef off_k(x): torch.ops.kns.off(x)\n");
        t.add("m",
              "from kpkg.ops import on_k, off_k\n"
              "DEBUG = False\n"
              "def run_gpu(x, flag=False):\n"
              "    if flag:\n"
              "        on_k(x)\n"
              "    else:\n"
              "        off_k(x)\n"
              "run = run_gpu\n"
              "class Layer:\n"
              "    def forward(self, x):\n"
              "        run(x, DEBUG)\n"
              "        run(x, flag=DEBUG)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReached(r, "m.Layer.forward")), QStringLiteral("off_k"));
    }

    void aFlagHandedOnByPositionKeepsItsLiteral()
    {
        // `save=False` given to a layer that hands `save` on by position to
        // its backend: the backend's copy for that call does not save.
        Tree t;
        t.add("kpkg.ops", "def save_k(x): torch.ops.kns.s(x)\ndef attend_k(x): torch.ops.kns.a(x)\n");
        t.add("attn",
              "from kpkg.ops import save_k, attend_k\n"
              "class Backend:\n"
              "    def forward(self, x, layer, save=True):\n"
              "        if save:\n"
              "            save_k(x)\n"
              "        attend_k(x)\n"
              "class Attention:\n"
              "    def __init__(self):\n"
              "        self.backend = Backend()\n"
              "    def forward(self, x, save=True):\n"
              "        return self.backend.forward(x, self, save)\n"
              "class Model:\n"
              "    def __init__(self):\n"
              "        self.attn = Attention()\n"
              "    def no_save(self, x):\n"
              "        self.attn.forward(x, save=False)\n"
              "    def saving(self, x):\n"
              "        self.attn.forward(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReached(r, "attn.Model.no_save")), QStringLiteral("attend_k"));
        QCOMPARE(joined(kernelsReached(r, "attn.Model.saving")), QStringLiteral("attend_k save_k"));
    }

    void aLongArgumentListHidesNoArgument()
    {
        // A call naming many arguments: the last one, whose value nothing
        // pins down, is passed all the same. The callee's copy for the call
        // does not read it at its default, so both quantizations stay.
        Tree t;
        t.add("kpkg.ops", "def plain_k(x): torch.ops.kns.p(x)\ndef block_k(x): torch.ops.kns.b(x)\n");
        t.add("moe",
              "from kpkg.ops import plain_k, block_k\n"
              "def impl(x, activation_scale_for_the_first_gemm=None, activation_scale_for_the_second_gemm=None,\n"
              "         weight_scale_for_the_first_gemm=None, weight_scale_for_the_second_gemm=None, block_shape=None):\n"
              "    if block_shape is None:\n"
              "        plain_k(x)\n"
              "    else:\n"
              "        block_k(x)\n"
              "def run(x, info):\n"
              "    impl(x, activation_scale_for_the_first_gemm=info.a1, activation_scale_for_the_second_gemm=info.a2,\n"
              "         weight_scale_for_the_first_gemm=info.w1, weight_scale_for_the_second_gemm=info.w2,\n"
              "         block_shape=info.block_shape)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReached(r, "moe.run")), QStringLiteral("block_k plain_k"));
    }

    void aRegistryLookupReturnsWhatItsKeysRegistered()
    {
        // Fused functions registered by a decorator under (dispatch, runner)
        // keys; a runner looks one up with its backend's value and falls
        // back to its core where none is registered. The runner's backend
        // comes from a setting: the fused function runs where its keys
        // match, the core only where no key does.
        Tree t;
        addServerArgs(t, "    runner: str = \"auto\"\n");
        t.add("kpkg.ops", "def fused_a(x): torch.ops.kns.fa(x)\ndef fused_b(x): torch.ops.kns.fb(x)\n"
                          "def core_k(x): torch.ops.kns.c(x)\n");
        t.add("pool",
              "_funcs = {}\n"
              "def register_fused(dispatch, runner):\n"
              "    def decorator(fn):\n"
              "        _funcs[(dispatch, runner)] = fn\n"
              "        return fn\n"
              "    return decorator\n"
              "def get_fused(dispatch, runner):\n"
              "    return _funcs.get((dispatch, runner))\n");
        t.add("fused",
              "from pool import register_fused\n"
              "from kpkg.ops import fused_a, fused_b\n"
              "@register_fused(\"none\", \"a\")\n"
              "def run_a(x):\n"
              "    fused_a(x)\n"
              "@register_fused(\"none\", \"b\")\n"
              "def run_b(x):\n"
              "    fused_b(x)\n");
        t.add("runner",
              "from cfg import get_args\n"
              "from pool import get_fused\n"
              "from kpkg.ops import core_k\n"
              "from enum import Enum\n"
              "class Backend(Enum):\n"
              "    A = \"a\"\n"
              "    B = \"b\"\n"
              "    C = \"c\"\n"
              "class Runner:\n"
              "    def __init__(self):\n"
              "        backend = Backend(get_args().runner)\n"
              "        dispatch_name = \"none\"\n"
              "        runner_name = backend.value\n"
              "        self.fused = get_fused(dispatch_name, runner_name)\n"
              "    def run(self, x):\n"
              "        if self.fused is not None:\n"
              "            return self.fused(x)\n"
              "        core_k(x)\n");
        Profile p = settingsProfile();
        addFusedRegistry(p);
        const Resolved r = resolve(t, p);
        QCOMPARE(joined(kernelsReachedUnder(r, "runner.Runner.run", parsed("server.runner=a"))), QStringLiteral("fused_a"));
        QCOMPARE(joined(kernelsReachedUnder(r, "runner.Runner.run", parsed("server.runner=b"))), QStringLiteral("fused_b"));
        QCOMPARE(joined(kernelsReachedUnder(r, "runner.Runner.run", parsed("server.runner=c"))), QStringLiteral("core_k"));
    }

    void aLookupKeyedByAStartUpGlobalsValueIsDecided()
    {
        // The sglang shape of the lookup above: the dispatch key is `.value`
        // of an enum member a start-up function stores in a global (a getter
        // hands it out, with a lazy default), the attribute is first bound to
        // None and may be reset by an environment variable. Without an
        // all-to-all dispatch and with a registered runner, only the fused
        // function runs.
        Tree t;
        addServerArgs(t, "    runner: str = \"a\"\n    dispatch: str = \"none\"\n");
        t.add("kpkg.ops", "def fused_a(x): torch.ops.kns.fa(x)\ndef core_k(x): torch.ops.kns.c(x)\n");
        t.add("pool",
              "class Pool:\n"
              "    _funcs = {}\n"
              "    @classmethod\n"
              "    def register(cls, dispatch, runner, fn):\n"
              "        cls._funcs[(dispatch, runner)] = fn\n"
              "    @classmethod\n"
              "    def get_fused(cls, dispatch: str, runner: str):\n"
              "        key = (dispatch, runner)\n"
              "        fused = cls._funcs.get(key)\n"
              "        return fused\n"
              "def register_fused(dispatch, runner):\n"
              "    def decorator(fn):\n"
              "        Pool.register(dispatch, runner, fn)\n"
              "        return fn\n"
              "    return decorator\n");
        t.add("fused",
              "from pool import register_fused\n"
              "from kpkg.ops import fused_a\n"
              "@register_fused(\"none\", \"a\")\n"
              "def run_a(x):\n"
              "    fused_a(x)\n");
        t.add("moe",
              "from enum import Enum\n"
              "from typing import Optional\n"
              "from cfg import ServerArgs\n"
              "class Dispatch(Enum):\n"
              "    NONE = \"none\"\n"
              "    DEEP = \"deep\"\n"
              "    @classmethod\n"
              "    def _missing_(cls, value):\n"
              "        if value is None:\n"
              "            return cls.NONE\n"
              "DISPATCH: Optional[Dispatch] = None\n"
              "def initialize(server_args: ServerArgs):\n"
              "    global DISPATCH\n"
              "    DISPATCH = Dispatch(server_args.dispatch)\n"
              "class Scheduler:\n"
              "    def __init__(self, args: ServerArgs):\n"
              "        initialize(args)\n"
              "def get_dispatch() -> Dispatch:\n"
              "    global DISPATCH\n"
              "    if DISPATCH is None:\n"
              "        DISPATCH = Dispatch.NONE\n"
              "    return DISPATCH\n");
        t.add("runner",
              "import os\n"
              "from cfg import get_args\n"
              "from moe import get_dispatch\n"
              "from pool import Pool\n"
              "from kpkg.ops import core_k\n"
              "from enum import Enum\n"
              "class Backend(Enum):\n"
              "    A = \"a\"\n"
              "    C = \"c\"\n"
              "class Runner:\n"
              "    def __init__(self, backend: Backend):\n"
              "        self.fused = None\n"
              "        dispatch_name = get_dispatch().value\n"
              "        runner_name = backend.value\n"
              "        self.fused = Pool.get_fused(dispatch_name, runner_name)\n"
              "        if os.environ.get(\"DISABLE_FUSED\", \"0\") == \"1\":\n"
              "            self.fused = None\n"
              "    def run(self, x):\n"
              "        if self.fused is not None:\n"
              "            return self.fused(x)\n"
              "        core_k(x)\n"
              "class Method:\n"
              "    def create(self):\n"
              "        self.runner = Runner(Backend(get_args().runner))\n"
              "    def apply(self, x):\n"
              "        self.runner.run(x)\n");
        Profile p = environGetProfile();
        p.dimensions = {{"dispatch", "", {"none", "deep"}, {}, "server.dispatch"}, {"runner", "", {"a", "c"}, {}, "server.runner"}};
        p.startup = {"moe.initialize"};
        addFusedRegistry(p);
        const Resolved r = resolve(t, p);
        QCOMPARE(joined(kernelsReachedUnder(r, "runner.Method.apply", parsed("dispatch=none runner=a"))), QStringLiteral("fused_a"));
        QCOMPARE(joined(kernelsReachedUnder(r, "runner.Method.apply", parsed("dispatch=none runner=c"))), QStringLiteral("core_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "runner.Method.apply", parsed("dispatch=deep runner=a"))), QStringLiteral("core_k"));
    }

    void aBackendResolvedBeforeBuildingTheRunnerIsWhatTheRunnerSees()
    {
        // A method reads the configured backend into a local, replaces it
        // where the test `backend.is_auto()` holds, and builds its runner
        // with it. The test reads the local as assigned above it: the
        // replacements hold only under `auto`, and a configured backend
        // reaches the runner only where it is not `auto`.
        Tree t;
        addServerArgs(t, "    runner: str = \"auto\"\n    big: bool = False\n");
        t.add("kpkg.ops", "def fast_k(x): torch.ops.kns.f(x)\ndef slow_k(x): torch.ops.kns.s(x)\n");
        t.add("backends",
              "from cfg import get_args\n"
              "def get_backend():\n"
              "    return get_args().runner\n");
        t.add("runner",
              "from kpkg.ops import fast_k, slow_k\n"
              "class Runner:\n"
              "    def __init__(self, backend):\n"
              "        self.backend = backend\n"
              "    def run(self, x):\n"
              "        if self.backend == \"fast\":\n"
              "            fast_k(x)\n"
              "        if self.backend == \"slow\":\n"
              "            slow_k(x)\n");
        t.add("method",
              "from cfg import get_args\n"
              "from backends import get_backend\n"
              "from runner import Runner\n"
              "class Method:\n"
              "    def create(self):\n"
              "        backend = get_backend()\n"
              "        if backend.is_auto():\n"
              "            if get_args().big:\n"
              "                backend = \"fast\"\n"
              "            else:\n"
              "                backend = \"slow\"\n"
              "        self.runner = Runner(backend)\n"
              "    def apply(self, x):\n"
              "        self.runner.run(x)\n");
        Profile p = settingsProfile();
        p.dimensionRules.push_back(guardRule("^get_backend\\(\\)\\.is_auto\\(\\)$", "server.runner", "auto"));
        const Resolved r = resolve(t, p);
        QCOMPARE(joined(kernelsReachedUnder(r, "method.Method.apply", parsed("server.runner=auto server.big=false"))),
                 QStringLiteral("slow_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "method.Method.apply", parsed("server.runner=auto server.big=true"))),
                 QStringLiteral("fast_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "method.Method.apply", parsed("server.runner=fast"))), QStringLiteral("fast_k"));
    }

    void aFunctionPassedAsAnArgumentIsCalled()
    {
        // `apply(fn)` calls what it is given: the handler a method passes
        // (by position or keyword), and the one module-level code passes.
        Tree t;
        t.add("kpkg.ops", "def a_k(x): torch.ops.kns.a(x)\ndef b_k(x): torch.ops.kns.b(x)\ndef c_k(x): torch.ops.kns.c(x)\n");
        t.add("m",
              "from kpkg.ops import a_k, b_k, c_k\n"
              "def handler_a(x):\n"
              "    a_k(x)\n"
              "def handler_b(x):\n"
              "    b_k(x)\n"
              "def handler_c(x):\n"
              "    c_k(x)\n"
              "def apply(fn, x):\n"
              "    fn(x)\n"
              "def apply_later(x, then=None):\n"
              "    then(x)\n"
              "class Layer:\n"
              "    def forward(self, x):\n"
              "        apply(handler_a, x)\n"
              "        apply_later(x, then=handler_b)\n"
              "apply(handler_c, 1)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReached(r, "m.apply")), QStringLiteral("a_k c_k"));
        QCOMPARE(joined(kernelsReached(r, "m.apply_later")), QStringLiteral("b_k"));
    }

    void aCallableAnnotationCalledGivesWhatItReturns()
    {
        // A registry of weak references typed `Callable[[], Optional[Group]]`:
        // `_groups[name]()` is a Group, and its method runs.
        Tree t;
        t.add("kpkg.ops", "def ar_k(x): torch.ops.kns.ar(x)\n");
        t.add("state",
              "from kpkg.ops import ar_k\n"
              "class Group:\n"
              "    def _reduce(self, x):\n"
              "        ar_k(x)\n"
              "_groups: Dict[str, Callable[[], Optional[\"Group\"]]] = {}\n"
              "def reduce(x, name):\n"
              "    group = _groups[name]()\n"
              "    group._reduce(x)\n"
              "def not_called(name):\n"
              "    _groups[name]._reduce(1)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReached(r, "state.reduce")), QStringLiteral("ar_k"));
        // The callable itself has no `_reduce`.
        QCOMPARE(joined(kernelsReached(r, "state.not_called")), QString());
    }

    // `isinstance(x, tuple)` on `x: torch.Tensor` is false as a type checker
    // reads it, where the profile lists torch.Tensor as a plain class; an
    // annotation that admits a tuple, a class deriving from one, a class not
    // known, or no annotation, leave both branches.
    // A handler registered by a classmethod into its class's dict and
    // handed out by a getter is called through the local the getter's
    // result is assigned to: its parameter holds what that call passes
    // (the caller's self), so a guard on one of its attributes is decided.
    void aHandlerAGetterHandsOutTakesWhatItsCallPasses()
    {
        Tree t;
        addServerArgs(t, "    disable_chunked: bool = False\n");
        t.add("kpkg.ops", "def chunked_k(x): torch.ops.kns.c(x)\ndef whole_k(x): torch.ops.kns.w(x)\n");
        t.add("handlers",
              "class Registry:\n"
              "    _handlers = {}\n"
              "    @classmethod\n"
              "    def register(cls, name, fn):\n"
              "        cls._handlers[name] = fn\n"
              "    @classmethod\n"
              "    def get_handler(cls, name):\n"
              "        return cls._handlers.get(name, cls._handlers.get(\"x\"))\n"
              "def handle_x(attn, batch):\n"
              "    if not attn.disable_chunked:\n"
              "        return \"chunked\"\n"
              "    return \"whole\"\n"
              "Registry.register(\"x\", handle_x)\n");
        t.add("attn",
              "from cfg import get_args\n"
              "from handlers import Registry\n"
              "from kpkg.ops import chunked_k, whole_k\n"
              "class Attn:\n"
              "    def __init__(self):\n"
              "        self.disable_chunked = get_args().disable_chunked\n"
              "    def pick(self, batch):\n"
              "        handler = Registry.get_handler(\"x\")\n"
              "        return handler(self, batch)\n"
              "    def forward(self, batch):\n"
              "        if self.pick(batch) == \"chunked\":\n"
              "            return chunked_k(batch)\n"
              "        return whole_k(batch)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReached(r, "attn.Attn.forward")), QStringLiteral("chunked_k whole_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "attn.Attn.forward", parsed("server.disable_chunked=false"))), QStringLiteral("chunked_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "attn.Attn.forward", parsed("server.disable_chunked=true"))), QStringLiteral("whole_k"));
    }

    // A getter that reads the element into a local and returns the local
    // hands it out too, and the attribute its result is stored in calls it:
    // `self.fn = Pool.get_fn("x")` then `self.fn(x, self.config)` passes
    // the registered function its `config`.
    void aFunctionAGetterReturnsThroughALocalTakesWhatTheHolderPasses()
    {
        Tree t;
        addServerArgs(t, "    fast: bool = False\n");
        t.add("kpkg.ops", "def fast_k(x): torch.ops.kns.f(x)\ndef slow_k(x): torch.ops.kns.s(x)\n");
        t.add("pool",
              "class Pool:\n"
              "    _fns = {}\n"
              "    @classmethod\n"
              "    def register(cls, name, fn):\n"
              "        cls._fns[name] = fn\n"
              "    @classmethod\n"
              "    def get_fn(cls, name):\n"
              "        fn = cls._fns.get(name)\n"
              "        return fn\n");
        t.add("fused",
              "from pool import Pool\n"
              "from kpkg.ops import fast_k, slow_k\n"
              "def fused(x, config):\n"
              "    if config.fast:\n"
              "        return fast_k(x)\n"
              "    return slow_k(x)\n"
              "Pool.register(\"x\", fused)\n");
        t.add("runner",
              "from cfg import get_args\n"
              "from pool import Pool\n"
              "class Config:\n"
              "    def __init__(self, fast):\n"
              "        self.fast = fast\n"
              "class Runner:\n"
              "    def __init__(self):\n"
              "        self.config = Config(get_args().fast)\n"
              "        self.fn = Pool.get_fn(\"x\")\n"
              "    def run(self, x):\n"
              "        return self.fn(x, self.config)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReached(r, "runner.Runner.run")), QStringLiteral("fast_k slow_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "runner.Runner.run", parsed("server.fast=false"))), QStringLiteral("slow_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "runner.Runner.run", parsed("server.fast=true"))), QStringLiteral("fast_k"));
    }

    void anAnnotatedParameterIsNoTupleUnlessItsAnnotationAdmitsOne()
    {
        Tree t;
        t.add("kpkg.ops", "def tuple_k(x): torch.ops.kns.t(x)\ndef plain_k(x): torch.ops.kns.p(x)\n");
        t.add("lin",
              "import torch\n"
              "from typing import NamedTuple, Optional, Tuple, Union\n"
              "from kpkg.ops import tuple_k, plain_k\n"
              "class Pair(NamedTuple):\n"
              "    a: int\n"
              "    b: int\n"
              "class Holder(torch.nn.Module):\n"
              "    pass\n"
              "def tensor_in(x: torch.Tensor):\n"
              "    if isinstance(x, tuple):\n"
              "        tuple_k(x[0])\n"
              "    else:\n"
              "        plain_k(x)\n"
              "def optional_holder_in(x: Optional[Holder]):\n"
              "    if isinstance(x, (tuple, list)):\n"
              "        tuple_k(x[0])\n"
              "def union_in(x: Union[torch.Tensor, Tuple[torch.Tensor, torch.Tensor]]):\n"
              "    if isinstance(x, tuple):\n"
              "        tuple_k(x[0])\n"
              "def pair_in(x: Pair):\n"
              "    if isinstance(x, tuple):\n"
              "        tuple_k(x[0])\n"
              "def size_in(x: torch.Size):\n"
              "    if isinstance(x, tuple):\n"
              "        tuple_k(x[0])\n"
              "def bare(x):\n"
              "    if isinstance(x, tuple):\n"
              "        tuple_k(x[0])\n");
        Profile p = settingsProfile();
        const Resolved unlisted = resolve(t, p);
        QCOMPARE(joined(kernelsReached(unlisted, "lin.tensor_in")), QStringLiteral("plain_k tuple_k"));
        p.plainExternalClasses = {"torch.Tensor", "torch.nn.Module"};
        const Resolved r = resolve(t, p);
        QCOMPARE(joined(kernelsReached(r, "lin.tensor_in")), QStringLiteral("plain_k"));
        QCOMPARE(joined(kernelsReached(r, "lin.optional_holder_in")), QString());
        for (const char *open : {"lin.union_in", "lin.pair_in", "lin.size_in", "lin.bare"})
            QVERIFY2(kernelsReached(r, open) == std::set<std::string>{"tuple_k"}, open);
    }
};

QTEST_GUILESS_MAIN(TestParameterValues)
#include "tst_parameter_values.moc"
