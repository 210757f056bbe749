// Tests of FactExtractor: what the syntax facts of small Python sources are.
#include "graph/runtime_condition.h"
#include "parse/fact_extractor.h"
#include "parse/python_parser.h"

#include <QTest>

#include <algorithm>

using namespace katlas;

namespace {
ModuleFacts factsOf(const char *src)
{
    PythonParser parser;
    ModuleFacts facts;
    extractFacts(parser, src, facts);
    return facts;
}

const CallFact *findCall(const ModuleFacts &f, const std::string &callee)
{
    for (const CallFact &c : f.calls)
        if (c.callee == callee)
            return &c;
    return nullptr;
}
} // namespace

class TestFactExtractor : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void definitionsAndBases()
    {
        const ModuleFacts f = factsOf(
            "import torch\n"
            "class Layer(nn.Module, Mixin):\n"
            "    @staticmethod\n"
            "    def make(x: int, y: Optional[Cfg] = None):\n"
            "        def inner():\n"
            "            pass\n"
            "        return Layer()\n");
        QCOMPARE(f.classes.size(), size_t(1));
        QCOMPARE(f.classes[0].qualName, std::string("Layer"));
        QCOMPARE(f.classes[0].bases, (std::vector<Chain>{"nn.Module", "Mixin"}));
        QCOMPARE(f.functions.size(), size_t(2));
        QCOMPARE(f.functions[0].qualName, std::string("Layer.make"));
        QCOMPARE(f.functions[0].className, std::string("Layer"));
        QCOMPARE(f.functions[0].line, 4);
        QCOMPARE(f.functions[0].endLine, 7);
        QCOMPARE(f.functions[0].params.size(), size_t(2));
        QCOMPARE(f.functions[0].params[1].annotation, std::string("Optional[Cfg]"));
        QCOMPARE(f.functions[0].decorators[0].chain, std::string("staticmethod"));
        QCOMPARE(f.functions[1].qualName, std::string("Layer.make.inner"));
        QCOMPARE(f.functions[0].returns.size(), size_t(1));
        QCOMPARE(f.functions[0].returns[0].chain, std::string("Layer()"));
    }

    // A dict filled under literal keys only (stores, a loop over literals,
    // update and setdefault with literal keys, comments in between) and
    // splatted whole is closed, with its keys; one handed to a call, stored
    // under a computed key, under a loop variable the loop binds again, or
    // bound twice is not (docs/guard-evaluation.md).
    void closedDictsAndTheirKeys()
    {
        const ModuleFacts f = factsOf(
            "def split(batch, n):\n"
            "    out = dict()\n"
            "    for key in [\"a\",  # first\n"
            "                \"b\"]:\n"
            "        out[key] = getattr(batch, key)\n"
            "    out[\"c\"] = 1\n"
            "    out.update(dict(d=2,  # fourth\n"
            "                    e=3))\n"
            "    out.update({\"f\": 4})\n"
            "    out.setdefault(\"g\", 5)\n"
            "    if \"a\" in out and out[\"a\"] is not None:\n"
            "        pass\n"
            "    passed = {}\n"
            "    fill(passed)\n"
            "    computed = {}\n"
            "    computed[n] = 1\n"
            "    twice = {}\n"
            "    twice = {}\n"
            "    moved = {}\n"
            "    for key in [\"a\"]:\n"
            "        key = key + n\n"
            "        moved[key] = 1\n"
            "    return Batch(**out), Batch(**passed), Batch(**computed), Batch(**twice), Batch(**moved)\n");
        QCOMPARE(f.closedDicts.size(), size_t(1));
        QCOMPARE(f.closedDicts[0].name, std::string("out"));
        QCOMPARE(f.closedDicts[0].scope, std::string("split"));
        QCOMPARE(f.closedDicts[0].keys, (std::vector<std::string>{"a", "b", "c", "d", "e", "f", "g"}));
    }

    void imports_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("module");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("alias");
        QTest::addColumn<int>("level");
        QTest::newRow("plain") << "import a.b" << "a.b" << "" << "" << 0;
        QTest::newRow("aliased") << "import numpy as np" << "numpy" << "" << "np" << 0;
        QTest::newRow("from") << "from a.b import c" << "a.b" << "c" << "" << 0;
        QTest::newRow("from-alias") << "from a import c as d" << "a" << "c" << "d" << 0;
        QTest::newRow("relative") << "from ..x import y" << "x" << "y" << "" << 2;
        QTest::newRow("relative-bare") << "from . import y" << "" << "y" << "" << 1;
        QTest::newRow("star") << "from m import *" << "m" << "*" << "" << 0;
    }
    void imports()
    {
        QFETCH(QString, source);
        QFETCH(QString, module);
        QFETCH(QString, name);
        QFETCH(QString, alias);
        QFETCH(int, level);
        const ModuleFacts f = factsOf(source.toUtf8().constData());
        QCOMPARE(f.imports.size(), size_t(1));
        QCOMPARE(QString::fromStdString(f.imports[0].module), module);
        QCOMPARE(QString::fromStdString(f.imports[0].name), name);
        QCOMPARE(QString::fromStdString(f.imports[0].alias), alias);
        QCOMPARE(f.imports[0].level, level);
    }

    void guardsOfIfElifElse()
    {
        const ModuleFacts f = factsOf(
            "def f(x):\n"
            "    if _is_cuda and x:\n"
            "        a()\n"
            "    elif not _is_hip:\n"
            "        b()\n"
            "    else:\n"
            "        c()\n");
        const CallFact *a = findCall(f, "a");
        QVERIFY(a);
        QCOMPARE(a->guards, (GuardList{{"_is_cuda", false}, {"x", false}}));
        QCOMPARE(a->scope, std::string("f"));
        const CallFact *b = findCall(f, "b");
        QVERIFY(b);
        QCOMPARE(b->guards, (GuardList{{"_is_cuda and x", true}, {"_is_hip", true}}));
        const CallFact *c = findCall(f, "c");
        QVERIFY(c);
        QCOMPARE(c->guards, (GuardList{{"_is_cuda and x", true}, {"_is_hip", false}}));
    }

    void commentsInAConditionAreNoPartOfIt()
    {
        // A comment inside a parenthesised test is no part of the guard's
        // text (the guard could not be read with it); a `#` in a string is.
        const ModuleFacts f = factsOf("def f(x):\n"
                                      "    if (\n"
                                      "        # why the test is made\n"
                                      "        not x.is_none()  # and how\n"
                                      "        or g(\"#1\", '''#2''')\n"
                                      "    ):\n"
                                      "        a()\n");
        const CallFact *a = findCall(f, "a");
        QVERIFY(a);
        QCOMPARE(a->guards, (GuardList{{"(not x.is_none() or g(\"#1\", '''#2'''))", false}}));
    }

    void aLoopsIterableIsOneCall()
    {
        // `for x in f():` calls f once per loop, wherever the loop stands;
        // a call in the loop's target (`for d[k()] in ...`) is still one,
        // and so is the test of a `while`.
        const ModuleFacts f = factsOf("for x in f():\n"
                                      "    pass\n"
                                      "def g(d):\n"
                                      "    for d[k()] in h():\n"
                                      "        pass\n"
                                      "    while w():\n"
                                      "        pass\n");
        for (const char *callee : {"f", "h", "k", "w"})
            QCOMPARE(std::count_if(f.calls.begin(), f.calls.end(), [&](const CallFact &c) { return c.callee == callee; }), 1);
    }

    void earlyReturnAndConditionalExpression()
    {
        const ModuleFacts f = factsOf(
            "def f(self):\n"
            "    if self.use_fast:\n"
            "        return fast()\n"
            "    y = slow() if cond else other()\n");
        QCOMPARE(findCall(f, "fast")->guards, (GuardList{{"self.use_fast", false}}));
        QCOMPARE(findCall(f, "slow")->guards, (GuardList{{"self.use_fast", true}, {"cond", false}}));
        QCOMPARE(findCall(f, "other")->guards, (GuardList{{"self.use_fast", true}, {"cond", true}}));
    }

    void whatAnExceptClauseRunsIsUnderTheRaise()
    {
        // A fallback in `except` runs only when the try block raised: a
        // guard only the running program decides (a "may run" chip).
        const ModuleFacts f = factsOf(
            "def f():\n"
            "    try:\n"
            "        fast()\n"
            "    except ImportError as e:\n"
            "        slow()\n"
            "    except:\n"
            "        other()\n"
            "    else:\n"
            "        done()\n");
        QVERIFY(findCall(f, "fast")->guards.empty());
        QCOMPARE(findCall(f, "slow")->guards, (GuardList{{"the try block raises ImportError", false}}));
        QCOMPARE(findCall(f, "other")->guards, (GuardList{{"the try block raises an exception", false}}));
        QVERIFY(findCall(f, "done")->guards.empty());
        QVERIFY(isRuntimeCondition(findCall(f, "slow")->guards.front().text));
    }

    void anIfElifChainThatAlwaysReturnsGuardsWhatFollows()
    {
        const ModuleFacts f = factsOf(
            "def pick(layer):\n"
            "    if isinstance(layer, A):\n"
            "        return a()\n"
            "    elif isinstance(layer, B):\n"
            "        return b()\n"
            "    return none_left()\n"
            "def keep(layer):\n"
            "    if isinstance(layer, A):\n"
            "        return a2()\n"
            "    elif isinstance(layer, B):\n"
            "        b2()\n"
            "    return after()\n");
        QCOMPARE(findCall(f, "none_left")->guards,
                 (GuardList{{"isinstance(layer, A)", true}, {"isinstance(layer, B)", true}}));
        // A branch that falls through: what follows holds in it too.
        QCOMPARE(findCall(f, "after")->guards, GuardList{});
    }

    // A block leaves when its last statement is an if/elif/else whose every
    // branch leaves, or a `with` whose body does: what follows runs only
    // where its test failed.
    void aBlockEndingInAnIfElseThatLeavesEverywhereLeaves()
    {
        const ModuleFacts f = factsOf(
            "def pick(layer):\n"
            "    if use_fast:\n"
            "        check(layer)\n"
            "        if layer.block:\n"
            "            return fast_block(layer)\n"
            "        elif layer.channel:\n"
            "            raise ValueError()\n"
            "        else:\n"
            "            return fast(layer)\n"
            "        # nothing more here\n"
            "    if use_ctx:\n"
            "        with ctx():\n"
            "            return in_ctx(layer)\n"
            "    return slow(layer)\n"
            "def keep(layer):\n"
            "    if use_fast:\n"
            "        if layer.block:\n"
            "            return fast_block(layer)\n"
            "        else:\n"
            "            fast(layer)\n"
            "    return after(layer)\n");
        QCOMPARE(findCall(f, "slow")->guards, (GuardList{{"use_fast", true}, {"use_ctx", true}}));
        // A branch that falls through: what follows may run where the test held.
        QCOMPARE(findCall(f, "after")->guards, GuardList{});
    }

    void chainsOfCallees()
    {
        const ModuleFacts f = factsOf(
            "class A:\n"
            "    def forward(me, x):\n"
            "        me.quant_method.apply(x)\n"
            "        get_impl(cfg)(x)\n"
            "        kernel[grid](x)\n"
            "        super().forward(x)\n"
            "        torch.ops.ns.op.default(x)\n");
        for (const char *callee : {"me.quant_method.apply", "get_impl()", "get_impl", "kernel[grid]", "super",
                                   "super().forward", "torch.ops.ns.op.default"})
            QVERIFY2(findCall(f, callee), callee);
    }

    void assignmentsAndRegistries()
    {
        const ModuleFacts f = factsOf(
            "METHODS = {\"fp8\": Fp8Config, \"int8\": Int8Config}\n"
            "METHODS.update({\"fp4\": Fp4Config})\n"
            "__all__ = [\"a\", \"b\"]\n"
            "class M:\n"
            "    def __init__(self, cfg):\n"
            "        self.experts = get_moe_impl_class(cfg)(cfg)\n"
            "        self.layers = nn.ModuleList([Layer(i) for i in range(3)])\n"
            "        self.act = Fast() if cfg.fast else Slow()\n"
            "        comm = LayerCommunicator(norm=self.norm)\n"
            "        n: int = 3\n");
        QCOMPARE(f.dictEntries.size(), size_t(3));
        QCOMPARE(f.dictEntries[2].key, std::string("fp4"));
        QCOMPARE(f.dictEntries[2].value, std::string("Fp4Config"));
        QCOMPARE(f.allNames, (std::vector<std::string>{"a", "b"}));
        std::vector<const AssignmentFact *> selfAssigns;
        for (const AssignmentFact &a : f.assignments)
            if (a.scope == "M.__init__")
                selfAssigns.push_back(&a);
        QCOMPARE(selfAssigns.size(), size_t(4));
        QCOMPARE(selfAssigns[0]->target, std::string("self.experts"));
        QCOMPARE(selfAssigns[0]->value.chain, std::string("get_moe_impl_class()()"));
        QCOMPARE(selfAssigns[1]->value.inner, (std::vector<Chain>{"Layer()", "range()"}));
        QCOMPARE(selfAssigns[2]->target, std::string("self.act"));
        QCOMPARE(selfAssigns[2]->value.guards, (GuardList{{"cfg.fast", false}}));
        QCOMPARE(selfAssigns[3]->value.chain, std::string("Slow()"));
        // Plain names assigned in a function are its locals, kept apart, with
        // the calls made for their effect (no target; at module level too);
        // the ones that call a name with arguments are summarised. A
        // comprehension's loop variable holds the elements of what it walks.
        // A call whose result an assigned value calls
        // (`get_moe_impl_class(cfg)(cfg)`) is kept like a call made for its effect.
        QCOMPARE(f.locals.size(), size_t(5));
        QCOMPARE(f.locals[0].target, std::string());
        QCOMPARE(f.locals[0].scope, std::string());
        QCOMPARE(f.locals[0].value.chain, std::string("METHODS.update()"));
        QCOMPARE(f.locals[1].target, std::string());
        QCOMPARE(f.locals[1].value.chain, std::string("get_moe_impl_class()"));
        QCOMPARE(f.locals[1].value.args, (std::vector<Chain>{"cfg"}));
        QCOMPARE(f.locals[2].target, std::string("i"));
        QCOMPARE(f.locals[2].value.chain, std::string("range()[]"));
        QCOMPARE(f.locals[3].target, std::string("comm"));
        QCOMPARE(f.locals[4].annotation, std::string("int"));
        QCOMPARE(f.localCalls.size(), size_t(3));
        QCOMPARE(f.localCalls[0].name, std::string("update"));
        QCOMPARE(f.localCalls[0].function, -1);
        QCOMPARE(f.localCalls[1].name, std::string("get_moe_impl_class"));
        QCOMPARE(f.localCalls[2].name, std::string("LayerCommunicator"));
        QCOMPARE(f.functions[static_cast<size_t>(f.localCalls[2].function)].qualName, std::string("M.__init__"));
        QCOMPARE(f.localCalls[2].index, 3);
    }

    void aTupleOfValuesAssignsEachTargetItsElement()
    {
        // `a, b = f, g` pairs targets and elements; a call's result or a
        // splat keeps the whole value with the part each target takes.
        const ModuleFacts f = factsOf(
            "a, b = f, g\n"
            "c, d = make()\n"
            "e, *rest = f, g, h\n");
        std::vector<std::pair<std::string, std::string>> got;
        for (const AssignmentFact &a : f.assignments)
            got.emplace_back(a.target, a.value.chain + (a.value.unpacked ? "#" + std::to_string(a.value.part) : std::string()));
        const std::vector<std::pair<std::string, std::string>> want
            = {{"a", "f"}, {"b", "g"}, {"c", "make()#0"}, {"d", "make()#1"}, {"e", "#0"}};
        QStringList text;
        for (const auto &[target, value] : got)
            text << QString::fromStdString(target + "=" + value);
        QStringList expected;
        for (const auto &[target, value] : want)
            expected << QString::fromStdString(target + "=" + value);
        QCOMPARE(text.join(' '), expected.join(' '));
    }

    void decoratorsWithKeys()
    {
        const ModuleFacts f = factsOf(
            "@register_backend(\"fast_mla\")\n"
            "def create(runner):\n"
            "    return FastBackend(runner)\n"
            "@triton.jit\n"
            "def k(x_ptr):\n"
            "    pass\n");
        QCOMPARE(f.functions[0].decorators[0].chain, std::string("register_backend()"));
        QCOMPARE(f.functions[0].decorators[0].firstArg, std::string("fast_mla"));
        QCOMPARE(f.functions[1].decorators[0].chain, std::string("triton.jit"));
    }

    void syntaxErrorsAreDiagnosedAndTheRestIsRead()
    {
        const ModuleFacts f = factsOf(
            "def good():\n"
            "    ok()\n"
            "def bad(:\n"
            "    pass\n"
            "def later():\n"
            "    fine()\n");
        QVERIFY(!f.diagnostics.empty());
        QCOMPARE(f.diagnostics[0].line, 3);
        QVERIFY(findCall(f, "ok"));
        QVERIFY(findCall(f, "fine"));
    }
};

QTEST_GUILESS_MAIN(TestFactExtractor)
#include "tst_fact_extractor.moc"
