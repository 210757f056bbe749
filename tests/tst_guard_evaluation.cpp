// Tests of guard evaluation and of what it feeds: guards no profile rule maps
// followed to literals, flags, settings with their defaults and function
// returns; values under such guards; derived dimensions; and, on the trace
// side, settings held to their defaults and derived dimensions narrowing the
// effective filter.
#include "guard_fixture.h"
#include "graph/allocation_condition.h"
#include "profile/model_config.h"
#include "resolve/guard_limits.h"
#include "store/condition_codec.h"
#include "trace/condition_chips.h"
#include "trace/configuration.h"
#include "trace/default_checkpoint.h"
#include "trace/dimension_filter.h"
#include "trace/path_finder.h"

#include <QTest>

using namespace katlas;
using namespace katlas::test;

namespace {

// A norm whose `forward` hands its *args to `forward_cuda`, which tests
// `residual is not None` (lines 1-9 of module "layers"), the kernels it
// calls, and `rest` after it in "layers".
void addNormLayers(Tree &t, const std::string &rest)
{
    t.add("kpkg.norm",
          "def rmsnorm(x): torch.ops.kns.rmsnorm(x)\n"
          "def fused_add_rmsnorm(x, r): torch.ops.kns.fused(x, r)\n");
    t.add("layers",
          std::string("from kpkg.norm import rmsnorm, fused_add_rmsnorm\n"
          "class Op:\n"
          "    def forward(self, *args, **kwargs):\n"
          "        return self.forward_cuda(*args, **kwargs)\n"
          "class Norm(Op):\n"
          "    def forward_cuda(self, x, residual=None):\n"
          "        if residual is not None:\n"
          "            return fused_add_rmsnorm(x, residual)\n"
          "        return rmsnorm(x)\n"
          + rest).c_str());
}

Tree settingsTree()
{
    Tree t;
    t.add("cfg",
          "class ServerArgs:\n"
          "    enable_det: bool = False\n"
          "    kt_path: Optional[str] = None\n"
          "_args: Optional[ServerArgs] = None\n"
          "def get_args() -> ServerArgs:\n"
          "    return _args\n");
    t.add("app",
          "from cfg import get_args\n"
          "DEBUG = False\n"
          "_mode = False\n"
          "def enable_mode():\n"
          "    global _mode\n"
          "    _mode = True\n"
          "def mode_enabled():\n"
          "    return _mode\n"
          "def make_kt(args: \"ServerArgs\"):\n"
          "    if args.kt_path is None:\n"
          "        return None\n"
          "    return KtConfig()\n"
          "class KtConfig:\n"
          "    pass\n"
          "class Plain:\n"
          "    def apply(self, x): plain_kernel(x)\n"
          "class Wrapped:\n"
          "    def apply(self, x): wrapped_kernel(x)\n"
          "class Layer:\n"
          "    def __init__(self):\n"
          "        self.use_slow = get_bool_env_var(\"USE_SLOW\")\n"
          "        self.method: Optional[Plain] = None\n"
          "        kt = make_kt(get_args())\n"
          "        if kt is not None:\n"
          "            self.method = Wrapped()\n"
          "        else:\n"
          "            self.method = Plain()\n"
          "    def forward(self, x):\n"
          "        if get_args().enable_det:\n"
          "            det_kernel(x)\n"
          "        if self.use_slow:\n"
          "            slow_kernel(x)\n"
          "        if DEBUG:\n"
          "            debug_kernel(x)\n"
          "        if mode_enabled():\n"
          "            mode_kernel(x)\n"
          "        self.method.apply(x)\n");
    t.add("handlers",
          "class Method:\n"
          "    A = 1\n"
          "    B = 2\n"
          "def _pick(fb):\n"
          "    if fb.mode.is_decode():\n"
          "        return Method.A\n"
          "    return Method.B\n"
          "def handle_x(attn, fb):\n"
          "    return _pick(fb)\n"
          "def handle_y(attn, fb):\n"
          "    return Method.B\n");
    return t;
}

// A flag a graph runner's method raises, an attention reading it, and the
// model runner building the graph runner under a setting; `more` adds code
// to the runner's module.
Tree graphFlagTree(const std::string &more = {})
{
    Tree t;
    addServerArgs(t, "    enable_graph: bool = False\n");
    t.add("kpkg.ops", "def graph_k(x): torch.ops.kns.g(x)\ndef eager_k(x): torch.ops.kns.e(x)\n");
    t.add("flags",
          "_in_graph = False\n"
          "def enter_graph():\n"
          "    global _in_graph\n"
          "    _in_graph = True\n"
          "def in_graph():\n"
          "    return _in_graph\n");
    t.add("attn",
          "from flags import in_graph\n"
          "from kpkg.ops import graph_k, eager_k\n"
          "def attend(x):\n"
          "    if in_graph():\n"
          "        graph_k(x)\n"
          "    else:\n"
          "        eager_k(x)\n");
    const std::string runner = std::string("from cfg import get_args\n"
                                           "from flags import enter_graph\n"
                                           "class GraphRunner:\n"
                                           "    def __init__(self, model):\n"
                                           "        self.model = model\n"
                                           "    def capture(self):\n"
                                           "        enter_graph()\n"
                                           "class ModelRunner:\n"
                                           "    def init_graphs(self):\n"
                                           "        if not get_args().enable_graph:\n"
                                           "            return\n"
                                           "        self.graph_runner = GraphRunner(self)\n"
                                           "        self.graph_runner.capture()\n")
        + more;
    t.add("runner", runner.c_str());
    return t;
}

} // namespace

class TestGuardEvaluation : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void settingsBecomeConditionsWithTheirDefaults()
    {
        const Resolved r = resolve(settingsTree(), settingsProfile());
        const auto det = r.edges("app.Layer.forward", "det_kernel");
        QCOMPARE(det.size(), size_t(1));
        const Condition *c = dimension(det[0], "server.enable_det");
        QVERIFY(c);
        QCOMPARE(c->values, std::vector<std::string>{"true"});
        QVERIFY(!c->negated);
        // An environment reader's default comes from the profile.
        const Condition *slow = dimension(r.edges("app.Layer.forward", "slow_kernel")[0], "env.USE_SLOW");
        QVERIFY(slow);
        QCOMPARE(slow->values, std::vector<std::string>{"true"});
        // `run.phase` (set-up calls) is always kept, at `step`.
        const SettingDefaults expected{{"env.USE_SLOW", "false"}, {"run.phase", "step"}, {"server.enable_det", "false"}, {"server.kt_path", "none"}};
        QCOMPARE(r.g.settingDefaults, expected);
    }

    void namesImportedUnderAGuardTakeWhatItWorksOutTo()
    {
        // `if _use_fast: from extlib import fast_norm as norm` where
        // `_use_fast = get_bool_env_var("USE_FAST") and _is_cuda`: the outside
        // kernel needs the environment variable as well as the platform, and
        // the kernel imported in the `else` its negation.
        Tree t;
        t.add("kpkg.ops", "def plain_norm(x): torch.ops.kns.n(x)\n");
        t.add("app",
              "from kpkg.ops import plain_norm\n"
              "_is_cuda = is_cuda()\n"
              "_use_fast = get_bool_env_var(\"USE_FAST\") and _is_cuda\n"
              "if _use_fast:\n"
              "    from extlib import fast_norm as norm\n"
              "else:\n"
              "    from kpkg.ops import plain_norm as norm\n"
              "def forward(x):\n"
              "    norm(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        const Edge *fast = nullptr, *plain = nullptr;
        for (const Edge *e : r.edges("app.forward", "norm"))
            (r.name(e->calleeId) == "extlib.fast_norm" ? fast : plain) = e;
        QVERIFY(fast && plain);
        const Condition *env = dimension(fast, "env.USE_FAST");
        QVERIFY(env);
        QCOMPARE(env->values, std::vector<std::string>{"true"});
        QVERIFY(!env->negated);
        QVERIFY(dimension(fast, "platform"));
        std::string error;
        QCOMPARE(kernelsReachedUnder(r, "app.forward", *DimensionFilter::parse("platform=cuda", &error)),
                 std::set<std::string>{"plain_norm"}); // USE_FAST keeps its default
    }

    void aParameterASplatMayPassIsNotAtItsDefault()
    {
        // `self.backend.forward(q, self, True, **kwargs)` fixes `layer` and
        // `save` in the backend's copies, but `k_rope` may come in `kwargs`:
        // in those copies it is not known, not its default None.
        Tree t;
        t.add("kpkg.ops", "def store_rope(x): torch.ops.kns.r(x)\ndef store_plain(x): torch.ops.kns.p(x)\n");
        t.add("app",
              "from kpkg.ops import store_rope, store_plain\n"
              "class Backend:\n"
              "    def forward(self, q, layer, save=True, **kwargs):\n"
              "        return self.forward_decode(q, layer, save=save, **kwargs)\n"
              "    def forward_decode(self, q, layer, save=True, k_rope=None):\n"
              "        if layer is not None and save:\n"
              "            if k_rope is not None:\n"
              "                store_rope(q)\n"
              "            else:\n"
              "                store_plain(q)\n"
              "class Attn:\n"
              "    def __init__(self):\n"
              "        self.backend = Backend()\n"
              "    def forward(self, q, **kwargs):\n"
              "        return self.backend.forward(q, self, True, **kwargs)\n"
              "def run(q):\n"
              "    Attn().forward(q, k_rope=q)\n");
        const Resolved r = resolve(t, settingsProfile());
        std::string error;
        QCOMPARE(kernelsReachedUnder(r, "app.run", *DimensionFilter::parse("platform=cuda", &error)),
                 (std::set<std::string>{"store_plain", "store_rope"}));
    }

    void aSplatOfKwargsACopyWasGivenNothingInPassesNothing()
    {
        // `Attn().forward(q)` gives `forward`'s `**kwargs` nothing, so the
        // backend's `forward(..., **kwargs)` hands nothing on in that copy:
        // `k_rope` is at its default None in `forward_decode`, and so is the
        // local flag computed from it. Given `k_rope=q`, both ways stay; and
        // a flag such a copy is handed as an unknown is not at its default.
        Tree t;
        t.add("kpkg.ops",
              "def store_rope(x): torch.ops.kns.r(x)\n"
              "def store_plain(x): torch.ops.kns.p(x)\n"
              "def store_cache(x): torch.ops.kns.c(x)\n");
        t.add("app",
              "from kpkg.ops import store_rope, store_plain, store_cache\n"
              "class Backend:\n"
              "    def forward(self, q, layer, save=False, **kwargs):\n"
              "        return self.forward_decode(q, layer, save=save, **kwargs)\n"
              "    def forward_decode(self, q, layer, save=False, k_rope=None):\n"
              "        merge = k_rope is not None\n"
              "        if save:\n"
              "            store_cache(q)\n"
              "        if merge:\n"
              "            store_rope(q)\n"
              "        else:\n"
              "            store_plain(q)\n"
              "class Attn:\n"
              "    def __init__(self):\n"
              "        self.backend = Backend()\n"
              "    def forward(self, q, **kwargs):\n"
              "        return self.backend.forward(q, self, True, **kwargs)\n"
              "def run(q):\n"
              "    Attn().forward(q)\n"
              "def run_rope(q):\n"
              "    Attn().forward(q, k_rope=q)\n"
              "def run_unknown(q, s):\n"
              "    Backend().forward(q, None, s)\n");
        const Resolved r = resolve(t, settingsProfile());
        std::string error;
        const DimensionFilter cuda = *DimensionFilter::parse("platform=cuda", &error);
        QCOMPARE(kernelsReachedUnder(r, "app.run", cuda), (std::set<std::string>{"store_cache", "store_plain"}));
        QCOMPARE(kernelsReachedUnder(r, "app.run_rope", cuda), (std::set<std::string>{"store_cache", "store_plain", "store_rope"}));
        QVERIFY(kernelsReachedUnder(r, "app.run_unknown", cuda).count("store_cache")); // `s` may be true
    }

    void anAttributeSetBeforeACallIsWhatTheCalleeReads()
    {
        // `batch.set_attend_prefix(False)` then `self.attn.forward(q, batch)`:
        // the backend two calls down reads `batch.attend_prefix` as False
        // there, and as True after `batch.set_attend_prefix(True)`. Where
        // the last setting above the call is conditional, or none is made,
        // the attribute stays what every place may set it to.
        Tree t;
        t.add("kpkg.ops",
              "def varlen_k(x): torch.ops.kns.v(x)\n"
              "def prefix_k(x): torch.ops.kns.p(x)\n"
              "def cached_k(x): torch.ops.kns.c(x)\n");
        t.add("app",
              "from kpkg.ops import varlen_k, prefix_k, cached_k\n"
              "class Batch:\n"
              "    def __init__(self):\n"
              "        self.attend_prefix = None\n"
              "    def set_attend_prefix(self, attend_prefix):\n"
              "        self.attend_prefix = attend_prefix\n"
              "class Backend:\n"
              "    def forward(self, q, batch, save=True):\n"
              "        return self.forward_extend(q, batch, save)\n"
              "    def forward_extend(self, q, batch, save=True):\n"
              "        if batch.attend_prefix is not None:\n"
              "            if batch.attend_prefix:\n"
              "                prefix_k(q)\n"
              "            else:\n"
              "                varlen_k(q)\n"
              "        else:\n"
              "            cached_k(q)\n"
              "class Attn:\n"
              "    def __init__(self):\n"
              "        self.backend = Backend()\n"
              "    def forward(self, q, batch: Batch):\n"
              "        return self.backend.forward(q, batch)\n"
              "class Model:\n"
              "    def __init__(self):\n"
              "        self.attn = Attn()\n"
              "    def chunked(self, q, batch: Batch, has_prefix):\n"
              "        batch.set_attend_prefix(False)\n"
              "        self.attn.forward(q, batch)\n"
              "        if has_prefix:\n"
              "            batch.set_attend_prefix(True)\n"
              "            self.attn.forward(q, batch=batch)\n"
              "    def direct(self, q, batch: Batch):\n"
              "        batch.attend_prefix = True\n"
              "        self.attn.forward(q, batch)\n"
              "    def absorbed(self, q, batch: Batch):\n"
              "        self.attn.forward(q, batch)\n"
              "    def maybe(self, q, batch: Batch, c):\n"
              "        batch.attend_prefix = False\n"
              "        if c:\n"
              "            batch.set_attend_prefix(None)\n"
              "        self.attn.forward(q, batch)\n"
              "class Op:\n"
              "    def forward(self, *args, **kwargs):\n"
              "        return self.forward_cuda(*args, **kwargs)\n"
              "    def forward_cuda(self, q, batch):\n"
              "        if batch.attend_prefix:\n"
              "            prefix_k(q)\n"
              "        else:\n"
              "            varlen_k(q)\n"
              "def reset(batch):\n"
              "    batch.attend_prefix = None\n"
              "def handed_between(q, batch: Batch):\n"
              "    batch.set_attend_prefix(False)\n"
              "    reset(batch)\n"
              "    Attn().forward(q, batch)\n"
              "def forwarded(q, batch: Batch):\n"
              "    batch.set_attend_prefix(False)\n"
              "    Op().forward(q, batch)\n");
        const Resolved r = resolve(t, settingsProfile());
        std::string error;
        const DimensionFilter cuda = *DimensionFilter::parse("platform=cuda", &error);
        QCOMPARE(kernelsReachedUnder(r, "app.Model.chunked", cuda), (std::set<std::string>{"prefix_k", "varlen_k"}));
        QCOMPARE(kernelsReachedUnder(r, "app.Model.direct", cuda), (std::set<std::string>{"prefix_k"}));
        QCOMPARE(kernelsReachedUnder(r, "app.Model.absorbed", cuda), (std::set<std::string>{"cached_k", "prefix_k", "varlen_k"}));
        QVERIFY(kernelsReachedUnder(r, "app.Model.maybe", cuda).count("cached_k"));
        // Handed to another function in between, the object may have been set again.
        QVERIFY(kernelsReachedUnder(r, "app.handed_between", cuda).count("cached_k"));
        // Through a method that forwards its `*args`, the state goes with the argument.
        QCOMPARE(kernelsReachedUnder(r, "app.forwarded", cuda), (std::set<std::string>{"varlen_k"}));
    }

    void aParameterAssignedAgainIsNotHandedOnAsItCame()
    {
        // `norm(x)` gives `residual` None, but the body sets it before
        // handing it on by position: the callee's `residual` is not the
        // None the call passed. One handed on untouched keeps it.
        Tree t;
        t.add("kpkg.ops", "def fused_k(x): torch.ops.kns.f(x)\ndef plain_k(x): torch.ops.kns.p(x)\n");
        t.add("app",
              "from kpkg.ops import fused_k, plain_k\n"
              "def kernel(x, residual=None):\n"
              "    if residual is not None:\n"
              "        fused_k(x)\n"
              "    else:\n"
              "        plain_k(x)\n"
              "def norm(x, residual=None):\n"
              "    if residual is None:\n"
              "        residual = x\n"
              "    return kernel(x, residual)\n"
              "def keep(x, residual=None):\n"
              "    return kernel(x, residual)\n"
              "def run(x):\n"
              "    norm(x)\n"
              "def run_keep(x):\n"
              "    keep(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        std::string error;
        const DimensionFilter cuda = *DimensionFilter::parse("platform=cuda", &error);
        QVERIFY(kernelsReachedUnder(r, "app.run", cuda).count("fused_k"));
        QCOMPARE(kernelsReachedUnder(r, "app.run_keep", cuda), (std::set<std::string>{"plain_k"}));
    }

    void anEnvironmentReadersTextDefaultIsComparedAsWritten()
    {
        // `os.environ.get("MODE", "NONE") != "NONE"` fails where the variable
        // keeps its default: the text default is not lowered as a flag's is.
        const Profile p = environGetProfile();
        Tree t;
        t.add("kpkg.ops", "def quick_k(x): torch.ops.kns.q(x)\ndef plain_k(x): torch.ops.kns.p(x)\n");
        t.add("app",
              "import os\n"
              "from kpkg.ops import quick_k, plain_k\n"
              "def reduce(x):\n"
              "    if os.environ.get(\"MODE\", \"NONE\") != \"NONE\":\n"
              "        quick_k(x)\n"
              "    else:\n"
              "        plain_k(x)\n");
        const Resolved r = resolve(t, p);
        std::string error;
        QCOMPARE(kernelsReachedUnder(r, "app.reduce", *DimensionFilter::parse("platform=cuda", &error)),
                 std::set<std::string>{"plain_k"});
        QCOMPARE(kernelsReachedUnder(r, "app.reduce", *DimensionFilter::parse("env.MODE=FP8", &error)),
                 std::set<std::string>{"quick_k"});
    }

    void aFunctionThatReturnsNothingGivesNone()
    {
        // `use_small(n)` computes a comparison but never returns it: its call
        // is None, so `if use_small(n):` never holds. One that always raises
        // (a stub) or returns a value is not known to.
        Tree t;
        t.add("kpkg.ops", "def small_k(x): torch.ops.kns.s(x)\ndef big_k(x): torch.ops.kns.b(x)\n"
                          "def stub_k(x): torch.ops.kns.t(x)\n");
        t.add("app",
              "from kpkg.ops import small_k, big_k, stub_k\n"
              "def use_small(n):\n"
              "    n <= 4\n"
              "def not_yet(n):\n"
              "    raise NotImplementedError\n"
              "def select(n):\n"
              "    if use_small(n):\n"
              "        small_k(n)\n"
              "    else:\n"
              "        big_k(n)\n"
              "    if not_yet(n):\n"
              "        stub_k(n)\n");
        const Resolved r = resolve(t, settingsProfile());
        std::string error;
        QCOMPARE(kernelsReachedUnder(r, "app.select", *DimensionFilter::parse("platform=cuda", &error)),
                 (std::set<std::string>{"big_k", "stub_k"}));
    }

    void anAttributeASubclassInitSetsAgainReplacesTheBases()
    {
        // `super().__init__()` then `if _is_cuda: self._fwd = self.native`:
        // for a Sub, the base's `self._fwd = self.fast` holds only off CUDA.
        // Set before `super().__init__()`, the base's assignment comes later
        // and both stay.
        Tree t;
        t.add("kpkg.ops", "def fast_k(x): torch.ops.kns.f(x)\ndef native_k(x): torch.ops.kns.n(x)\n");
        t.add("app",
              "from kpkg.ops import fast_k, native_k\n"
              "_is_cuda = is_cuda()\n"
              "class Op:\n"
              "    def __init__(self):\n"
              "        self._fwd = self.fast\n"
              "    def forward(self, x):\n"
              "        return self._fwd(x)\n"
              "    def fast(self, x):\n"
              "        fast_k(x)\n"
              "    def native(self, x):\n"
              "        native_k(x)\n"
              "class Sub(Op):\n"
              "    def __init__(self):\n"
              "        super().__init__()\n"
              "        if _is_cuda:\n"
              "            self._fwd = self.native\n"
              "class Early(Op):\n"
              "    def __init__(self):\n"
              "        self._fwd = self.native\n"
              "        super().__init__()\n"
              "def run_sub(x):\n"
              "    Sub().forward(x)\n"
              "def run_early(x):\n"
              "    Early().forward(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        std::string error;
        QCOMPARE(kernelsReachedUnder(r, "app.run_sub", *DimensionFilter::parse("platform=cuda", &error)),
                 std::set<std::string>{"native_k"});
        QCOMPARE(kernelsReachedUnder(r, "app.run_sub", *DimensionFilter::parse("platform=hip", &error)),
                 std::set<std::string>{"fast_k"});
        QCOMPARE(kernelsReachedUnder(r, "app.run_early", *DimensionFilter::parse("platform=cuda", &error)),
                 (std::set<std::string>{"fast_k", "native_k"}));
    }

    void aGuardThatNeverHoldsMakesItsPathsImpossible()
    {
        const Resolved r = resolve(settingsTree(), settingsProfile());
        const auto debug = r.edges("app.Layer.forward", "debug_kernel");
        QCOMPARE(debug.size(), size_t(1));
        PathConditions pc;
        QVERIFY(!pc.add(debug[0]->conditions));
        // A module flag is rebound (`global`) only where its function is
        // called; nothing calls enable_mode(), so the flag stays False.
        const auto mode = r.edges("app.Layer.forward", "mode_kernel");
        QCOMPARE(mode.size(), size_t(1));
        PathConditions never;
        QVERIFY(!never.add(mode[0]->conditions));
    }

    void valuesTakeTheConditionsOfTheirGuards()
    {
        const Resolved r = resolve(settingsTree(), settingsProfile());
        // The annotation does not add every subclass: the assignments say Plain or Wrapped.
        QCOMPARE(r.callees("app.Layer.forward", "self.method.apply"),
                 (std::vector<std::string>{"app.Plain.apply", "app.Wrapped.apply"}));
        for (const Edge *e : r.edges("app.Layer.forward", "self.method.apply")) {
            const Condition *c = dimension(e, "server.kt_path");
            QVERIFY(c);
            QCOMPARE(c->values, std::vector<std::string>{"none"});
            QCOMPARE(c->negated, r.name(e->calleeId) == "app.Wrapped.apply");
        }
    }

    void aGuardWithManyWaysKeepsWhatEveryWayNeeds()
    {
        // 32 ways, past the bound: they are folded, not forgotten, and every
        // way the guard holds needs `flag_a()`.
        Tree t;
        t.add("pick",
              "def use_x():\n"
              "    return (flag_a()\n"
              "        and (get_bool_env_var(\"A\") or get_bool_env_var(\"B\"))\n"
              "        and (get_bool_env_var(\"C\") or get_bool_env_var(\"D\"))\n"
              "        and (get_bool_env_var(\"E\") or get_bool_env_var(\"F\"))\n"
              "        and (get_bool_env_var(\"G\") or get_bool_env_var(\"H\")))\n"
              "def run(x):\n"
              "    if use_x():\n"
              "        x_kernel(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        const auto edges = r.edges("pick.run", "x_kernel");
        QCOMPARE(edges.size(), size_t(1));
        const Condition *c = dimension(edges[0], "moe");
        QVERIFY(c);
        QCOMPARE(c->values, std::vector<std::string>{"a"});
        QVERIFY(!c->negated);
    }

    // Ten places set the flag, in two distinct ways: past the bound of ways
    // told apart only before the ways that repeat another are dropped. A
    // deployment that holds both settings at their defaults rules it out.
    void waysThatRepeatAnotherDoNotCountAgainstTheBound()
    {
        std::string check = "class ServerArgs:\n"
                            "    algo: Optional[str] = None\n"
                            "    fast: bool = False\n"
                            "    topk: int = 0\n"
                            "    def _check(self):\n";
        for (int i = 0; i < 10; ++i)
            check += std::string("        if ") + (i % 2 ? "self.fast" : "self.algo == \"a\"") + ":\n            self.topk = "
                     + std::to_string(i + 2) + "\n";
        check += "def get_args() -> ServerArgs:\n    return ServerArgs()\n";
        Tree t;
        t.add("cfg", check.c_str());
        t.add("app",
              "from cfg import get_args\n"
              "def run(x, batch):\n"
              "    if batch.spec is not None and get_args().topk > 1:\n"
              "        cascade_kernel(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        const auto edges = r.edges("app.run", "cascade_kernel");
        QCOMPARE(edges.size(), size_t(1));
        PathConditions path;
        QVERIFY(path.add(edges[0]->conditions));
        std::string error;
        auto filter = [&](const char *text) { return *DimensionFilter::parse(text, &error); };
        const SettingDefaults &defaults = r.g.settingDefaults;
        QVERIFY(!path.passes(filter("platform=cuda"), &defaults));
        QVERIFY(path.passes(filter("platform=cuda server.algo=a"), &defaults));
        QVERIFY(path.passes(filter("platform=cuda server.fast=true"), &defaults));
    }

    // `self.fn = None` overwritten later in the same block, with nothing
    // between that could see it, is never what other methods read; a method
    // of self called between may see it.
    void anAttributeOverwrittenBeforeAnythingSeesItIsGone()
    {
        Tree t;
        t.add("r",
              "def pick(b): return fast\n"
              "def fast(): pass\n"
              "class R:\n"
              "    def __init__(self, b):\n"
              "        self.fn = None\n"
              "        if b:\n"
              "            self.core = 1\n"
              "        self.fn = pick(b)\n"
              "        self.seen = None\n"
              "        self.setup()\n"
              "        self.seen = pick(b)\n"
              "    def setup(self): pass\n"
              "    def run(self):\n"
              "        if self.fn is None:\n"
              "            fn_unset_kernel()\n"
              "        if self.seen is None:\n"
              "            seen_unset_kernel()\n");
        const Resolved r = resolve(t, settingsProfile());
        const auto unset = r.edges("r.R.run", "fn_unset_kernel");
        QCOMPARE(unset.size(), size_t(1));
        PathConditions never;
        QVERIFY(!never.add(unset[0]->conditions));
        const auto seen = r.edges("r.R.run", "seen_unset_kernel");
        QCOMPARE(seen.size(), size_t(1));
        PathConditions may;
        QVERIFY(may.add(seen[0]->conditions));
    }

    // A local that an `if` assigns again on every way reaches the call
    // after it only where that `if`'s guard fails: `auto` is resolved
    // before the runner is built, so no runner is built with it.
    void anAssignmentReplacedOnEveryWayDoesNotReachTheCall()
    {
        Profile p = settingsProfile();
        p.dimensions = {{"runner", "", {"auto", "fast", "slow"}, {}, "server.runner"}};
        Tree t;
        addServerArgs(t, "    runner: str = \"auto\"\n");
        t.add("run",
              "from cfg import get_args\n"
              "class Runner:\n"
              "    def __init__(self, backend):\n"
              "        self.backend = backend\n"
              "    def run(self, x):\n"
              "        if self.backend == \"auto\":\n"
              "            auto_kernel(x)\n"
              "        if self.backend == \"slow\":\n"
              "            slow_kernel(x)\n"
              "def build(x):\n"
              "    backend = get_args().runner\n"
              "    if backend == \"auto\":\n"
              "        if get_bool_env_var(\"FAST\"):\n"
              "            backend = \"fast\"\n"
              "        else:\n"
              "            backend = \"slow\"\n"
              "    runner = Runner(backend)\n"
              "    runner.run(x)\n");
        const Resolved r = resolve(t, p);
        const auto autoEdges = r.edges("run.Runner.run", "auto_kernel");
        QCOMPARE(autoEdges.size(), size_t(1));
        PathConditions never;
        QVERIFY(!never.add(autoEdges[0]->conditions));
        // `slow` is still reached: chosen for auto, or named.
        const auto slow = r.edges("run.Runner.run", "slow_kernel");
        QCOMPARE(slow.size(), size_t(1));
        PathConditions path;
        QVERIFY(path.add(slow[0]->conditions));
        std::string error;
        const SettingDefaults &defaults = r.g.settingDefaults;
        QVERIFY(path.passes(*DimensionFilter::parse("runner=slow", &error), &defaults));
        QVERIFY(path.passes(*DimensionFilter::parse("runner=auto", &error), &defaults));
        QVERIFY(!path.passes(*DimensionFilter::parse("runner=fast", &error), &defaults));
    }

    // An assignment made after an `if`, outside it, replaces on every way
    // the one the `if` made: `fast` never reaches the runner.
    void anAssignmentAfterTheBranchReplacesTheBranchs()
    {
        Profile p = settingsProfile();
        p.dimensions = {{"runner", "", {"auto", "fast", "slow"}, {}, "server.runner"}};
        Tree t;
        addServerArgs(t, "    runner: str = \"slow\"\n");
        t.add("kpkg.ops", "def fast_op(x): torch.ops.kns.fast(x)\ndef other_op(x): torch.ops.kns.other(x)\n");
        t.add("run",
              "from cfg import get_args\n"
              "from kpkg.ops import fast_op, other_op\n"
              "class Runner:\n"
              "    def __init__(self, backend):\n"
              "        self.backend = backend\n"
              "    def run(self, x):\n"
              "        if self.backend == \"fast\":\n"
              "            fast_op(x)\n"
              "        else:\n"
              "            other_op(x)\n"
              "def build(x):\n"
              "    if get_bool_env_var(\"FAST\"):\n"
              "        backend = \"fast\"\n"
              "    else:\n"
              "        backend = None\n"
              "        log(x)\n"
              "    backend = get_args().runner\n"
              "    runner = Runner(backend)\n"
              "    runner.run(x)\n");
        const Resolved r = resolve(t, p);
        QCOMPARE(joined(kernelsReachedUnder(r, "run.build", parsed("runner=slow"))), QStringLiteral("other_op"));
        QCOMPARE(joined(kernelsReachedUnder(r, "run.build", parsed("runner=fast"))), QStringLiteral("fast_op"));
    }

    // A local tested by an `if` holds there what the assignments above it
    // leave: one replaced under a configuration's condition is not what the
    // test reads under that condition; one made inside the `if` is not read.
    void aTestedLocalHoldsWhatReachesTheTest()
    {
        Profile p = settingsProfile();
        p.dimensions = {{"cache", "", {"fp8", "bf16"}, {}, "server.cache"}};
        Tree t;
        addServerArgs(t, "    cache: str = \"bf16\"\n");
        t.add("kpkg.ops", "def concat_q(q, rope): torch.ops.kns.concat(q)\n");
        t.add("attn",
              "from cfg import get_args\n"
              "from kpkg.ops import concat_q\n"
              "def decode(q, rope):\n"
              "    merge = rope is not None\n"
              "    if get_args().cache == \"fp8\":\n"
              "        quantize(q, rope)\n"
              "        merge = False\n"
              "    if merge:\n"
              "        merge = rope.shape[0] > 0\n"
              "        concat_q(q, rope)\n"
              "    attend(q)\n");
        const Resolved r = resolve(t, p);
        QCOMPARE(joined(kernelsReachedUnder(r, "attn.decode", parsed("cache=fp8"))), QStringLiteral(""));
        QCOMPARE(joined(kernelsReachedUnder(r, "attn.decode", parsed("cache=bf16"))), QStringLiteral("concat_q"));
    }

    // A global a start-up function sets whenever it runs holds, for the code
    // after start-up, what that function gives it, not the None the module
    // first bound it to.
    void aGlobalSetAtStartUpNoLongerHoldsItsFirstValue()
    {
        Profile p = settingsProfile();
        p.dimensions = {{"backend", "", {"auto", "triton"}, {}, "server.backend"}};
        Tree t;
        addServerArgs(t, "    backend: str = \"auto\"\n");
        t.add("kpkg.ops", "def unset_k(x): torch.ops.kns.u(x)\ndef triton_k(x): torch.ops.kns.t(x)\n");
        t.add("moe",
              "from typing import Optional\n"
              "from cfg import ServerArgs\n"
              "from kpkg.ops import unset_k, triton_k\n"
              "BACKEND: Optional[str] = None\n"
              "def initialize(server_args: ServerArgs):\n"
              "    global BACKEND\n"
              "    BACKEND = server_args.backend\n"
              "class Scheduler:\n"
              "    def __init__(self, args: ServerArgs):\n"
              "        initialize(args)\n"
              "def forward(x):\n"
              "    if BACKEND is None:\n"
              "        unset_k(x)\n"
              "    elif BACKEND == \"triton\":\n"
              "        triton_k(x)\n");
        const DimensionFilter triton = parsed("backend=triton");
        QCOMPARE(joined(kernelsReachedUnder(resolve(t, p), "moe.forward", triton)), QStringLiteral("triton_k unset_k"));
        p.startup = {"moe.initialize"};
        QCOMPARE(joined(kernelsReachedUnder(resolve(t, p), "moe.forward", triton)), QStringLiteral("triton_k"));
    }

    // A local bound from `self.end` holds its value, unknown as it is: a
    // comparison with `self.end` is decided where that binding reaches.
    // Past the bound, the ways to one value are first joined where nothing
    // is lost: ways that differ only in the place building the instance
    // join their places, and a way under more conditions than another way
    // to the same value goes. Only then are they folded by value, so one
    // place passing a value under a condition keeps it beside many places
    // passing it unconditionally.
    void foldingPastTheBoundFirstJoinsWhatLosesNothing()
    {
        using Outcome = GuardEvaluator::Outcome;
        const GuardEvaluator::Abstract triton{GuardEvaluator::Abstract::Kind::String, false, "triton", {}, {}};
        const GuardEvaluator::Abstract marlin{GuardEvaluator::Abstract::Kind::String, false, "marlin", {}, {}};
        Condition autoRunner{"runner", {"auto"}, false, "runner == auto"};
        Condition big{"big", {"true"}, false, "big"};
        GuardEvaluator::Outcomes out;
        for (int i = 0; i < 18; ++i)
            out.push_back(Outcome{triton, {builtAt("Runner", "site" + std::to_string(i))}});
        out.push_back(Outcome{triton, {autoRunner, builtAt("Runner", "method")}});
        out.push_back(Outcome{marlin, {autoRunner, builtAt("Runner", "method")}});
        out.push_back(Outcome{marlin, {autoRunner, big, builtAt("Runner", "method")}});
        const GuardEvaluator::Outcomes folded = guard_limits::foldedByValue(out);
        QCOMPARE(folded.size(), size_t(3));
        const auto plain = std::find_if(folded.begin(), folded.end(), [&](const Outcome &o) {
            return o.value == triton && o.conditions.size() == 1;
        });
        QVERIFY(plain != folded.end());
        QCOMPARE(plain->conditions[0].values.size(), size_t(18));
        const auto underAuto = std::find_if(folded.begin(), folded.end(), [&](const Outcome &o) {
            return o.value == triton && std::find(o.conditions.begin(), o.conditions.end(), autoRunner) != o.conditions.end();
        });
        QVERIFY(underAuto != folded.end());
        const auto m = std::find_if(folded.begin(), folded.end(), [&](const Outcome &o) { return o.value == marlin; });
        QVERIFY(m != folded.end());
        QCOMPARE(m->conditions.size(), size_t(2)); // the way also needing `big` went
    }

    // Past the bound, ways apart only by where their instances are built
    // (a batch's draft input made by ten speculative workers, each way also
    // under the setting that decides the guard) keep that setting: the
    // places no way shares are forgotten before the lossy fold, which would
    // keep only what every unknown way shares -- nothing -- and so leave the
    // guard open where the setting is at its default.
    void foldingForgetsUnsharedPlacesBeforeSettings()
    {
        using Case = GuardEvaluator::Case;
        Condition named{"server.topk", {"none"}, true, ""};
        Condition eagle{"server.algorithm", {"EAGLE"}, false, ""};
        Condition unnamed{"server.topk", {"none"}, false, ""};
        GuardEvaluator::Cases cases;
        for (int i = 0; i < 10; ++i) {
            const Condition place = builtAt("Worker" + std::to_string(i), "site");
            cases.push_back(Case{false, false, {place, named}});
            cases.push_back(Case{false, false, {place, eagle}});
            cases.push_back(Case{true, false, {place, unnamed}});
        }
        const GuardEvaluator::Cases folded = guard_limits::folded(cases);
        QVERIFY(folded.size() <= guard_limits::kMaxCases);
        int open = 0;
        for (const Case &c : folded) {
            if (c.known && !c.truth)
                continue;
            ++open;
            const bool decided = std::any_of(c.conditions.begin(), c.conditions.end(), [&](const Condition &x) {
                return x == named || x == eagle;
            });
            QVERIFY2(decided, "an open way holds where the setting is at its default");
        }
        QCOMPARE(open, 2);
    }

    // One value under eighteen quantizations, each alone, is that value
    // under any of the eighteen: joined before anything is forgotten, so the
    // value still needs one of them (it held anywhere once folded).
    void foldingJoinsTheValuesOfOneDimension()
    {
        using Outcome = GuardEvaluator::Outcome;
        const GuardEvaluator::Abstract method{GuardEvaluator::Abstract::Kind::String, false, "quantized", {}, {}};
        const GuardEvaluator::Abstract none{GuardEvaluator::Abstract::Kind::None, false, {}, {}, {}};
        const Condition cuda{"platform", {"cuda"}, false, "_is_cuda"};
        GuardEvaluator::Outcomes out;
        for (int i = 0; i < 18; ++i)
            out.push_back(Outcome{method, {cuda, Condition{"quantization", {"q" + std::to_string(i)}, false, ""}}});
        out.push_back(Outcome{none, {cuda, Condition{"quantization", {"none"}, false, ""}}});
        const GuardEvaluator::Outcomes folded = guard_limits::foldedByValue(out);
        QCOMPARE(folded.size(), size_t(2));
        const auto m = std::find_if(folded.begin(), folded.end(), [&](const Outcome &o) { return o.value == method; });
        QVERIFY(m != folded.end());
        QCOMPARE(m->conditions.size(), size_t(2));
        const auto q = std::find_if(m->conditions.begin(), m->conditions.end(), [](const Condition &c) { return c.dimension == "quantization"; });
        QVERIFY(q != m->conditions.end());
        QCOMPARE(q->values.size(), size_t(18));
        QVERIFY(std::find(q->values.begin(), q->values.end(), "none") == q->values.end());
    }

    void aLocalEqualsTheAttributeItWasBoundFrom()
    {
        Profile p = settingsProfile();
        p.dimensions = {{"overlap", "", {"plain", "tbo"}, {}, "server.overlap"}};
        Tree t;
        addServerArgs(t, "    overlap: str = \"plain\"\n");
        t.add("kpkg.ops", "def rest_k(x): torch.ops.kns.r(x)\ndef copy_k(x): torch.ops.kns.c(x)\n");
        t.add("model",
              "from cfg import ServerArgs\n"
              "from kpkg.ops import rest_k, copy_k\n"
              "class Model:\n"
              "    def __init__(self, args: ServerArgs, layers):\n"
              "        self.args = args\n"
              "        self.start, self.end = layers\n"
              "    def forward(self, x):\n"
              "        end = self.end\n"
              "        if self.args.overlap == \"tbo\":\n"
              "            end = self.start\n"
              "        if end != self.end:\n"
              "            rest_k(x)\n"
              "        if end == self.end:\n"
              "            copy_k(x)\n"
              "    def other(self, x):\n"
              "        end = self.start\n"
              "        if end != self.end:\n"
              "            rest_k(x)\n");
        const auto graph = resolve(t, p);
        QCOMPARE(joined(kernelsReachedUnder(graph, "model.Model.forward", parsed("overlap=plain"))), QStringLiteral("copy_k"));
        QCOMPARE(joined(kernelsReachedUnder(graph, "model.Model.forward", parsed("overlap=tbo"))), QStringLiteral("copy_k rest_k"));
        // Another attribute: nothing is known.
        QCOMPARE(joined(kernelsReachedUnder(graph, "model.Model.other", parsed("overlap=plain"))), QStringLiteral("rest_k"));
    }

    // `hasattr(head, "x")` on objects of classes of the index that neither
    // define nor assign x is false, unless code sets x by name.
    void anAttributeNoClassOfTheObjectHasIsAbsent()
    {
        Tree t;
        t.add("heads",
              "class Head:\n"
              "    def __init__(self):\n"
              "        self.weight = 1\n"
              "        self.register_buffer(\"scale\", None)\n"
              "class Wide(Head):\n"
              "    def set_mode(self): pass\n"
              "def logits(head: Head, x):\n"
              "    if hasattr(head, \"set_lora\"):\n"
              "        lora_kernel(x)\n"
              "    if hasattr(head, \"set_mode\"):\n"
              "        mode_kernel(x)\n"
              "    if hasattr(head, \"scale\"):\n"
              "        scale_kernel(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        const auto conditionsOf = [&](const char *kernel) {
            const auto edges = r.edges("heads.logits", kernel);
            return edges.size() == 1 ? edges[0]->conditions : ConditionSet{};
        };
        PathConditions lora, mode, scale;
        QVERIFY(!lora.add(conditionsOf("lora_kernel")));  // nothing gives a Head `set_lora`
        QVERIFY(mode.add(conditionsOf("mode_kernel")));   // a subclass defines it
        QVERIFY(scale.add(conditionsOf("scale_kernel"))); // registered by name
    }

    void returnsCountForTheClassesACallPasses()
    {
        // The configuration's method picks by the layer's class: called with
        // a FusedMoE it cannot return None, so the fallback never runs.
        Tree t;
        t.add("kpkg.ops", "def four_k(x): torch.ops.kns.f(x)\ndef plain_k(x): torch.ops.kns.p(x)\n");
        t.add("quant",
              "from abc import abstractmethod\n"
              "from kpkg.ops import four_k, plain_k\n"
              "class LinearBase:\n"
              "    pass\n"
              "class QuantConfig:\n"
              "    @abstractmethod\n"
              "    def get_quant_method(self, layer, prefix):\n"
              "        raise NotImplementedError\n"
              "class FourMoe:\n"
              "    def apply(self, x): four_k(x)\n"
              "class FourLinear:\n"
              "    def apply(self, x): pass\n"
              "class FourConfig(QuantConfig):\n"
              "    def get_quant_method(self, layer, prefix):\n"
              "        return self._pick(layer, prefix, Linear=FourLinear, Moe=FourMoe)\n"
              "    def _pick(self, layer, prefix, *, Linear, Moe):\n"
              "        if isinstance(layer, LinearBase):\n"
              "            return Linear(self)\n"
              "        elif isinstance(layer, FusedMoE):\n"
              "            return Moe(self)\n"
              "        return None\n"
              "class FusedMoE:\n"
              "    def __init__(self, quant_config: QuantConfig):\n"
              "        self.picked = quant_config.get_quant_method(self, \"experts\")\n"
              "    def forward(self, x):\n"
              "        if self.picked is None:\n"
              "            plain_k(x)\n"
              "        self.picked.apply(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(kernelsReached(r, "quant.FusedMoE.forward"), std::set<std::string>{"four_k"});
    }

    void redefinitionsHoldUnderTheirOwnGuards()
    {
        // A name defined again under a guard is the later definition where
        // the guard holds and the earlier one where it does not; one defined
        // again unconditionally is the later one everywhere; if/else
        // definitions are each under their branch.
        Tree t;
        t.add("kern",
              "_is_cuda = is_cuda()\n"
              "def pick():\n"
              "    return generic_kernel\n"
              "if not _is_cuda:\n"
              "    def pick():\n"
              "        return other_kernel\n"
              "def gone():\n"
              "    old_kernel()\n"
              "def gone():\n"
              "    new_kernel()\n"
              "if _is_cuda:\n"
              "    def both():\n"
              "        cuda_kernel()\n"
              "else:\n"
              "    def both():\n"
              "        hip_kernel()\n"
              "def run(x):\n"
              "    pick()\n"
              "    gone()\n"
              "    both()\n");
        const Resolved r = resolve(t, testProfile());
        const std::vector<std::string> picks = r.callees("kern.run", "pick");
        QCOMPARE(picks.size(), size_t(2));
        for (const Edge *e : r.edges("kern.run", "pick")) {
            const Condition *c = dimension(e, "platform");
            QVERIFY(c);
            QCOMPARE(c->values, std::vector<std::string>{"cuda"});
            // The first definition stands on CUDA, the one under `not _is_cuda` elsewhere.
            QCOMPARE(c->negated, r.line(e->calleeId) == 5);
        }
        QCOMPARE(r.callees("kern.run", "gone").size(), size_t(1));
        for (const Edge *e : r.edges("kern.run", "gone")) {
            QCOMPARE(r.line(e->calleeId), 9);
            QVERIFY(!dimension(e, "platform"));
        }
        QCOMPARE(r.callees("kern.run", "both").size(), size_t(2));
        for (const Edge *e : r.edges("kern.run", "both")) {
            const Condition *c = dimension(e, "platform");
            QVERIFY(c);
            QCOMPARE(c->negated, r.line(e->calleeId) == 15);
        }
    }

    void aMethodRunsWhereItsClassIsBuilt()
    {
        // A flag a runner's method sets: true only where the runner is built,
        // which its builder does only under a setting.
        const Tree t = graphFlagTree();
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReachedUnder(r, "attn.attend", parsed("server.enable_graph=false"))), QStringLiteral("eager_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "attn.attend", parsed("server.enable_graph=true"))),
                 QStringLiteral("eager_k graph_k"));
    }

    void aClassAFactoryReturnsMayBeBuiltAnywhere()
    {
        // The runner is built by name only under the setting, but a factory
        // returns the class too and its result is called elsewhere: the
        // runner's method may run without the setting.
        const Tree t = graphFlagTree("def runner_class():\n"
                                     "    return GraphRunner\n"
                                     "class Warmup:\n"
                                     "    def start(self):\n"
                                     "        self.runner = runner_class()(self)\n"
                                     "        self.runner.capture()\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReachedUnder(r, "attn.attend", parsed("server.enable_graph=false"))),
                 QStringLiteral("eager_k graph_k"));
    }

    void eachDefinitionOfANameKeepsItsOwnBody()
    {
        // `if _is_cuda: def quant(...)` / `else: def quant(...)`: each body's
        // calls are its own, so the CUDA definition reaches only its kernel.
        Tree t;
        t.add("kpkg.ops", "def cuda_k(x): torch.ops.kns.c(x)\ndef hip_k(x): torch.ops.kns.h(x)\n");
        t.add("quant",
              "from kpkg.ops import cuda_k, hip_k\n"
              "_is_cuda = is_cuda()\n"
              "if _is_cuda:\n"
              "    def quant(x):\n"
              "        cuda_k(x)\n"
              "else:\n"
              "    def quant(x):\n"
              "        y = x\n"
              "        hip_k(y)\n"
              "def run(x):\n"
              "    quant(x)\n");
        const Resolved r = resolve(t, testProfile());
        QCOMPARE(joined(kernelsReachedUnder(r, "quant.run", parsed("platform=cuda"))), QStringLiteral("cuda_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "quant.run", parsed("platform=hip"))), QStringLiteral("hip_k"));
        QCOMPARE(joined(kernelsReached(r, "quant.quant", 5)), QStringLiteral("cuda_k"));
        QCOMPARE(joined(kernelsReached(r, "quant.quant", 9)), QStringLiteral("hip_k"));
    }

    void derivedDimensionsComeFromTheComputingFunctions()
    {
        const Resolved r = resolve(settingsTree(), settingsProfile());
        std::vector<std::string> rows;
        for (const DerivedValue &v : r.g.derivedValues) {
            std::string row = v.keyDimension + "=" + v.key + " -> " + v.dimension + "=" + v.value;
            for (const Condition &c : v.conditions)
                row += std::string(" ") + (c.negated ? "!" : "") + c.dimension;
            rows.push_back(row);
        }
        std::sort(rows.begin(), rows.end());
        QCOMPARE(rows, (std::vector<std::string>{"attention_backend=x -> attn_path=A stage",
                                                 "attention_backend=x -> attn_path=B !stage",
                                                 "attention_backend=y -> attn_path=B"}));
    }

    // A call's arguments decide `is None` tests in the callee, through a
    // method that hands its *args on: a norm called without a residual
    // reaches only the plain kernel, one called with it only the fused one.
    void callsAreSpecialisedByTheirArguments()
    {
        Tree t;
        addNormLayers(t,
              "class Layer:\n"
              "    def __init__(self):\n"
              "        self.q_norm = Norm()\n"
              "        self.norm = Norm()\n"
              "    def forward(self, x, residual):\n"
              "        self.q_norm(x)\n"
              "        self.norm(x, residual=residual)\n"
              "        self.norm(x, None)\n");
        const Resolved r = resolve(t);
        auto kernelsOf = [&](int line) { return kernelsReached(r, "layers.Layer.forward", line); };
        QCOMPARE(kernelsOf(15), std::set<std::string>{"rmsnorm"});
        QCOMPARE(kernelsOf(16), (std::set<std::string>{"fused_add_rmsnorm", "rmsnorm"})); // residual may be None
        QCOMPARE(kernelsOf(17), std::set<std::string>{"rmsnorm"});
        // The copies are kept apart by their variant.
        const auto copies = std::count_if(r.g.symbols.begin(), r.g.symbols.end(), [](const Symbol &s) {
            return s.name == "forward_cuda" && !s.variant.empty();
        });
        QCOMPARE(copies, 1); // both None-residual calls share `|residual=N`
    }

    // A name the caller declares not None (`residual: torch.Tensor`), never
    // tests for None and assigns again only to such values is handed on as
    // not None: the callee's `residual is not None` holds there. A loose
    // declaration (tested for None, Optional, assigned a value that may be
    // None) keeps both ways; an assignment in the `if` whose `else` holds
    // the call does not reach it.
    void aNameDeclaredNotNoneIsHandedOnSo()
    {
        Tree t;
        addNormLayers(t,
              "from typing import Optional\n"
              "def buffer() -> torch.Tensor:\n"
              "    return torch.empty(1)\n"
              "def maybe_buffer() -> Optional[torch.Tensor]:\n"
              "    return None\n"
              "class Comm:\n"
              "    def __init__(self):\n"
              "        self.norm = Norm()\n"
              "    def declared(self, h: torch.Tensor, residual: torch.Tensor):\n"
              "        return self.norm(h, residual)\n"
              "    def loose(self, h: torch.Tensor, residual: torch.Tensor):\n"
              "        if residual is None:\n"
              "            h = h * 2\n"
              "        return self.norm(h, residual)\n"
              "    def optional(self, h: torch.Tensor, residual: Optional[torch.Tensor]):\n"
              "        return self.norm(h, residual)\n"
              "    def refilled(self, h: torch.Tensor, residual: torch.Tensor, split: bool):\n"
              "        if split:\n"
              "            residual = buffer()\n"
              "        return self.norm(h, residual)\n"
              "    def maybe_refilled(self, h: torch.Tensor, residual: torch.Tensor, split: bool):\n"
              "        if split:\n"
              "            residual = maybe_buffer()\n"
              "        return self.norm(h, residual)\n"
              "    def other_branch(self, h: torch.Tensor, residual: torch.Tensor, a: bool, b: bool):\n"
              "        if a and b:\n"
              "            h, residual = self.norm.fuse(h, residual)\n"
              "        else:\n"
              "            h, residual = self.norm(h, residual)\n"
              "        return h, residual\n"
              "    def handed(self, h: torch.Tensor, residual: torch.Tensor):\n"
              "        return self.declared(h, residual=residual)\n");
        const Resolved r = resolve(t);
        const std::set<std::string> fused{"fused_add_rmsnorm"}, both{"fused_add_rmsnorm", "rmsnorm"};
        QCOMPARE(kernelsReached(r, "layers.Comm.declared"), fused);
        QCOMPARE(kernelsReached(r, "layers.Comm.loose"), both);
        QCOMPARE(kernelsReached(r, "layers.Comm.optional"), both);
        QCOMPARE(kernelsReached(r, "layers.Comm.refilled"), fused);
        QCOMPARE(kernelsReached(r, "layers.Comm.maybe_refilled"), both);
        QCOMPARE(kernelsReached(r, "layers.Comm.other_branch"), fused);
        QCOMPARE(kernelsReached(r, "layers.Comm.handed"), fused);
    }

    // A method of a parameter declared as a class the profile says gives no
    // None (`not_none_results`: torch.Tensor), and an item of what it gives,
    // is not None: `residual = residual.tensor_split(n)[i]` keeps the name
    // handed on as not None. An attribute (`residual.grad`) may be None, and
    // without the profile's word nothing is known of the method.
    void aMethodOfADeclaredTensorIsNotNone()
    {
        Tree t;
        addNormLayers(t,
              "class Comm:\n"
              "    def __init__(self):\n"
              "        self.norm = Norm()\n"
              "    def scattered(self, h: torch.Tensor, residual: torch.Tensor, split: bool):\n"
              "        if split:\n"
              "            residual = residual.tensor_split(2)[0]\n"
              "        return self.norm(h, residual.view(-1).contiguous())\n"
              "    def viewed(self, h: torch.Tensor, residual: torch.Tensor):\n"
              "        residual = residual.view(-1).contiguous()\n"
              "        return self.norm(h, residual)\n"
              "    def graded(self, h: torch.Tensor, residual: torch.Tensor):\n"
              "        residual = residual.grad\n"
              "        return self.norm(h, residual)\n");
        Profile p = testProfile();
        p.notNoneResults = {"torch.Tensor"};
        const Resolved r = resolve(t, p);
        const std::set<std::string> fused{"fused_add_rmsnorm"}, both{"fused_add_rmsnorm", "rmsnorm"};
        QCOMPARE(kernelsReached(r, "layers.Comm.viewed"), fused);
        QCOMPARE(kernelsReached(r, "layers.Comm.graded"), both);
        const Resolved unlisted = resolve(t);
        QCOMPARE(kernelsReached(unlisted, "layers.Comm.viewed"), both);
    }

    // A literal looked for in a string (`"fp8" in fmt`) is decided where
    // the name holds a known string: the default a call leaves. A call
    // passing another string gets no copy of its own (a literal argument is
    // only "not None"), so there both ways stay.
    void aLiteralInAStringIsDecided()
    {
        Tree t;
        t.add("kpkg.q", "def fused_quant(x): torch.ops.kns.fq(x)\ndef plain(x): torch.ops.kns.plain(x)\n");
        t.add("app",
              "from kpkg.q import fused_quant, plain\n"
              "def prepare(x, fmt=\"\"):\n"
              "    if \"fp8\" in fmt:\n"
              "        return fused_quant(x)\n"
              "    return plain(x)\n"
              "def model_a(x):\n"
              "    return prepare(x)\n"
              "def model_b(x):\n"
              "    return prepare(x, \"mxfp8\")\n");
        const Resolved r = resolve(t);
        QCOMPARE(kernelsReached(r, "app.model_a"), std::set<std::string>{"plain"});
        QCOMPARE(kernelsReached(r, "app.model_b"), (std::set<std::string>{"fused_quant", "plain"}));
    }

    // A predicate that only combines its receiver's predicates is read
    // through its body, `self` as the receiver: `mode.is_plain_extend()`
    // needs the stage and the speculative mode its parts map to, so the
    // extend-only path drops out of a verify step -- also where the
    // receiver is not known (the one method of the index by that name).
    void aPredicateIsReadThroughItsBody()
    {
        Profile p = testProfile();
        p.dimensionRules.push_back(guardRule("^(?:[\\w.]+\\.)?mode\\.is_extend\\(\\)$", "stage", "extend"));
        p.dimensionRules.push_back(guardRule("^(?:[\\w.]+\\.)?mode\\.is_verify\\(\\)$", "spec", "verify"));
        Tree t;
        t.add("kpkg.attn", "def ragged(q): torch.ops.kns.ragged(q)\ndef paged(q): torch.ops.kns.paged(q)\n");
        t.add("app",
              "from kpkg.attn import ragged, paged\n"
              "class Mode:\n"
              "    def is_extend(self):\n"
              "        return self.value == 1\n"
              "    def is_verify(self):\n"
              "        return self.value == 2\n"
              "    def is_plain_extend(self):\n"
              "        return self.is_extend() and not self.is_verify()\n"
              "class Batch:\n"
              "    def __init__(self, mode: Mode):\n"
              "        self.mode = mode\n"
              "def typed(batch: Batch, q):\n"
              "    if batch.mode.is_plain_extend():\n"
              "        return ragged(q)\n"
              "    return paged(q)\n"
              "def untyped(batch, q):\n"
              "    if batch.mode.is_plain_extend():\n"
              "        return ragged(q)\n"
              "    return paged(q)\n");
        const Resolved r = resolve(t, p);
        std::string error;
        const DimensionFilter verify = *DimensionFilter::parse("stage=extend spec=verify", &error);
        const DimensionFilter plain = *DimensionFilter::parse("stage=extend spec=none", &error);
        for (const char *fn : {"app.typed", "app.untyped"}) {
            QCOMPARE(kernelsReachedUnder(r, fn, verify), std::set<std::string>{"paged"});
            QCOMPARE(kernelsReachedUnder(r, fn, plain), std::set<std::string>{"ragged"});
        }
    }

    // The model's configuration is read through a parameter annotated with
    // its class; a setting the settings class switches on from another
    // comes with that condition; a guard that holds in two ways keeps both,
    // and a filter that rules out each drops the path.
    void modelSettingsAndSettingsSwitchedOnByTheSettingsClass()
    {
        Profile p = modelSettingsProfile();
        p.dimensions = {{"runner", "", {"auto", "fused"}, {}, "server.runner"}};
        Tree t;
        t.add("cfg",
              "class ServerArgs:\n"
              "    disable_fusion: bool = False\n"
              "    runner: str = \"auto\"\n"
              "    def _check(self):\n"
              "        if self.runner == \"fused\":\n"
              "            self.disable_fusion = True\n"
              "def get_args() -> ServerArgs:\n"
              "    return ServerArgs()\n");
        t.add("moe",
              "from cfg import get_args\n"
              "class MoE:\n"
              "    def __init__(self, config: PretrainedConfig):\n"
              "        self.fused_shared = 0 if get_args().disable_fusion else config.n_shared\n"
              "        self.groups = getattr(config, \"n_group\", 1)\n"
              "    def forward(self, x):\n"
              "        if self.fused_shared == 0:\n"
              "            shared_kernel(x)\n"
              "        else:\n"
              "            fused_kernel(x)\n");
        const Resolved r = resolve(t, p);
        const auto shared = r.edges("moe.MoE.forward", "shared_kernel");
        const auto fused = r.edges("moe.MoE.forward", "fused_kernel");
        QCOMPARE(shared.size(), size_t(1));
        QCOMPARE(fused.size(), size_t(1));
        PathConditions sharedPath, fusedPath;
        QVERIFY(sharedPath.add(shared[0]->conditions));
        QVERIFY(fusedPath.add(fused[0]->conditions));
        std::string error;
        // The flag the settings class sets itself is read through the
        // effective filter, which applies where the class sets it.
        const SettingDefaults &defaults = r.g.settingDefaults;
        const Profile deployed = tracedProfile(p, r);
        auto filter = [&](const char *text) { return effectiveFilter(*DimensionFilter::parse(text, &error), deployed); };
        QCOMPARE(defaults.count("model.n_shared"), size_t(0)); // a checkpoint value has no default
        // One shared expert, default runner: fused into the routed experts.
        QVERIFY(!sharedPath.passes(filter("runner=auto model.n_shared=1"), &defaults));
        QVERIFY(fusedPath.passes(filter("runner=auto model.n_shared=1"), &defaults));
        // No shared expert to fuse, or fusion disabled by the user or by the runner.
        QVERIFY(sharedPath.passes(filter("runner=auto model.n_shared=0"), &defaults));
        QVERIFY(sharedPath.passes(filter("runner=auto model.n_shared=1 server.disable_fusion=true"), &defaults));
        QVERIFY(sharedPath.passes(filter("runner=fused model.n_shared=1"), &defaults));
        QVERIFY(!fusedPath.passes(filter("runner=fused model.n_shared=1"), &defaults));
        // Nothing named: both may run.
        QVERIFY(sharedPath.passes(DimensionFilter{}, &defaults));
        QVERIFY(fusedPath.passes(DimensionFilter{}, &defaults));
        // The ways survive the store's encoding.
        QCOMPARE(decodeConditions(encodeConditions(shared[0]->conditions)), shared[0]->conditions);
    }

    // A flag the settings class switches on under several tests at once
    // (`if not self.fusion and self.runner == "auto" and self.a2a == "none"`)
    // is read as the setting alone; the effective filter sets it where every
    // test holds, keeps the default where one fails, and leaves both where
    // the filter does not decide.
    void aFlagTheSettingsClassSetsIsAppliedByTheFilter()
    {
        Profile p = modelSettingsProfile();
        p.dimensions = {{"runner", "", {"auto", "fused"}, {}, "server.runner"},
                        {"a2a", "", {"none", "deep"}, {}, "server.a2a"}};
        Tree t;
        t.add("cfg",
              "class ServerArgs:\n"
              "    fusion: bool = False\n"
              "    runner: str = \"auto\"\n"
              "    a2a: str = \"none\"\n"
              "    def _auto(self):\n"
              "        if not self.fusion and self.runner == \"auto\" and self.a2a == \"none\":\n"
              "            self.fusion = True\n"
              "def get_args() -> ServerArgs:\n"
              "    return ServerArgs()\n");
        t.add("layer",
              "from cfg import get_args\n"
              "def forward(x):\n"
              "    if get_args().fusion:\n"
              "        fused_kernel(x)\n"
              "    else:\n"
              "        plain_kernel(x)\n");
        const Resolved r = resolve(t, p);
        const auto fused = r.edges("layer.forward", "fused_kernel");
        const auto plain = r.edges("layer.forward", "plain_kernel");
        QCOMPARE(fused.size(), size_t(1));
        QCOMPARE(plain.size(), size_t(1));
        // The guard names the flag alone.
        QCOMPARE(fused[0]->conditions.size(), size_t(1));
        QCOMPARE(fused[0]->conditions[0].dimension, std::string("server.fusion"));
        const auto row = std::find_if(r.g.derivedValues.begin(), r.g.derivedValues.end(),
                                      [](const DerivedValue &v) { return v.dimension == "server.fusion"; });
        QVERIFY(row != r.g.derivedValues.end());
        QVERIFY(row->keyDimension.empty());
        QCOMPARE(row->value, std::string("true"));
        const Profile deployed = tracedProfile(p, r);
        std::string error;
        const auto runs = [&](const std::vector<const Edge *> &edge, const char *text) {
            PathConditions path;
            return path.add(edge[0]->conditions)
                && path.passes(effectiveFilter(*DimensionFilter::parse(text, &error), deployed), &r.g.settingDefaults);
        };
        QVERIFY(runs(fused, "runner=auto a2a=none"));
        QVERIFY(!runs(plain, "runner=auto a2a=none"));
        QVERIFY(!runs(fused, "runner=auto a2a=deep"));
        QVERIFY(runs(plain, "runner=auto a2a=deep"));
        QVERIFY(runs(fused, "runner=auto") && runs(plain, "runner=auto")); // the a2a backend is open
        QVERIFY(!runs(fused, "runner=fused"));
        // Named by the user, the flag is what the user gives.
        QVERIFY(runs(plain, "runner=auto a2a=none server.fusion=false"));
        QVERIFY(!runs(fused, "runner=auto a2a=none server.fusion=false"));
    }

    // A filter naming a deployment but no checkpoint is read with the model's
    // default checkpoint: its configuration decides the guards on it.
    void aDeploymentRunsTheModelsDefaultCheckpoint()
    {
        Profile p = modelSettingsProfile();
        p.checkpoints["One-Shared"] = modelSettings(QJsonObject{{QStringLiteral("n_shared"), 1}}, "model");
        ModelEntry withDefault;
        withDefault.model = "moe";
        withDefault.function = "moe.MoE.forward";
        withDefault.checkpoint = "One-Shared";
        ModelEntry without = withDefault;
        without.model = "plain";
        without.checkpoint.clear();
        p.models = {withDefault, without};
        Tree t;
        t.add("moe",
              "class MoE:\n"
              "    def __init__(self, config: PretrainedConfig):\n"
              "        self.fused_shared = config.n_shared\n"
              "    def forward(self, x):\n"
              "        if self.fused_shared == 0:\n"
              "            shared_kernel(x)\n"
              "        else:\n"
              "            fused_kernel(x)\n");
        const Resolved r = resolve(t, p);
        const auto shared = r.edges("moe.MoE.forward", "shared_kernel");
        QCOMPARE(shared.size(), size_t(1));
        PathConditions sharedPath;
        QVERIFY(sharedPath.add(shared[0]->conditions));
        std::string error;
        auto filter = [&](const char *text) { return *DimensionFilter::parse(text, &error); };
        const SettingDefaults &defaults = r.g.settingDefaults;

        const CheckpointChoice deployed = withDefaultCheckpoint(filter("stage=decode"), p, "moe");
        QCOMPARE(deployed.checkpoint, std::string("One-Shared"));
        QCOMPARE(deployed.filter.allowed().at("model.n_shared"), std::set<std::string>{"1"});
        QVERIFY(!sharedPath.passes(deployed.filter, &defaults)); // one shared expert: fused
        QVERIFY(sharedPath.passes(filter("stage=decode"), &defaults));
        // A filter that names a model setting names the checkpoint itself.
        const CheckpointChoice named = withDefaultCheckpoint(filter("stage=decode model.n_shared=0"), p, "moe");
        QVERIFY(named.checkpoint.empty());
        QVERIFY(sharedPath.passes(named.filter, &defaults));
        // Nothing assumed without a filter, nor for a model without a default.
        QVERIFY(withDefaultCheckpoint(DimensionFilter{}, p, "moe").checkpoint.empty());
        QVERIFY(withDefaultCheckpoint(filter("stage=decode"), p, "plain").checkpoint.empty());
        QVERIFY(sharedPath.passes(withDefaultCheckpoint(filter("stage=decode"), p, "plain").filter, &defaults));
    }

    // A constructor's parameter takes what the places building its class
    // pass: here an expression on the model's configuration, and a literal.
    void constructorParametersTakeWhatTheBuildingSitesPass()
    {
        Profile p = modelSettingsProfile();
        Tree t;
        t.add("cfgs", "from transformers import PretrainedConfig\nclass MyConfig(PretrainedConfig):\n    pass\n");
        t.add("attn",
              "from cfgs import MyConfig\n"
              "class Attention:\n"
              "    def __init__(self, rank, fused=False, extra=None):\n"
              "        self.rank = rank\n"
              "        self.fused = fused\n"
              "        self.extra = extra\n"
              "    def forward(self, x):\n"
              "        if self.rank is not None:\n"
              "            lora_kernel(x)\n"
              "        if self.fused:\n"
              "            fused_kernel(x)\n"
              "        if self.extra is not None:\n"
              "            extra_kernel(x)\n"
              "class Layer:\n"
              "    def __init__(self, config: MyConfig):\n"
              "        self.attn = Attention(rank=(config.q_rank if hasattr(config, \"q_rank\") else None), fused=True)\n"
              "class Other:\n"
              "    def __init__(self, config: PretrainedConfig):\n"
              "        self.attn = Attention(config.q_rank, True)\n");
        const Resolved r = resolve(t, p);
        std::string error;
        auto passes = [&](const char *callee, const char *text) {
            const auto e = r.edges("attn.Attention.forward", callee);
            PathConditions pc;
            return e.size() == 1 && pc.add(e[0]->conditions) && pc.passes(*DimensionFilter::parse(text, &error), &r.g.settingDefaults);
        };
        QVERIFY(passes("lora_kernel", "model.q_rank=1536"));
        QVERIFY(!passes("lora_kernel", "model.q_rank=none"));
        // Both building sites pass True; neither passes `extra`, whose default is None.
        const auto fused = r.edges("attn.Attention.forward", "fused_kernel");
        QCOMPARE(fused.size(), size_t(1));
        QVERIFY(std::none_of(fused[0]->conditions.begin(), fused[0]->conditions.end(), [](const Condition &c) { return c.dimension == "unreachable"; }));
        const auto extra = r.edges("attn.Attention.forward", "extra_kernel");
        QCOMPARE(extra.size(), size_t(1));
        QVERIFY(dimension(extra[0], "unreachable"));
    }

    // A module flag a function rebinds under `global` holds the new value
    // where that function is called (through the plain functions calling
    // it); a function nothing calls does not change it. A local read through
    // its one assignment is the text a profile rule maps.
    void rebindingsHoldWhereTheirFunctionIsCalledAndLocalsReadThroughTheirValue()
    {
        Profile p = settingsProfile();
        p.dimensionRules.push_back(guardRule("^get_backend\\(\\)\\.is_fast\\(\\)$", "runner", "fast"));
        Tree t;
        t.add("cfg",
              "class ServerArgs:\n"
              "    det: bool = False\n"
              "def get_args() -> ServerArgs:\n"
              "    return ServerArgs()\n");
        t.add("mode",
              "_MODE = False\n"
              "def mode_on():\n"
              "    return _MODE\n"
              "def enable():\n"
              "    global _MODE\n"
              "    _MODE = True\n"
              "def _enable_both():\n"
              "    enable()\n"
              "def reset_for_tests():\n"
              "    global _MODE\n"
              "    _MODE = True\n");
        t.add("runner",
              "from cfg import get_args\n"
              "from mode import mode_on, _enable_both\n"
              "class Runner:\n"
              "    def __init__(self):\n"
              "        if get_args().det:\n"
              "            _enable_both()\n"
              "    def forward(self, x):\n"
              "        if mode_on():\n"
              "            invariant_kernel(x)\n"
              "        backend = get_backend()\n"
              "        if backend.is_fast():\n"
              "            fast_kernel(x)\n");
        const Resolved r = resolve(t, p);
        const auto invariant = r.edges("runner.Runner.forward", "invariant_kernel");
        QCOMPARE(invariant.size(), size_t(1));
        const Condition *det = dimension(invariant[0], "server.det");
        QVERIFY(det);
        QCOMPARE(det->values, std::vector<std::string>{"true"});
        const auto fast = r.edges("runner.Runner.forward", "fast_kernel");
        QCOMPARE(fast.size(), size_t(1));
        QVERIFY(dimension(fast[0], "runner"));
    }

    // An attribute another object's code assigns (a weight loader setting
    // `attn.use_bmm = True`) holds that value under the loader's guards.
    void attributesAssignedFromOutsideHoldWhereTheyAreAssigned()
    {
        Tree t;
        t.add("cfg",
              "class ServerArgs:\n"
              "    enable_det: bool = False\n"
              "def get_args() -> ServerArgs:\n"
              "    return ServerArgs()\n");
        t.add("attn",
              "from cfg import get_args\n"
              "class Attention:\n"
              "    def __init__(self):\n"
              "        self.use_bmm = False\n"
              "    def forward(self, x):\n"
              "        if self.use_bmm:\n"
              "            bmm_kernel(x)\n"
              "        if not hasattr(self, \"shuffled\"):\n"
              "            unshuffled_kernel(x)\n"
              "def load(attn):\n"
              "    use_bmm = False\n"
              "    if get_bool_env_var(\"USE_BMM\"):\n"
              "        use_bmm = True\n"
              "    if use_bmm:\n"
              "        attn.use_bmm = True\n"
              "    if get_args().enable_det:\n"
              "        attn.shuffled = shuffle(attn)\n");
        const Resolved r = resolve(t, settingsProfile());
        const auto bmm = r.edges("attn.Attention.forward", "bmm_kernel");
        QCOMPARE(bmm.size(), size_t(1));
        const Condition *env = dimension(bmm[0], "env.USE_BMM");
        QVERIFY(env);
        QCOMPARE(env->values, std::vector<std::string>{"true"});
        // An attribute only the loader sets exists where the loader sets it.
        const auto unshuffled = r.edges("attn.Attention.forward", "unshuffled_kernel");
        QCOMPARE(unshuffled.size(), size_t(1));
        PathConditions pc;
        QVERIFY(pc.add(unshuffled[0]->conditions));
        std::string error;
        QVERIFY(pc.passes(*DimensionFilter::parse("platform=cuda", &error), &r.g.settingDefaults));
        QVERIFY(!pc.passes(*DimensionFilter::parse("server.enable_det=true", &error), &r.g.settingDefaults));
    }

    // The caller's `self` passed to a strategy object binds its class there:
    // `layer.run()` in the method's copy runs that class's method only.
    void selfPassedOnBindsItsClass()
    {
        Tree t;
        t.add("kpkg.ops", "def a_kernel(x): torch.ops.kns.a(x)\ndef b_kernel(x): torch.ops.kns.b(x)\n");
        t.add("moe",
              "from kpkg.ops import a_kernel, b_kernel\n"
              "class Method:\n"
              "    def apply(self, layer: Base, x):\n"
              "        return layer.run(x)\n"
              "class Base:\n"
              "    def run(self, x): pass\n"
              "class A(Base):\n"
              "    def __init__(self):\n"
              "        self.method = Method()\n"
              "    def run(self, x): a_kernel(x)\n"
              "    def forward(self, x):\n"
              "        return self.method.apply(self, x)\n"
              "class B(Base):\n"
              "    def run(self, x): b_kernel(x)\n");
        const Resolved r = resolve(t);
        QCOMPARE(kernelsReached(r, "moe.A.forward"), std::set<std::string>{"a_kernel"});
    }

    // A literal True/False argument decides the callee's tests of it, also
    // where the callee hands it down as `flag=flag`.
    void literalFlagsAreHandedDown()
    {
        Tree t;
        t.add("kpkg.quant",
              "def col_major(x): torch.ops.kns.col(x)\n"
              "def row_major(x): torch.ops.kns.row(x)\n");
        t.add("gemm",
              "from kpkg.quant import col_major, row_major\n"
              "def _raw(x, column_major=False):\n"
              "    if column_major:\n"
              "        col_major(x)\n"
              "    else:\n"
              "        row_major(x)\n"
              "def quant(x, column_major=False):\n"
              "    return _raw(x, column_major=column_major)\n"
              "def triton_linear(x):\n"
              "    return quant(x, column_major=False)\n"
              "def deep_linear(x):\n"
              "    return quant(x, column_major=True)\n");
        const Resolved r = resolve(t);
        QCOMPARE(kernelsReached(r, "gemm.triton_linear"), std::set<std::string>{"row_major"});
        QCOMPARE(kernelsReached(r, "gemm.deep_linear"), std::set<std::string>{"col_major"});
    }

    void aFilterHoldsUnnamedSettingsToTheirDefaults()
    {
        const SettingDefaults defaults{{"server.enable_det", "false"}};
        Condition det{"server.enable_det", {"true"}, false, "server.enable_det == true"};
        PathConditions pc;
        QVERIFY(pc.add({det}));
        std::string error;
        const DimensionFilter empty;
        const DimensionFilter deployed = *DimensionFilter::parse("platform=cuda", &error);
        const DimensionFilter asked = *DimensionFilter::parse("platform=cuda server.enable_det=true", &error);
        QVERIFY(pc.passes(empty, &defaults));     // no deployment named: everything may run
        QVERIFY(!pc.passes(deployed, &defaults)); // a deployment keeps the default
        QVERIFY(pc.passes(asked, &defaults));     // unless it names the setting
        QVERIFY(pc.passes(deployed));             // without defaults nothing is assumed
    }

    // A guard a rule maps through its negation (`cfg is not None`, mapped by
    // the rule for `cfg is None`) fails exactly where that rule's value holds:
    // `not (cfg is not None and ...)` holds when there is no config.
    void aNegatedMappingFailsWhereItsRuleHolds()
    {
        Profile p = settingsProfile();
        p.dimensionRules.push_back(guardRule("^cfg is None$", "quant", "none"));
        p.dimensionRules.push_back(guardRule("^cfg\\.name\\(\\) == \"fp4\"$", "quant", "fp4"));
        Tree t;
        t.add("kpkg.ops", "def fp4_k(x): torch.ops.kns.f(x)\ndef plain_k(x): torch.ops.kns.p(x)\n");
        t.add("moe",
              "from kpkg.ops import fp4_k, plain_k\n"
              "def run(cfg, x):\n"
              "    if cfg is not None and cfg.name() == \"fp4\":\n"
              "        fp4_k(x)\n"
              "    else:\n"
              "        plain_k(x)\n");
        const Resolved r = resolve(t, p);
        QCOMPARE(joined(kernelsReachedUnder(r, "moe.run", parsed("quant=none"))), QStringLiteral("plain_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "moe.run", parsed("quant=fp4"))), QStringLiteral("fp4_k"));
    }

    // `if t:` whose body ends with `if a: return ... elif b: return ...`
    // leaves the function where `t and (a or b)` holds: what follows runs
    // only where that fails.
    void aReturnInsideANestedIfGuardsWhatFollows()
    {
        Profile p = settingsProfile();
        p.dimensions = {{"runner", "", {"fast", "plain"}, {}, "server.runner"}, {"quant", "", {"none", "fp8", "int4"}, {}, "server.quant"}};
        Tree t;
        addServerArgs(t, "    runner: str = \"plain\"\n    quant: str = \"none\"\n");
        t.add("kpkg.ops", "def fast_k(x): torch.ops.kns.f(x)\ndef plain_k(x): torch.ops.kns.p(x)\n");
        t.add("impl",
              "from cfg import get_args\n"
              "from kpkg.ops import fast_k, plain_k\n"
              "class Fast:\n"
              "    def run(self, x): fast_k(x)\n"
              "class Plain:\n"
              "    def run(self, x): plain_k(x)\n"
              "def impl_class():\n"
              "    if get_args().runner == \"fast\":\n"
              "        if get_args().quant == \"int4\":\n"
              "            return None\n"
              "        elif get_args().quant == \"none\" or get_args().quant == \"fp8\":\n"
              "            return Fast\n"
              "    return Plain\n"
              "def forward(x):\n"
              "    impl_class()().run(x)\n");
        const Resolved r = resolve(t, p);
        QCOMPARE(joined(kernelsReachedUnder(r, "impl.forward", parsed("runner=fast quant=none"))), QStringLiteral("fast_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "impl.forward", parsed("runner=plain quant=none"))), QStringLiteral("plain_k"));
    }

    // A call made until its object raises a flag (the method tests the flag
    // lowered, calls, then sets it True) is set-up work: a deployment's
    // filter leaves it out unless it names `run.phase=setup`; no filter shows
    // it. A test that also holds with the flag raised is a call of every step.
    void callsMadeUntilAFlagIsRaisedAreSetUp()
    {
        Tree t;
        t.add("kpkg.ops", "def create_k(x): torch.ops.kns.create(x)\ndef fuse_k(x): torch.ops.kns.fuse(x)\n"
                          "def merge_k(x): torch.ops.kns.merge(x)\ndef prep_k(x): torch.ops.kns.prep(x)\n");
        t.add("ws",
              "from kpkg.ops import create_k, fuse_k, merge_k, prep_k\n"
              "class Workspace:\n"
              "    def __init__(self):\n"
              "        self.initialized = False\n"
              "        self.prepared = False\n"
              "        self.custom = False\n"
              "    def initialize(self, size, x):\n"
              "        if self.initialized and self.size == size:\n"
              "            return\n"
              "        create_k(x)\n"
              "        self.initialized = True\n"
              "    def prepare(self, x):\n"
              "        if not self.prepared:\n"
              "            prep_k(x)\n"
              "            self.prepared = True\n"
              "    def merge(self, other, x):\n"
              "        if self.custom or other.custom:\n"
              "            merge_k(x)\n"
              "            self.custom = True\n"
              "    def run(self, x):\n"
              "        self.initialize(8, x)\n"
              "        self.prepare(x)\n"
              "        self.merge(self, x)\n"
              "        fuse_k(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReached(r, "ws.Workspace.run")), QStringLiteral("create_k fuse_k merge_k prep_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "ws.Workspace.run", parsed("platform=cuda"))), QStringLiteral("fuse_k merge_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "ws.Workspace.run", parsed("platform=cuda run.phase=setup"))),
                 QStringLiteral("create_k fuse_k merge_k prep_k"));
    }

    // What only the running batch decides stays on the path, marked as such.
    void runtimeConditionsAreShownAsSuch()
    {
        PathConditions pc;
        QVERIFY(pc.add({{"", {}, false, "x.shape[0] > 16"}, {"", {}, false, "self.use_fast"},
                        {"platform", {"cuda"}, false, "_is_cuda"}}));
        int runtime = 0;
        for (const ConditionChip &c : conditionChips(pc)) {
            if (!c.runtime)
                continue;
            ++runtime;
            QCOMPARE(c.text, std::string("at run time: x.shape[0] > 16"));
        }
        QCOMPARE(runtime, 1);
    }

    // A guard on locals that read the batch reads as what it tests, and is
    // shown as a runtime condition.
    void runtimeLocalsAreWrittenOut()
    {
        Tree t;
        t.add("kpkg.ops", "def deep_k(x): torch.ops.kns.d(x)\ndef triton_k(x): torch.ops.kns.t(x)\n");
        t.add("gemm",
              "from kpkg.ops import deep_k, triton_k\n"
              "def linear(x, weight):\n"
              "    output_dtype = x.dtype\n"
              "    dtype_supported = output_dtype == torch.bfloat16\n"
              "    shape_supported = weight.shape[0] % 64 == 0\n"
              "    if not (shape_supported and dtype_supported):\n"
              "        return triton_k(x)\n"
              "    return deep_k(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        const auto triton = r.edges("gemm.linear", "triton_k");
        QCOMPARE(triton.size(), size_t(1));
        QCOMPARE(triton[0]->conditions.size(), size_t(1));
        const Condition &c = triton[0]->conditions[0];
        QCOMPARE(QString::fromStdString(c.text),
                 QStringLiteral("(weight.shape[0] % 64 == 0) and ((x.dtype) == torch.bfloat16)"));
        QVERIFY(c.negated);
        PathConditions pc;
        QVERIFY(pc.add(triton[0]->conditions));
        const std::vector<ConditionChip> chips = conditionChips(pc);
        QCOMPARE(chips.size(), size_t(1));
        QVERIFY(chips[0].runtime);
        QCOMPARE(QString::fromStdString(chips[0].text),
                 QStringLiteral("at run time: not ((weight.shape[0] % 64 == 0) and ((x.dtype) == torch.bfloat16))"));
    }

    // A function returning predicates a profile rule maps (`return
    // is_sm90_supported() or is_blackwell_supported()`): its call holds
    // where one of them does.
    void mappedPredicatesReturnedHoldWhereTheirRuleSays()
    {
        Tree t;
        t.add("kpkg.ops", "def cut_k(x): torch.ops.kns.c(x)\ndef tri_k(x): torch.ops.kns.t(x)\n");
        t.add("utils",
              "@lru_cache(maxsize=1)\n"
              "def is_sm90_supported(device=None) -> bool:\n"
              "    return (torch.version.cuda is not None) and torch.cuda.get_device_capability(device)[0] == 9\n"
              "@lru_cache(maxsize=1)\n"
              "def is_blackwell_supported(device=None) -> bool:\n"
              "    return (torch.version.cuda is not None) and torch.cuda.get_device_capability(device)[0] == 10\n");
        t.add("gemm",
              "from kpkg.ops import cut_k, tri_k\n"
              "from utils import is_sm90_supported, is_blackwell_supported\n"
              "def _check() -> bool:\n"
              "    return is_sm90_supported() or is_blackwell_supported()\n"
              "def run(x):\n"
              "    if _check():\n"
              "        return cut_k(x)\n"
              "    return tri_k(x)\n");
        Profile p = settingsProfile();
        p.dimensionRules.push_back(guardRule("^_?is_sm(90|100)_supported(?:\\(\\))?$", "arch", "sm$1"));
        p.dimensionRules.push_back(guardRule("^_?is_blackwell(?:_supported)?(?:\\(\\))?$", "arch", "sm100"));
        const Resolved r = resolve(t, p);
        QCOMPARE(joined(kernelsReachedUnder(r, "gemm.run", parsed("arch=gfx942"))), QStringLiteral("tri_k"));
        // `a or b` is `a if a else b`: false only where both are.
        QCOMPARE(joined(kernelsReachedUnder(r, "gemm.run", parsed("arch=sm90"))), QStringLiteral("cut_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "gemm.run", parsed("arch=sm100"))), QStringLiteral("cut_k"));
    }

    // `isinstance(self.pool, SWAKVPool)` holds where the pool is built as
    // that class or one of its subclasses, and fails where it is built as
    // another; a value whose class is not known leaves the test open.
    void isinstanceOfABuiltValueFollowsItsClass()
    {
        Tree t;
        t.add("kpkg.ops", "def swa_k(x): torch.ops.kns.swa(x)\ndef full_k(x): torch.ops.kns.full(x)\n");
        t.add("pools",
              "from kpkg.ops import swa_k, full_k\n"
              "from extlib import make_pool\n"
              "class KVPool:\n"
              "    pass\n"
              "class SWAKVPool(KVPool):\n"
              "    pass\n"
              "class HybridSWAKVPool(SWAKVPool):\n"
              "    pass\n"
              "class MambaPool(KVPool):\n"
              "    pass\n"
              "class Runner:\n"
              "    def __init__(self):\n"
              "        if _is_cuda:\n"
              "            self.pool = HybridSWAKVPool()\n"
              "        else:\n"
              "            self.pool = KVPool()\n"
              "        self.outside = make_pool()\n"
              "    def run(self, x):\n"
              "        if isinstance(self.pool, SWAKVPool):\n"
              "            return swa_k(x)\n"
              "        return full_k(x)\n"
              "    def either(self, x):\n"
              "        if isinstance(self.pool, (MambaPool, SWAKVPool)):\n"
              "            return swa_k(x)\n"
              "        return full_k(x)\n"
              "    def unknown(self, x):\n"
              "        if isinstance(self.outside, SWAKVPool):\n"
              "            return swa_k(x)\n"
              "        return full_k(x)\n"
              "    def union(self, x):\n"
              "        if isinstance(self.pool, MambaPool | SWAKVPool):\n"
              "            return swa_k(x)\n"
              "        return full_k(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReachedUnder(r, "pools.Runner.run", parsed("platform=cuda"))), QStringLiteral("swa_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "pools.Runner.run", parsed("platform=hip"))), QStringLiteral("full_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "pools.Runner.either", parsed("platform=cuda"))), QStringLiteral("swa_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "pools.Runner.either", parsed("platform=hip"))), QStringLiteral("full_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "pools.Runner.unknown", parsed("platform=cuda"))), QStringLiteral("full_k swa_k"));
        // A union of classes (Python 3.10) tests each, as a tuple does.
        QCOMPARE(joined(kernelsReachedUnder(r, "pools.Runner.union", parsed("platform=cuda"))), QStringLiteral("swa_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "pools.Runner.union", parsed("platform=hip"))), QStringLiteral("full_k"));
    }

    // An attribute set from more places than are told apart (twenty
    // quantization methods, each under its own setting) still decides
    // isinstance: its classes, past the bound, are kept as passing or
    // failing the test, so the twenty fold into one failing value.
    void isinstanceOfAnAttributeSetFromManyPlaces()
    {
        std::string methods = "class Base:\n    def apply(self, x): pass\nclass Plain(Base):\n    def apply(self, x): plain_k(x)\n";
        std::string chosen = "from cfg import get_args\nfrom methods import *\nclass Layer:\n    def __init__(self):\n"
                             "        q = get_args().quant\n        if q is None:\n            self.method = Plain()\n";
        for (int i = 0; i < 20; ++i) {
            const std::string n = std::to_string(i);
            methods += "class M" + n + "(Base):\n    def apply(self, x): m" + n + "_k(x)\n";
            chosen += "        if q == \"q" + n + "\":\n            self.method = M" + n + "()\n";
        }
        chosen += "    def forward(self, x):\n"
                  "        if isinstance(self.method, Plain):\n"
                  "            bf16_k(x)\n"
                  "        else:\n"
                  "            self.method.apply(x)\n";
        Tree t;
        t.add("cfg",
              "class ServerArgs:\n"
              "    quant: Optional[str] = None\n"
              "def get_args() -> ServerArgs:\n"
              "    return ServerArgs()\n");
        t.add("kpkg.ops", "def bf16_k(x): torch.ops.kns.bf16(x)\n");
        t.add("methods", ("from kpkg.ops import *\n" + methods).c_str());
        t.add("layer", ("from kpkg.ops import bf16_k\n" + chosen).c_str());
        const Resolved r = resolve(t, settingsProfile());
        const std::set<std::string> underQ3 = kernelsReachedUnder(r, "layer.Layer.forward", parsed("platform=cuda server.quant=q3"));
        QVERIFY(!underQ3.count("bf16_k"));
        const std::set<std::string> plain = kernelsReachedUnder(r, "layer.Layer.forward", parsed("platform=cuda server.quant=none"));
        QVERIFY(plain.count("bf16_k"));
    }

    // A factory a decorator stores in a registry dict is called through the
    // dict, never by its name: its parameter holds what those calls pass,
    // so a guard on the runner's settings is decided.
    void parametersOfAFunctionCalledThroughAContainer()
    {
        Tree t;
        addServerArgs(t, "    sparse: bool = False\n");
        t.add("kpkg.ops", "def sparse_k(x): torch.ops.kns.sparse(x)\ndef dense_k(x): torch.ops.kns.dense(x)\n");
        t.add("app",
              "from cfg import ServerArgs\n"
              "from kpkg.ops import sparse_k, dense_k\n"
              "BACKENDS = {}\n"
              "def register_backend(name):\n"
              "    def decorator(fn):\n"
              "        BACKENDS[name] = fn\n"
              "        return fn\n"
              "    return decorator\n"
              "@register_backend(\"triton\")\n"
              "def create_triton(runner):\n"
              "    if runner.server_args.sparse:\n"
              "        return sparse_k(1)\n"
              "    return dense_k(1)\n"
              "class Runner:\n"
              "    def __init__(self, server_args: ServerArgs):\n"
              "        self.server_args = server_args\n"
              "    def init(self, name):\n"
              "        backend = BACKENDS[name](self)\n"
              "        return backend\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReached(r, "app.Runner.init")), QStringLiteral("dense_k sparse_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "app.Runner.init", parsed("server.sparse=false"))), QStringLiteral("dense_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "app.Runner.init", parsed("server.sparse=true"))), QStringLiteral("sparse_k"));
    }

    // A flag one method sets on the batch it is handed (`batch.one_shot =
    // True` before the shared helper) is set only where that method is
    // called: a path through the other method never sees it.
    void anAssignmentOnAnotherObjectHoldsWhereItsMethodIsCalled()
    {
        Tree t;
        addServerArgs(t, "    mode: Optional[str] = None\n");
        t.add("kpkg.ops", "def one_shot_k(x): torch.ops.kns.one(x)\ndef chunk_k(x): torch.ops.kns.chunk(x)\n");
        t.add("attn",
              "from cfg import get_args\n"
              "from kpkg.ops import one_shot_k, chunk_k\n"
              "class Batch:\n"
              "    def __init__(self):\n"
              "        self.one_shot = None\n"
              "class Attn:\n"
              "    def forward(self, batch: Batch):\n"
              "        if get_args().mode == \"one\":\n"
              "            self.prepare_one(batch)\n"
              "        else:\n"
              "            self.prepare_chunked(batch)\n"
              "    def prepare_one(self, batch: Batch):\n"
              "        batch.one_shot = True\n"
              "        self.prepare(batch)\n"
              "    def prepare_chunked(self, batch: Batch):\n"
              "        self.prepare(batch)\n"
              "    def prepare(self, batch: Batch):\n"
              "        if batch.one_shot:\n"
              "            one_shot_k(1)\n"
              "        chunk_k(1)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReachedUnder(r, "attn.Attn.prepare_chunked", parsed("server.mode=chunked"))), QStringLiteral("chunk_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "attn.Attn.prepare_one", parsed("server.mode=one"))), QStringLiteral("chunk_k one_shot_k"));
    }

    // `ret = maybe_apply(x); if ret is not None: return ret`: a function
    // saying "nothing" with `return None` returns a value where it returns a
    // call's result, even of a call outside the index.
    void aCallResultBesideReturnNoneIsAValue()
    {
        Tree t;
        t.add("kpkg.ops", "def slow_k(x): torch.ops.kns.s(x)\n");
        t.add("moe",
              "from kpkg.ops import slow_k\n"
              "from extlib import fused\n"
              "def maybe_apply(x):\n"
              "    if _is_cuda:\n"
              "        return fused(x)\n"
              "    return None\n"
              "def apply(x):\n"
              "    ret = maybe_apply(x)\n"
              "    if ret is not None:\n"
              "        return ret\n"
              "    return slow_k(x)\n"
              "def lookup(table, x):\n"
              "    if _is_cuda:\n"
              "        return table.get(x)\n"
              "    return None\n"
              "def cached(table, x):\n"
              "    ret = lookup(table, x)\n"
              "    if ret is not None:\n"
              "        return ret\n"
              "    return slow_k(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReachedUnder(r, "moe.apply", parsed("platform=cuda"))), QString());
        QCOMPARE(joined(kernelsReachedUnder(r, "moe.apply", parsed("platform=hip"))), QStringLiteral("slow_k"));
        // A method's result (`table.get(x)`) may itself be None.
        QCOMPARE(joined(kernelsReachedUnder(r, "moe.cached", parsed("platform=cuda"))), QStringLiteral("slow_k"));
    }

    // `if (b := backend()) is not None:` and `if b := backend():` test what
    // backend() returns; the name bound beside it changes nothing.
    void anAssignmentExpressionIsItsValue()
    {
        Tree t;
        t.add("kpkg.ops", "def fast_k(x): torch.ops.kns.f(x)\ndef slow_k(x): torch.ops.kns.s(x)\n");
        t.add("walrus",
              "from kpkg.ops import fast_k, slow_k\n"
              "def backend():\n"
              "    if _is_cuda:\n"
              "        return \"fast\"\n"
              "    return None\n"
              "def run(x):\n"
              "    if (b := backend()) is not None:\n"
              "        return fast_k(x)\n"
              "    return slow_k(x)\n"
              "def run_bare(x):\n"
              "    if b := backend():\n"
              "        return fast_k(x)\n"
              "    return slow_k(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        for (const char *fn : {"walrus.run", "walrus.run_bare"}) {
            QCOMPARE(joined(kernelsReachedUnder(r, fn, parsed("platform=cuda"))), QStringLiteral("fast_k"));
            QCOMPARE(joined(kernelsReachedUnder(r, fn, parsed("platform=hip"))), QStringLiteral("slow_k"));
        }
    }

    // A method with more returns than the bound, called on an attribute:
    // its values are folded by value (each under the conditions its ways
    // share), not forgotten, so a flag it returns still needs the setting
    // every way to True passes.
    void aCallWithMoreReturnsThanTheBoundIsFoldedNotForgotten()
    {
        Tree t;
        t.add("kpkg.ops", "def fused_k(x): torch.ops.kns.f(x)\ndef plain_k(x): torch.ops.kns.p(x)\n");
        t.add("cfg",
              "class ServerArgs:\n"
              "    enable_fusion: bool = False\n"
              "def get_args() -> ServerArgs:\n"
              "    return ServerArgs()\n");
        t.add("layer",
              "from cfg import get_args\n"
              "from kpkg.ops import fused_k, plain_k\n"
              "class Comm:\n"
              "    def should_fuse(self, batch):\n"
        "        if batch.t0:\n"
        "            return False\n"
        "        if batch.t1:\n"
        "            return False\n"
        "        if batch.t2:\n"
        "            return False\n"
        "        if batch.t3:\n"
        "            return False\n"
        "        if batch.t4:\n"
        "            return False\n"
        "        if batch.t5:\n"
        "            return False\n"
        "        if batch.t6:\n"
        "            return False\n"
        "        if batch.t7:\n"
        "            return False\n"
        "        if batch.t8:\n"
        "            return False\n"
        "        if batch.t9:\n"
        "            return False\n"
        "        if batch.t10:\n"
        "            return False\n"
        "        if batch.t11:\n"
        "            return False\n"
        "        if batch.t12:\n"
        "            return False\n"
        "        if batch.t13:\n"
        "            return False\n"
        "        if batch.t14:\n"
        "            return False\n"
        "        if batch.t15:\n"
        "            return False\n"
        "        if batch.t16:\n"
        "            return False\n"
        "        if batch.t17:\n"
        "            return False\n"
              "        if not get_args().enable_fusion:\n"
              "            return False\n"
              "        return batch.size > 0\n"
              "class Layer:\n"
              "    def __init__(self):\n"
              "        self.comm = Comm()\n"
              "    def forward(self, x, batch):\n"
              "        fuse = self.comm.should_fuse(batch)\n"
              "        if fuse:\n"
              "            fused_k(x)\n"
              "        else:\n"
              "            plain_k(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReachedUnder(r, "layer.Layer.forward", parsed("platform=cuda"))), QStringLiteral("plain_k"));
        QCOMPARE(joined(kernelsReachedUnder(r, "layer.Layer.forward", parsed("platform=cuda server.enable_fusion=true"))),
                 QStringLiteral("fused_k plain_k"));
    }

    void derivedValuesNarrowTheEffectiveFilter()
    {
        Profile p = settingsProfile();
        p.dimensions = {{"attention_backend", "", {"x", "y"}, {}}, {"attn_path", "", {"A", "B"}, {}},
                        {"stage", "", {"decode", "extend"}, {}}};
        Condition decode{"stage", {"decode"}, false, "fb.mode.is_decode()"};
        Condition notDecode = decode;
        notDecode.negated = true;
        p.derivedValues = {{"attn_path", "attention_backend", "x", "A", {decode}},
                           {"attn_path", "attention_backend", "x", "B", {notDecode}},
                           {"attn_path", "attention_backend", "y", "B", {}}};
        std::string error;
        auto effective = [&](const char *text) {
            const DimensionFilter f = effectiveFilter(*DimensionFilter::parse(text, &error), p);
            const auto it = f.allowed().find("attn_path");
            return it == f.allowed().end() ? std::set<std::string>{"*"} : it->second;
        };
        QCOMPARE(effective("attention_backend=x stage=decode"), std::set<std::string>{"A"});
        QCOMPARE(effective("attention_backend=x stage=extend"), std::set<std::string>{"B"});
        QCOMPARE(effective("attention_backend=x"), std::set<std::string>{"*"}); // either: not narrowed
        QCOMPARE(effective("attention_backend=y stage=decode"), std::set<std::string>{"B"});
        QCOMPARE(effective("stage=decode"), std::set<std::string>{"*"}); // no key: either value, not narrowed
        // An open key stands for every value the profile lists: the derived
        // dimension takes what any of them gives under the filter.
        QCOMPARE(effective("stage=extend"), std::set<std::string>{"B"});
        // A key value no function is named for leaves the dimension open,
        // unless the rule names the key whose values it takes (a registry's
        // fallback handler).
        p.dimensions[0].values.push_back("z");
        QCOMPARE(effective("stage=extend"), std::set<std::string>{"*"});
        QCOMPARE(effective("attention_backend=z stage=decode"), std::set<std::string>{"*"});
        DerivedRule rule;
        rule.dimension = "attn_path";
        rule.keyDimension = "attention_backend";
        rule.defaultKey = "y";
        p.derived = {rule};
        QCOMPARE(effective("stage=extend"), std::set<std::string>{"B"});
        QCOMPARE(effective("attention_backend=z stage=decode"), std::set<std::string>{"B"});
    }
};

QTEST_GUILESS_MAIN(TestGuardEvaluation)
#include "tst_guard_evaluation.moc"
