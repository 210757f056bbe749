// Values that depend on where a call comes from: a parameter keeps the
// building places of what its callers pass, a copy of a function names the
// tested parameters its call passes unknowns for, and a None test is told
// apart by None-ness where more objects reach it than the bound keeps
// (docs/guard-evaluation.md, "Parameters of functions", "Calls specialised
// by their arguments", "A None test told apart by None-ness").
#include "guard_fixture.h"

#include <QTest>

using namespace katlas;
using namespace katlas::test;

class TestContextValues : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aParameterKeepsThePlacesItsCallersObjectsWereBuiltAt()
    {
        // One gate class, built by two models with different group counts,
        // hands its count to a plain function: through each model's gate
        // only its own count is tested.
        Tree t;
        t.add("kpkg.ops", "def one_k(x): torch.ops.kns.one(x)\ndef many_k(x): torch.ops.kns.many(x)\n");
        t.add("route",
              "from kpkg.ops import one_k, many_k\n"
              "def route(x, groups):\n"
              "    if groups == 1:\n"
              "        one_k(x)\n"
              "    else:\n"
              "        many_k(x)\n");
        t.add("gate",
              "from route import route\n"
              "class Gate:\n"
              "    def __init__(self, groups=None):\n"
              "        self.groups = groups\n"
              "    def forward(self, x):\n"
              "        route(x, self.groups)\n");
        t.add("models",
              "from gate import Gate\n"
              "class Wide:\n"
              "    def __init__(self):\n"
              "        self.gate = Gate(groups=8)\n"
              "    def forward(self, x):\n"
              "        self.gate.forward(x)\n"
              "class Single:\n"
              "    def __init__(self):\n"
              "        self.gate = Gate(groups=1)\n"
              "    def forward(self, x):\n"
              "        self.gate.forward(x)\n");
        const Resolved r = resolve(t, testProfile());
        QCOMPARE(joined(kernelsReached(r, "models.Wide.forward")), QStringLiteral("many_k"));
        QCOMPARE(joined(kernelsReached(r, "models.Single.forward")), QStringLiteral("one_k"));
        // Without a gate, either count may be.
        QCOMPARE(joined(kernelsReached(r, "route.route")), QStringLiteral("many_k one_k"));
    }

    void aCopyNamesTheFlagsItsCallPassesUnknownsFor()
    {
        // `impl(x, None, use_fp8, filt)` fixes `bias` (a copy is made) and
        // passes the two flags as names: the copy must not read them at
        // their defaults (fp8 off, filtering on), or the FP8 and plain
        // kernels `run(x, True, False)` reaches would be lost.
        Tree t;
        t.add("kpkg.ops",
              "def bias_k(x): torch.ops.kns.b(x)\n"
              "def fp8_k(x): torch.ops.kns.f(x)\n"
              "def plain_k(x): torch.ops.kns.p(x)\n"
              "def filt_k(x): torch.ops.kns.t(x)\n");
        t.add("moe",
              "from kpkg.ops import bias_k, fp8_k, plain_k, filt_k\n"
              "def impl(x, bias=None, fp8=False, filt=True):\n"
              "    if bias is not None:\n"
              "        bias_k(x)\n"
              "    if fp8:\n"
              "        fp8_k(x)\n"
              "    if not filt:\n"
              "        plain_k(x)\n"
              "    else:\n"
              "        filt_k(x)\n"
              "def run(x, use_fp8, filt):\n"
              "    impl(x, None, use_fp8, filt)\n"
              "def main(x):\n"
              "    run(x, True, False)\n");
        const Resolved r = resolve(t, testProfile());
        QCOMPARE(joined(kernelsReached(r, "moe.run")), QStringLiteral("fp8_k plain_k"));
    }

    void aNoneTestIsToldApartByNoneness()
    {
        // A runner holds the function a picker chose, each under a setting
        // of its own, or None under others: forty-one ways and twenty-one
        // values, more than a guard tells apart. Told apart by
        // None-ness alone they fit: where the first setting is on, the
        // runner never falls back to its core.
        Tree t;
        std::string fields, ops = "def core_k(x): torch.ops.kns.core(x)\n";
        std::string picker = "from cfg import get_args\nfrom kpkg.ops import *\n";
        std::string pick = "def pick():\n";
        for (int i = 0; i < 20; ++i) {
            const std::string n = std::to_string(i);
            fields += "    fuse" + n + ": bool = False\n    skip" + n + ": bool = False\n";
            ops += "def f" + n + "_k(x): torch.ops.kns.f" + n + "(x)\n";
            picker += "def fused" + n + "(x):\n    f" + n + "_k(x)\n";
            pick += "    if get_args().fuse" + n + ":\n        return fused" + n + "\n"
                    "    if get_args().skip" + n + ":\n        return None\n";
        }
        addServerArgs(t, fields);
        t.add("kpkg.ops", ops.c_str());
        t.add("picker", (picker + pick + "    return None\n").c_str());
        t.add("runner",
              "from kpkg.ops import core_k\n"
              "from picker import pick\n"
              "class Runner:\n"
              "    def __init__(self):\n"
              "        self.fn = pick()\n"
              "    def run(self, x):\n"
              "        if self.fn is not None:\n"
              "            return self.fn(x)\n"
              "        core_k(x)\n");
        const Resolved r = resolve(t, settingsProfile());
        QCOMPARE(joined(kernelsReachedUnder(r, "runner.Runner.run", parsed("server.fuse0=true"))), QStringLiteral("f0_k"));
        QVERIFY(kernelsReachedUnder(r, "runner.Runner.run", parsed("server.skip0=true")).count("core_k"));
    }
};

QTEST_GUILESS_MAIN(TestContextValues)
#include "tst_context_values.moc"
