// Functions as values (docs/call-resolution.md): lambdas, decorators,
// container elements, generators, higher-order built-ins and getattr, each
// on a small program written for it. Every case names the callees one call
// site must have, and so fails when its mechanism is off.
#include "resolver_fixture.h"

#include <QTest>

using namespace katlas;
using namespace katlas::test;

namespace {

// The callees of one call site, sorted and joined by spaces.
QString callees(const Resolved &r, const std::string &caller, const std::string &chain)
{
    QStringList out;
    for (const std::string &c : r.callees(caller, chain))
        out << QString::fromStdString(c);
    return out.join(QLatin1Char(' '));
}

Resolved program(const char *src)
{
    Tree t;
    t.add("m", src);
    return resolve(t);
}

} // namespace

class TestValueFlow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void lambdasAreFunctionsOfTheirScope()
    {
        // A lambda is `<lambdaN>` of the scope it stands in; calling the
        // name it is bound to runs it, and the calls in its body are its own.
        const Resolved r = program("def f1(): pass\n"
                                   "def f2(): pass\n"
                                   "x = lambda fn: fn()\n"
                                   "x(f1)\n"
                                   "def outer():\n"
                                   "    y = lambda: f2()\n"
                                   "    z = lambda: 1\n"
                                   "    return y\n"
                                   "outer()()\n");
        QVERIFY(r.symbol("m.<lambda1>"));
        QVERIFY(r.symbol("m.outer.<lambda1>"));
        QVERIFY(r.symbol("m.outer.<lambda2>"));
        QCOMPARE(callees(r, "m", "x"), QStringLiteral("m.<lambda1>"));
        QCOMPARE(callees(r, "m.<lambda1>", "fn"), QStringLiteral("m.f1"));
        QCOMPARE(callees(r, "m.outer.<lambda1>", "f2"), QStringLiteral("m.f2"));
        QCOMPARE(callees(r, "m", "outer()"), QStringLiteral("m.outer.<lambda1>"));
        QVERIFY(r.callees("m.outer", "f2").empty()); // the lambda's call is not outer's
    }

    void aDecoratorFactoryRegistersWhatItDecorates()
    {
        // `@register("a")` calls what `register("a")` returns, its nested
        // `decorator`, with the decorated function: stored in a dict, it is
        // what a call through the dict runs.
        const Resolved r = program("HANDLERS = {}\n"
                                   "def register(name):\n"
                                   "    def decorator(fn):\n"
                                   "        HANDLERS[name] = fn\n"
                                   "        return fn\n"
                                   "    return decorator\n"
                                   "@register(\"a\")\n"
                                   "def handle_a(x): pass\n"
                                   "@register(\"b\")\n"
                                   "def handle_b(x): pass\n"
                                   "def dispatch(name, x):\n"
                                   "    out = HANDLERS[name](x)\n"
                                   "    return out\n");
        QCOMPARE(callees(r, "m.dispatch", "HANDLERS[]"), QStringLiteral("m.handle_a m.handle_b"));
    }

    void aClassmethodFillsItsClassesContainer()
    {
        // `cls._handlers[name] = fn` in a classmethod stores into the class's
        // dict: read through the class, directly or by a getter whose result
        // a local holds, it holds every registered function.
        const Resolved r = program("class Registry:\n"
                                   "    _handlers = {}\n"
                                   "    @classmethod\n"
                                   "    def register(cls, name, fn):\n"
                                   "        cls._handlers[name] = fn\n"
                                   "    @classmethod\n"
                                   "    def get(cls, name):\n"
                                   "        return cls._handlers.get(name)\n"
                                   "def handle_a(x): pass\n"
                                   "def handle_b(x): pass\n"
                                   "Registry.register(\"a\", handle_a)\n"
                                   "Registry.register(\"b\", handle_b)\n"
                                   "def direct(name, x):\n"
                                   "    Registry._handlers[name](x)\n"
                                   "def through_getter(name, x):\n"
                                   "    handler = Registry.get(name)\n"
                                   "    handler(x)\n");
        QCOMPARE(callees(r, "m.direct", "Registry._handlers[]"), QStringLiteral("m.handle_a m.handle_b"));
        QCOMPARE(callees(r, "m.through_getter", "handler"), QStringLiteral("m.handle_a m.handle_b"));
    }

    void aContainerOfAClassFilledThroughItsName()
    {
        // `Registry._handlers["k"] = fn` and `Base.registry.append(P1)`
        // anywhere store into the class's container: read through the
        // class, a subclass or a static getter, it holds them. Another
        // class's container of the same name does not.
        const Resolved r = program("class Registry:\n"
                                   "    _handlers = {}\n"
                                   "    @staticmethod\n"
                                   "    def get(name):\n"
                                   "        return Registry._handlers[name]\n"
                                   "class Other:\n"
                                   "    _handlers = {}\n"
                                   "def handle(x): pass\n"
                                   "def other(x): pass\n"
                                   "Registry._handlers[\"k\"] = handle\n"
                                   "Other._handlers[\"k\"] = other\n"
                                   "class Base:\n"
                                   "    plugins = []\n"
                                   "    def run(self): pass\n"
                                   "class P1(Base):\n"
                                   "    def run(self): handle(1)\n"
                                   "def setup():\n"
                                   "    Base.plugins.append(P1)\n"
                                   "def direct(x):\n"
                                   "    Registry._handlers[\"k\"](x)\n"
                                   "def through_getter(x):\n"
                                   "    h = Registry.get(\"k\")\n"
                                   "    h(x)\n"
                                   "def each():\n"
                                   "    for plugin in P1.plugins:\n"
                                   "        plugin().run()\n");
        QCOMPARE(callees(r, "m.direct", "Registry._handlers['k']"), QStringLiteral("m.handle"));
        QCOMPARE(callees(r, "m.through_getter", "h"), QStringLiteral("m.handle"));
        QCOMPARE(callees(r, "m.each", "plugin().run"), QStringLiteral("m.P1.run"));
    }

    void aFunctionNestedInAMethodUsesTheMethodsReceiver()
    {
        // `@Registry.register("a")`: the classmethod's nested `decorator`
        // stores into `cls._handlers`, the enclosing method's class (a
        // closure), so a call through the container runs what it decorates.
        // A nested function's own parameter of that name is its own value;
        // an instance method's nested function sets the instance's attribute.
        const Resolved r = program("class Registry:\n"
                                   "    _handlers = {}\n"
                                   "    @classmethod\n"
                                   "    def register(cls, name):\n"
                                   "        def decorator(fn):\n"
                                   "            cls._handlers[name] = fn\n"
                                   "            return fn\n"
                                   "        return decorator\n"
                                   "    @classmethod\n"
                                   "    def get(cls, name):\n"
                                   "        return cls._handlers[name]\n"
                                   "    @classmethod\n"
                                   "    def shadowed(cls, name):\n"
                                   "        def keep(cls, fn):\n"
                                   "            cls._handlers[name] = fn\n"
                                   "        return keep\n"
                                   "@Registry.register(\"a\")\n"
                                   "def handle_a(x): pass\n"
                                   "def other(x): pass\n"
                                   "Registry.shadowed(\"b\")({}, other)\n"
                                   "def direct(name, x):\n"
                                   "    Registry._handlers[name](x)\n"
                                   "def through_getter(name, x):\n"
                                   "    Registry.get(name)(x)\n"
                                   "def run(x): pass\n"
                                   "class Runner:\n"
                                   "    def setup(self):\n"
                                   "        def later():\n"
                                   "            self.job = run\n"
                                   "        later()\n"
                                   "    def go(self, x):\n"
                                   "        self.job(x)\n");
        QCOMPARE(callees(r, "m.direct", "Registry._handlers[]"), QStringLiteral("m.handle_a"));
        QCOMPARE(callees(r, "m.through_getter", "Registry.get()"), QStringLiteral("m.handle_a"));
        QCOMPARE(callees(r, "m.Runner.go", "self.job"), QStringLiteral("m.run"));
    }

    void callsWhoseResultTheStatementCalls()
    {
        // `Job(on_done).run()` builds its receiver with `on_done` (as a
        // statement, assigned or returned alike), and `pick(x)(cb)` calls
        // what `pick` returns, given `cb`: both are kept for what they pass.
        // A function of another module returning a name alike is not `pick`.
        Tree t;
        t.add("m",
              "def on_done(): pass\n"
              "def on_late(): pass\n"
              "def on_kept(): pass\n"
              "def cb(): pass\n"
              "class Job:\n"
              "    def __init__(self, done):\n"
              "        self.done = done\n"
              "    def run(self):\n"
              "        self.done()\n"
              "def apply(fn):\n"
              "    fn()\n"
              "def pick():\n"
              "    return apply\n"
              "def main():\n"
              "    Job(on_done).run()\n"
              "    pick()(cb)\n"
              "    kept = Job(on_kept).run()\n"
              "def later():\n"
              "    return Job(on_late).run()\n");
        t.add("other",
              "def apply(fn):\n"
              "    fn()\n"
              "def pick():\n"
              "    return apply\n"
              "def unrelated(): pass\n"
              "def use():\n"
              "    pick()(unrelated)\n");
        const Resolved r = resolve(t);
        QCOMPARE(callees(r, "m.Job.run", "self.done"), QStringLiteral("m.on_done m.on_kept m.on_late"));
        QCOMPARE(callees(r, "m.apply", "fn"), QStringLiteral("m.cb"));
        QCOMPARE(callees(r, "other.apply", "fn"), QStringLiteral("other.unrelated"));
    }

    void passThroughWrappersStandForTheirArgument()
    {
        // `torch.compiler.disable(f)` (a profile `pass_through` name),
        // `functools.cache(f)` and, in a class body, `staticmethod(f)` return
        // a callable that calls f.
        Profile profile = testProfile();
        profile.passThrough = {"torch.compiler.disable"};
        Tree t;
        t.add("m",
              "import functools\n"
              "import torch\n"
              "def decode(x): pass\n"
              "def lookup(x): pass\n"
              "class Backend:\n"
              "    def __init__(self):\n"
              "        self.decode = torch.compiler.disable(decode)\n"
              "        self.lookup = functools.cache(lookup)\n"
              "    def run(self, x):\n"
              "        self.decode(x)\n"
              "        self.lookup(x)\n"
              "class Hooks:\n"
              "    on_decode = staticmethod(decode)\n"
              "    def fire(self, x):\n"
              "        self.on_decode(x)\n"
              "        Hooks.on_decode(x)\n");
        const Resolved r = resolve(t, profile);
        QCOMPARE(callees(r, "m.Hooks.fire", "self.on_decode"), QStringLiteral("m.decode"));
        QCOMPARE(callees(r, "m.Hooks.fire", "Hooks.on_decode"), QStringLiteral("m.decode"));
        QCOMPARE(callees(r, "m.Backend.run", "self.decode"), QStringLiteral("m.decode"));
        QCOMPARE(callees(r, "m.Backend.run", "self.lookup"), QStringLiteral("m.lookup"));
        // Not listed: an unknown wrapper is a value outside the index.
        profile.passThrough.clear();
        const Resolved without = resolve(t, profile);
        QVERIFY(callees(without, "m.Backend.run", "self.decode") != QStringLiteral("m.decode"));
    }

    void aClassAttributeSetInAClassmethod()
    {
        // A lazily built singleton: `cls._buffer = Buffer(n)` in a classmethod
        // sets the class's attribute, read back through the class and
        // through the method returning it.
        Tree t;
        t.add("m",
              "class Buffer:\n"
              "    def send(self, x): pass\n"
              "class Queue:\n"
              "    def send(self, x): pass\n"
              "class Holder:\n"
              "    _buffer = None\n"
              "    @classmethod\n"
              "    def get(cls, n):\n"
              "        if cls._buffer is None:\n"
              "            cls._buffer = Buffer()\n"
              "        return cls._buffer\n"
              "def through_method(x):\n"
              "    buffer = Holder.get(3)\n"
              "    buffer.send(x)\n"
              "def through_class(x):\n"
              "    Holder._buffer.send(x)\n");
        const Resolved r = resolve(t, testProfile());
        QCOMPARE(callees(r, "m.through_method", "buffer.send"), QStringLiteral("m.Buffer.send"));
        QCOMPARE(callees(r, "m.through_class", "Holder._buffer.send"), QStringLiteral("m.Buffer.send"));
    }

    // An f-string with a field is no literal key: `f"x{s}"` may be "xy".
    void anFStringKeyMaySelectAnyElement()
    {
        const Resolved r = program("def f(): pass\n"
                                   "def g(): pass\n"
                                   "HANDLERS = {'x': f, 'xy': g}\n"
                                   "def by_field(s):\n"
                                   "    HANDLERS[f'x{s}']()\n"
                                   "def by_literal():\n"
                                   "    HANDLERS[f'x']()\n");
        QCOMPARE(callees(r, "m.by_field", "HANDLERS[]"), QStringLiteral("m.f m.g"));
        QCOMPARE(callees(r, "m.by_literal", "HANDLERS['x']"), QStringLiteral("m.f"));
    }

    void aSubscriptOfADisplayIsTheElementsItMaySelect()
    {
        // `{"a": A, "b": B}[kind]` is A or B (a literal key names its
        // element only), assigned, returned or called where it stands; so is
        // `(f if fast else A)`.
        const Resolved r = program("def f(): pass\n"
                                   "def g(): pass\n"
                                   "class A:\n"
                                   "    def run(self): f()\n"
                                   "class B:\n"
                                   "    def run(self): g()\n"
                                   "def make(kind):\n"
                                   "    return {\"a\": A, \"b\": B}[kind]\n"
                                   "def use(kind):\n"
                                   "    job = make(kind)()\n"
                                   "    job.run()\n"
                                   "def literal():\n"
                                   "    h = {\"a\": f, \"b\": g}[\"b\"]\n"
                                   "    h()\n"
                                   "def by_index(i):\n"
                                   "    h = (f, g)[i]\n"
                                   "    h()\n"
                                   "def called_at_once(kind, fast):\n"
                                   "    {\"a\": f, \"b\": g}[kind]()\n"
                                   "    (f if fast else A)()\n");
        QCOMPARE(callees(r, "m.use", "job.run"), QStringLiteral("m.A.run m.B.run"));
        QCOMPARE(callees(r, "m.literal", "h"), QStringLiteral("m.g"));
        QCOMPARE(callees(r, "m.by_index", "h"), QStringLiteral("m.f m.g"));
        // Called where it stands: a call site per alternative, each under
        // its arm's guard.
        QCOMPARE(callees(r, "m.called_at_once", "g"), QStringLiteral("m.g"));
        QCOMPARE(callees(r, "m.called_at_once", "A"), QStringLiteral("m.A"));
        QCOMPARE(callees(r, "m.called_at_once", "f"), QStringLiteral("m.f m.f"));
        const std::vector<const Edge *> toA = r.edges("m.called_at_once", "A");
        QCOMPARE(toA.size(), size_t(1));
        QVERIFY(!toA.front()->conditions.empty()); // `not fast`
    }

    void starredParametersHoldWhatCallsPassThere()
    {
        // `*fns` holds the positional arguments past the named ones (a
        // tuple walked by `for`), `**handlers` the keywords no parameter
        // takes, each under its name; a bound method's `self` is not one.
        const Resolved r = program("def f(): pass\n"
                                   "def g(): pass\n"
                                   "def h(): pass\n"
                                   "def apply_all(first, *fns):\n"
                                   "    first()\n"
                                   "    for fn in fns:\n"
                                   "        fn()\n"
                                   "def route(name, **handlers):\n"
                                   "    handlers[\"on_a\"]()\n"
                                   "class Bus:\n"
                                   "    def fire(self, *listeners):\n"
                                   "        for fn in listeners:\n"
                                   "            fn()\n"
                                   "def main():\n"
                                   "    apply_all(h, f, g)\n"
                                   "    route(\"x\", on_a=f, on_b=g)\n"
                                   "    bus = Bus()\n"
                                   "    bus.fire(g)\n"
                                   "    Bus().fire(h)\n");
        QCOMPARE(callees(r, "m.apply_all", "first"), QStringLiteral("m.h"));
        QCOMPARE(callees(r, "m.apply_all", "fn"), QStringLiteral("m.f m.g"));
        QCOMPARE(callees(r, "m.route", "handlers['on_a']"), QStringLiteral("m.f"));
        // Also on an instance built where it is called (`Bus().fire(h)`).
        QCOMPARE(callees(r, "m.Bus.fire", "fn"), QStringLiteral("m.g m.h"));
    }

    void aLookupWithADefaultHoldsTheDefault()
    {
        // Where the key or the attribute is missing, the lookup gives its
        // default: a visitor's fallback method, a dict's fallback handler.
        const Resolved r = program("def handle_a(x): pass\n"
                                   "def fallback(x): pass\n"
                                   "HANDLERS = {\"a\": handle_a}\n"
                                   "def dispatch(name, x):\n"
                                   "    handler = HANDLERS.get(name, fallback)\n"
                                   "    handler(x)\n"
                                   "def no_default(name, x):\n"
                                   "    handler = HANDLERS.get(name)\n"
                                   "    handler(x)\n"
                                   "class Visitor:\n"
                                   "    def visit(self, kind, node):\n"
                                   "        method = getattr(self, \"visit_\" + kind, self.generic_visit)\n"
                                   "        method(node)\n"
                                   "    def generic_visit(self, node): pass\n"
                                   "    def walk(self, kind, node):\n"
                                   "        return getattr(self, \"visit_\" + kind, self.generic_visit)(node)\n"
                                   "def dispatch_now(name, x):\n"
                                   "    return HANDLERS.get(name, fallback)(x)\n");
        QCOMPARE(callees(r, "m.dispatch", "handler"), QStringLiteral("m.fallback m.handle_a"));
        QCOMPARE(callees(r, "m.no_default", "handler"), QStringLiteral("m.handle_a"));
        QCOMPARE(callees(r, "m.Visitor.visit", "method"), QStringLiteral("m.Visitor.generic_visit"));
        // Called where it stands, the lookup calls its default too.
        QCOMPARE(callees(r, "m.dispatch_now", "fallback"), QStringLiteral("m.fallback"));
        QCOMPARE(callees(r, "m.Visitor.walk", "self.generic_visit"), QStringLiteral("m.Visitor.generic_visit"));
    }

    void aPropertyCalledCallsWhatItsGetterReturns()
    {
        // `self.handler(x)` with `handler` a property: the getter runs, and
        // the function it returns is called with x.
        const Resolved r = program("def on_event(x): pass\n"
                                   "class Widget:\n"
                                   "    def __init__(self):\n"
                                   "        self._handler = on_event\n"
                                   "    @property\n"
                                   "    def handler(self):\n"
                                   "        return self._handler\n"
                                   "    def method(self):\n"
                                   "        return on_event\n"
                                   "    def fire(self, x):\n"
                                   "        self.handler(x)\n"
                                   "        self.method(x)\n");
        QCOMPARE(callees(r, "m.Widget.fire", "self.handler"), QStringLiteral("m.Widget.handler m.on_event"));
        // A method is no property: calling it does not call what it returns.
        QCOMPARE(callees(r, "m.Widget.fire", "self.method"), QStringLiteral("m.Widget.method"));
    }

    void typeOfAValueIsItsClass()
    {
        // `type(x)` and `x.__class__` are the class x was built from: its
        // methods are called through it.
        const Resolved r = program("class Shape:\n"
                                   "    def __init__(self): pass\n"
                                   "    def area(self): return 0\n"
                                   "class Square(Shape):\n"
                                   "    def area(self): return 4\n"
                                   "def measure(s):\n"
                                   "    kind = type(s)\n"
                                   "    kind.area(s)\n"
                                   "    s.__class__.area(s)\n"
                                   "    type(s)()\n"
                                   "def main():\n"
                                   "    measure(Square())\n"
                                   "class Plugin:\n"
                                   "    def __init__(self): pass\n"
                                   "    def __init_subclass__(cls):\n"
                                   "        cls()\n");
        QCOMPARE(callees(r, "m.measure", "kind.area"), QStringLiteral("m.Square.area"));
        QCOMPARE(callees(r, "m.measure", "s.__class__.area"), QStringLiteral("m.Square.area"));
        // A copy built through it is left out (see call_graph_builder.cpp).
        QCOMPARE(callees(r, "m.measure", "s.__class__"), QStringLiteral("<unresolved>"));
        // __init_subclass__ is a class method without the decorator: cls is a class.
        QCOMPARE(callees(r, "m.Plugin.__init_subclass__", "cls"), QStringLiteral("m.Plugin.__init__"));
    }

    void implicitBindingsAndCalls()
    {
        // `except Err as e:` binds e to an Err; a class method taken through
        // a subclass runs with that subclass as cls; a dataclass's generated
        // __init__ calls its __post_init__.
        const Resolved r = program("from dataclasses import dataclass\n"
                                   "class Err(Exception):\n"
                                   "    def describe(self): pass\n"
                                   "class Other(Exception):\n"
                                   "    def describe(self): pass\n"
                                   "class Unrelated:\n"
                                   "    def describe(self): pass\n"
                                   "def risky():\n"
                                   "    try:\n"
                                   "        work()\n"
                                   "    except (Err, Other) as e:\n"
                                   "        e.describe()\n"
                                   "class Model:\n"
                                   "    def __init__(self, cfg): pass\n"
                                   "    @classmethod\n"
                                   "    def build(cls, x):\n"
                                   "        return cls(x)\n"
                                   "    def step(self): pass\n"
                                   "class Big(Model):\n"
                                   "    def step(self): pass\n"
                                   "def main():\n"
                                   "    m = Big.build(1)\n"
                                   "    m.step()\n"
                                   "    Settings()\n"
                                   "@dataclass\n"
                                   "class Settings:\n"
                                   "    x: int = 0\n"
                                   "    def __post_init__(self): pass\n"
                                   "class Plain:\n"
                                   "    def __post_init__(self): pass\n"
                                   "def plain():\n"
                                   "    Plain()\n");
        QCOMPARE(callees(r, "m.risky", "e.describe"), QStringLiteral("m.Err.describe m.Other.describe"));
        QCOMPARE(callees(r, "m.main", "m.step"), QStringLiteral("m.Big.step"));
        QCOMPARE(callees(r, "m.main", "Settings"), QStringLiteral("m.Settings m.Settings.__post_init__"));
        QCOMPARE(callees(r, "m.plain", "Plain"), QStringLiteral("m.Plain"));
    }

    void blocksCallTheirProtocolMethods()
    {
        // `with` calls __enter__ and __exit__, `async with` __aenter__ and
        // __aexit__, `async for` __aiter__ and its __anext__.
        const Resolved r = program("class Session:\n"
                                   "    def __enter__(self): return self\n"
                                   "    def __exit__(self, *a): pass\n"
                                   "    async def __aenter__(self): return self\n"
                                   "    async def __aexit__(self, *a): pass\n"
                                   "class Stream:\n"
                                   "    def __aiter__(self): return self\n"
                                   "    async def __anext__(self): pass\n"
                                   "def sync_use():\n"
                                   "    with Session() as s:\n"
                                   "        pass\n"
                                   "async def async_use():\n"
                                   "    async with Session() as s:\n"
                                   "        pass\n"
                                   "    async for x in Stream():\n"
                                   "        pass\n");
        QCOMPARE(callees(r, "m.sync_use", "Session().__enter__"), QStringLiteral("m.Session.__enter__"));
        QVERIFY(r.edges("m.sync_use", "Session().__aenter__").empty());
        QCOMPARE(callees(r, "m.async_use", "Session().__aenter__"), QStringLiteral("m.Session.__aenter__"));
        QCOMPARE(callees(r, "m.async_use", "Session().__aexit__"), QStringLiteral("m.Session.__aexit__"));
        QVERIFY(r.edges("m.async_use", "Session().__enter__").empty());
        QCOMPARE(callees(r, "m.async_use", "Stream().__aiter__().__anext__"), QStringLiteral("m.Stream.__anext__"));
    }

    void aSingleDispatchCallRunsItsRegisteredImplementations()
    {
        // `@show.register` / `@show.register(T)` register implementations
        // of a singledispatch function: a call of it may run each; another
        // function's `register` decorator adds nothing to it.
        const Resolved r = program("import functools\n"
                                   "@functools.singledispatch\n"
                                   "def show(x): pass\n"
                                   "@show.register\n"
                                   "def _show_int(x: int): pass\n"
                                   "@show.register(str)\n"
                                   "def _show_str(x): pass\n"
                                   "def plain(x): pass\n"
                                   "@plain.register\n"
                                   "def other(x): pass\n"
                                   "def main():\n"
                                   "    show(1)\n"
                                   "    plain(1)\n");
        QCOMPARE(callees(r, "m.main", "show"), QStringLiteral("m._show_int m._show_str m.show"));
        QCOMPARE(callees(r, "m.main", "plain"), QStringLiteral("m.plain"));
    }

    void getattrByANameEveryCallPassesALiteralFor()
    {
        // `getattr(self.inner, name)()` where every call of the method
        // passes a string literal: each attribute those literals name.
        Tree t;
        t.add("m",
              "class Inner:\n"
              "    def dispatch(self, x): pass\n"
              "    def combine(self, x): pass\n"
              "    def reset(self): pass\n"
              "class Other:\n"
              "    def dispatch(self, x): pass\n"
              "    def combine(self, x): pass\n"
              "class Maybe:\n"
              "    def __init__(self):\n"
              "        self.inner = Inner()\n"
              "    def _execute(self, name, **kwargs):\n"
              "        return getattr(self.inner, name)(**kwargs)\n"
              "    def dispatch(self, **kwargs):\n"
              "        return self._execute(\"dispatch\", **kwargs)\n"
              "    def combine(self, **kwargs):\n"
              "        return self._execute(\"combine\", **kwargs)\n"
              "def unknown(obj, name):\n"
              "    return getattr(obj, name)()\n");
        const Resolved r = resolve(t, testProfile());
        QCOMPARE(callees(r, "m.Maybe._execute", "self.inner.{name}"), QStringLiteral("m.Inner.combine m.Inner.dispatch"));
        // A name no call gives a literal for names nothing.
        QCOMPARE(callees(r, "m.unknown", "obj.{name}"), QStringLiteral("<unresolved>"));
    }

    // getattr with a name built from a literal part (`"visit_" + kind`,
    // `"_on_%s" % x`, `f"do_{x}"`, `"on_{}".format(x)`, directly or through
    // a local) looks up each attribute of the object the name may spell.
    void getattrByABuiltNameCallsEachAttributeItMaySpell()
    {
        const Resolved r = program("class Visitor:\n"
                                   "    def visit(self, node):\n"
                                   "        method = 'visit_' + node.__class__.__name__\n"
                                   "        visitor = getattr(self, method, self.generic_visit)\n"
                                   "        return visitor(node)\n"
                                   "    def direct(self, node, kind):\n"
                                   "        getattr(self, f'visit_{kind}')(node)\n"
                                   "    def handler(self):\n"
                                   "        return getattr(self, '_on_%s' % self.mode)\n"
                                   "    def fire(self, x):\n"
                                   "        self.handler()(x)\n"
                                   "        getattr(self, 'on_{}_done'.format(x))()\n"
                                   "        text = 'visit_%s' % x\n"
                                   "        text.upper()\n"
                                   "    def generic_visit(self, node): pass\n"
                                   "    def visit_Add(self, node): pass\n"
                                   "    def visit_Mul(self, node): pass\n"
                                   "    def _on_error(self, x): pass\n"
                                   "    def _on_retry(self, x): pass\n"
                                   "    def on_load_done(self): pass\n"
                                   "    def on_load(self): pass\n"
                                   "Visitor().visit(None)\n"
                                   "Visitor().direct(None, 'Add')\n"
                                   "Visitor().fire(1)\n");
        QCOMPARE(callees(r, "m.Visitor.visit", "visitor"), QStringLiteral("m.Visitor.generic_visit m.Visitor.visit_Add m.Visitor.visit_Mul"));
        QCOMPARE(callees(r, "m.Visitor.direct", "self.{visit_*}"), QStringLiteral("m.Visitor.visit_Add m.Visitor.visit_Mul"));
        QCOMPARE(callees(r, "m.Visitor.fire", "self.handler()"), QStringLiteral("m.Visitor._on_error m.Visitor._on_retry"));
        QCOMPARE(callees(r, "m.Visitor.fire", "self.{on_*_done}"), QStringLiteral("m.Visitor.on_load_done"));
        // Such a name is still a str.
        QCOMPARE(callees(r, "m.Visitor.fire", "text.upper"), QStringLiteral("<builtin>.str.upper"));
    }

    // `stack.pre.append(A())` in a function handed the object fills the
    // container of the instances the name holds: the object's own methods
    // iterate what was put there (and not what went into another class's
    // attribute of the same name).
    void aContainerFilledThroughAParameterIsTheObjects()
    {
        const Resolved r = program("class A:\n"
                                   "    def process(self, s): return s\n"
                                   "class B:\n"
                                   "    def process(self, s): return s\n"
                                   "class C:\n"
                                   "    def process(self, s): return s\n"
                                   "class Stack:\n"
                                   "    def __init__(self):\n"
                                   "        self.pre = []\n"
                                   "        self.post = []\n"
                                   "    def run(self, s):\n"
                                   "        for f in self.pre:\n"
                                   "            f.process(s)\n"
                                   "        for g in self.post:\n"
                                   "            g.process(s)\n"
                                   "class Other:\n"
                                   "    def __init__(self):\n"
                                   "        self.pre = []\n"
                                   "def build(stack, other):\n"
                                   "    stack.pre.append(A())\n"
                                   "    stack.post.append(B())\n"
                                   "    other.pre.append(C())\n"
                                   "def main():\n"
                                   "    st = Stack()\n"
                                   "    build(st, Other())\n"
                                   "    st.run(1)\n"
                                   "main()\n");
        QCOMPARE(callees(r, "m.Stack.run", "f.process"), QStringLiteral("m.A.process"));
        QCOMPARE(callees(r, "m.Stack.run", "g.process"), QStringLiteral("m.B.process"));
    }

    // A name formatted into a local (`'_process_{cls}'.format(...)`) and
    // case-folded where getattr reads it (`name.lower()`) still spells the
    // attributes its literal part names.
    void getattrByAFormattedNameThroughALocal()
    {
        const Resolved r = program("class Filter:\n"
                                   "    def process(self, t):\n"
                                   "        name = '_process_{cls}'.format(cls=type(t).__name__)\n"
                                   "        func = getattr(self, name.lower(), self._process_default)\n"
                                   "        func(t)\n"
                                   "    def _process_default(self, t): pass\n"
                                   "    def _process_where(self, t): pass\n"
                                   "    def _process_case(self, t): pass\n"
                                   "    def other(self, t): pass\n"
                                   "Filter().process(None)\n");
        QCOMPARE(callees(r, "m.Filter.process", "func"),
                 QStringLiteral("m.Filter._process_case m.Filter._process_default m.Filter._process_where"));
    }

    void decoratedNamesHoldWhatTheDecoratorReturns()
    {
        // `@dec def f` binds f to dec(f): a wrapper runs in f's place and
        // calls f; a decorator returning its argument leaves f; applying a
        // decorator is a call where the definition stands.
        const Resolved r = program("def wrap(f):\n"
                                   "    def inner():\n"
                                   "        f()\n"
                                   "    return inner\n"
                                   "def same(f):\n"
                                   "    return f\n"
                                   "@wrap\n"
                                   "def a(): pass\n"
                                   "@same\n"
                                   "def b(): pass\n"
                                   "@staticmethod\n"
                                   "def c(): pass\n"
                                   "a()\n"
                                   "b()\n"
                                   "c()\n");
        QCOMPARE(callees(r, "m", "a"), QStringLiteral("m.wrap.inner"));
        QCOMPARE(callees(r, "m.wrap.inner", "f"), QStringLiteral("m.a"));
        QCOMPARE(callees(r, "m", "b"), QStringLiteral("m.b"));
        QCOMPARE(callees(r, "m", "c"), QStringLiteral("m.c"));
        QCOMPARE(callees(r, "m", "wrap"), QStringLiteral("m.wrap"));
        QCOMPARE(callees(r, "m", "same"), QStringLiteral("m.same"));
        QVERIFY(r.edges("m", "staticmethod").empty()); // a descriptor is no call
    }

    void eachWrapperCallsTheFunctionItWraps()
    {
        // One decorator on two functions: each name's wrapper is a copy
        // that calls its own function only. A decorator returning what is
        // not its argument nor a wrapper of its own (an object's method)
        // leaves the function itself.
        const Resolved r = program("def log(f):\n"
                                   "    def inner(*args):\n"
                                   "        return f(*args)\n"
                                   "    return inner\n"
                                   "class Op:\n"
                                   "    def __init__(self, fn): self.fn = fn\n"
                                   "    def run(self): pass\n"
                                   "def register(f):\n"
                                   "    return Op(f).run\n"
                                   "@log\n"
                                   "def a(): pass\n"
                                   "@log\n"
                                   "def b(): pass\n"
                                   "@register\n"
                                   "def c(): pass\n"
                                   "def use():\n"
                                   "    a()\n"
                                   "    b()\n"
                                   "    c()\n");
        const std::vector<const Edge *> toA = r.edges("m.use", "a");
        const std::vector<const Edge *> toB = r.edges("m.use", "b");
        QCOMPARE(toA.size(), size_t(1));
        QCOMPARE(toB.size(), size_t(1));
        QVERIFY(toA.front()->calleeId != toB.front()->calleeId); // two copies of inner
        QCOMPARE(r.name(toA.front()->calleeId), std::string("m.log.inner"));
        std::vector<std::string> fromCopyOfA, fromCopyOfB;
        for (const CallSite &site : r.g.callSites)
            for (const Edge &e : r.g.edges)
                if (e.callSiteId == site.id && site.callee == "f") {
                    if (site.callerId == toA.front()->calleeId)
                        fromCopyOfA.push_back(r.name(e.calleeId));
                    if (site.callerId == toB.front()->calleeId)
                        fromCopyOfB.push_back(r.name(e.calleeId));
                }
        QCOMPARE(fromCopyOfA, std::vector<std::string>{"m.a"});
        QCOMPARE(fromCopyOfB, std::vector<std::string>{"m.b"});
        QCOMPARE(callees(r, "m.use", "c"), QStringLiteral("m.c"));
    }

    void containerElementsByKey()
    {
        // A dict display's literal keys pick its elements; an element stored
        // later (`d[k] = f`, `xs.append(f)`) is read with the display's.
        const Resolved r = program("def f1(): pass\n"
                                   "def f2(): pass\n"
                                   "def f3(): pass\n"
                                   "def f4(): pass\n"
                                   "d = {'a': f1, 1: f2}\n"
                                   "d['a']()\n"
                                   "d[1]()\n"
                                   "e = {}\n"
                                   "e['k'] = f3\n"
                                   "e['k']()\n"
                                   "def g():\n"
                                   "    xs = []\n"
                                   "    xs.append(f4)\n"
                                   "    for x in xs:\n"
                                   "        x()\n"
                                   "    d.get('a')()\n"
                                   "    t = (f1, f2)\n"
                                   "    t[1]()\n"
                                   "    p, q = f3, t\n"
                                   "    q[0]()\n");
        QCOMPARE(callees(r, "m", "d['a']"), QStringLiteral("m.f1"));
        QCOMPARE(callees(r, "m", "d[1]"), QStringLiteral("m.f2"));
        QCOMPARE(callees(r, "m", "e['k']"), QStringLiteral("m.f3"));
        QCOMPARE(callees(r, "m.g", "x"), QStringLiteral("m.f4"));
        QCOMPARE(callees(r, "m.g", "d.get()"), QStringLiteral("m.f1 m.f2"));
        QCOMPARE(callees(r, "m.g", "t[1]"), QStringLiteral("m.f2"));
        QCOMPARE(callees(r, "m.g", "q[0]"), QStringLiteral("m.f1"));
    }

    void functionsHandedOnAreCalledThroughTheirParameters()
    {
        // A function handed to a parameter is called wherever that
        // parameter is: its own parameters take what those calls pass,
        // also across a second hand-off, by keyword and on bound methods.
        const Resolved r = program("def sink(): pass\n"
                                   "def other(): pass\n"
                                   "def hook(cb):\n"
                                   "    cb()\n"
                                   "def each(fn, arg):\n"
                                   "    fn(arg)\n"
                                   "def run_twice(f, g):\n"
                                   "    each(f, g)\n"
                                   "run_twice(hook, sink)\n"
                                   "def notify(cb):\n"
                                   "    cb()\n"
                                   "def call_with(fn, arg):\n"
                                   "    fn(arg)\n"
                                   "call_with(arg=other, fn=notify)\n"
                                   "class Runner:\n"
                                   "    def step(self, then):\n"
                                   "        then()\n"
                                   "    def go(self, how, after):\n"
                                   "        how(after)\n"
                                   "r = Runner()\n"
                                   "r.go(r.step, sink)\n");
        QCOMPARE(callees(r, "m.hook", "cb"), QStringLiteral("m.sink"));
        QCOMPARE(callees(r, "m.notify", "cb"), QStringLiteral("m.other"));
        QCOMPARE(callees(r, "m.each", "fn"), QStringLiteral("m.hook"));
        QCOMPARE(callees(r, "m.Runner.step", "then"), QStringLiteral("m.sink"));
    }

    void subscriptsByNamesTakeTheLiteralsTheyHold()
    {
        // `xs[i]` takes the elements of the literals `i` may hold: an
        // imported constant, a local, a parameter every call passes a
        // literal for; a name holding anything else takes every element.
        Tree t;
        t.add("consts", "SECOND = 1\nNAME = 'b'\n");
        t.add("m", "from consts import SECOND, NAME\n"
                   "def f1(): pass\n"
                   "def f2(): pass\n"
                   "handlers = [f1, f2]\n"
                   "table = {'a': f1, 'b': f2}\n"
                   "handlers[SECOND]()\n"
                   "table[NAME]()\n"
                   "def pick(which):\n"
                   "    handlers[which]()\n"
                   "pick(0)\n"
                   "def local():\n"
                   "    k = 'a'\n"
                   "    table[k]()\n"
                   "def anyone(n):\n"
                   "    handlers[n]()\n"
                   "anyone(len(handlers))\n");
        const Resolved r = resolve(t);
        QCOMPARE(callees(r, "m", "handlers[]"), QStringLiteral("m.f2"));
        QCOMPARE(callees(r, "m", "table[]"), QStringLiteral("m.f2"));
        QCOMPARE(callees(r, "m.pick", "handlers[]"), QStringLiteral("m.f1"));
        QCOMPARE(callees(r, "m.local", "table[]"), QStringLiteral("m.f1"));
        QCOMPARE(callees(r, "m.anyone", "handlers[]"), QStringLiteral("m.f1 m.f2"));
    }

    void nestedDisplaysKeepTheirElementsByPath()
    {
        // A display inside a display is a container of its own: literal
        // keys pick down the path, and a store down a path of literal keys
        // replaces the element under it.
        const Resolved r = program("def f1(): pass\n"
                                   "def f2(): pass\n"
                                   "def f3(): pass\n"
                                   "grid = [[f1, f2], f3]\n"
                                   "grid[0][1]()\n"
                                   "grid[1]()\n"
                                   "routes = {'x': {'y': f1, 'z': f2}}\n"
                                   "routes['x']['y'] = f3\n"
                                   "routes['x']['y']()\n"
                                   "routes['x']['z']()\n"
                                   "for row in grid:\n"
                                   "    row()\n");
        QCOMPARE(callees(r, "m", "grid[0][1]"), QStringLiteral("m.f2"));
        QCOMPARE(callees(r, "m", "grid[1]"), QStringLiteral("m.f3"));
        QCOMPARE(callees(r, "m", "routes['x']['y']"), QStringLiteral("m.f3"));
        QCOMPARE(callees(r, "m", "routes['x']['z']"), QStringLiteral("m.f2 m.f3"));
        QCOMPARE(callees(r, "m", "row"), QStringLiteral("m.f3")); // the inner list is not called
    }

    void straightLineStoresAndAssignments()
    {
        // A store under a literal key replaces the display's element of that
        // key (also through update); an assignment overwritten by the next
        // statement before anything reads it is never seen; `y or f3` is
        // `y if y else f3`, and a function is never false.
        const Resolved r = program("def f1(): pass\n"
                                   "def f2(): pass\n"
                                   "def f3(): pass\n"
                                   "d = {'a': f1, 'b': f1}\n"
                                   "d['a'] = f2\n"
                                   "d.update({'b': f3})\n"
                                   "d['a']()\n"
                                   "d['b']()\n"
                                   "x = f1\n"
                                   "x = f2\n"
                                   "x()\n"
                                   "y = f1\n"
                                   "y = y or f3\n"
                                   "y()\n");
        QCOMPARE(callees(r, "m", "d['a']"), QStringLiteral("m.f2 m.f3"));
        QCOMPARE(callees(r, "m", "d['b']"), QStringLiteral("m.f2 m.f3"));
        QCOMPARE(callees(r, "m", "x"), QStringLiteral("m.f2"));
        QCOMPARE(callees(r, "m", "y"), QStringLiteral("m.f1"));
    }

    void aGlobalAFunctionBindsReadsTheFunctionsNames()
    {
        // `global HANDLER` then `HANDLER = chosen`: `chosen` is the
        // function's local, not a name of the module.
        const Resolved r = program("def fast(x): pass\n"
                                   "def slow(x): pass\n"
                                   "chosen = slow\n"
                                   "HANDLER = None\n"
                                   "def setup():\n"
                                   "    global HANDLER\n"
                                   "    chosen = fast\n"
                                   "    HANDLER = chosen\n"
                                   "def run(x):\n"
                                   "    HANDLER(x)\n");
        QCOMPARE(callees(r, "m.run", "HANDLER"), QStringLiteral("m.fast"));
    }

    void parametersHoldWhatCallsAndDefaultsGive()
    {
        // A parameter holds the containers and instances its calls pass and
        // a function its default names; nested tuple targets take their
        // elements; map's result holds what the mapped function returns;
        // a loop over an instance runs its class's __iter__ and __next__.
        const Resolved r = program("def f1(): pass\n"
                                   "def f2(): pass\n"
                                   "def f3(): pass\n"
                                   "def call_a(d): d['a']()\n"
                                   "da = {'a': f1}\n"
                                   "call_a(da)\n"
                                   "def later(fn=f2): fn()\n"
                                   "later()\n"
                                   "a, (b, c) = f1, (f2, f3)\n"
                                   "c()\n"
                                   "def make(x):\n"
                                   "    return f3\n"
                                   "for g in map(make, [1]):\n"
                                   "    g()\n"
                                   "class It:\n"
                                   "    def __iter__(self): return self\n"
                                   "    def __next__(self): return f1\n"
                                   "def walk(it):\n"
                                   "    for h in it:\n"
                                   "        h()\n"
                                   "walk(It())\n"
                                   "from functools import partial\n"
                                   "bound = partial(later, fn=f1)\n"
                                   "bound()\n");
        QCOMPARE(callees(r, "m.call_a", "d['a']"), QStringLiteral("m.f1"));
        QCOMPARE(callees(r, "m.later", "fn"), QStringLiteral("m.f2"));
        QCOMPARE(callees(r, "m", "c"), QStringLiteral("m.f3"));
        QCOMPARE(callees(r, "m", "g"), QStringLiteral("m.f3"));
        QCOMPARE(callees(r, "m.walk", "it.__iter__"), QStringLiteral("m.It.__iter__"));
        QCOMPARE(callees(r, "m.walk", "it.__iter__().__next__"), QStringLiteral("m.It.__next__"));
        QCOMPARE(callees(r, "m.walk", "h"), QStringLiteral("m.f1"));
        QCOMPARE(callees(r, "m", "bound"), QStringLiteral("m.later")); // a partial calls what it wraps
    }

    // A class body reads its own methods before the module's names: a
    // method alias and a partialmethod of a method call that method.
    void classBodiesReadTheirOwnMethods()
    {
        const Resolved r = program("import functools\n"
                                   "def run(q): pass\n"
                                   "class W:\n"
                                   "    def run(self, q, lse=False): pass\n"
                                   "    def forward(self, q): pass\n"
                                   "    run_lse = functools.partialmethod(run, lse=True)\n"
                                   "    __call__ = forward\n"
                                   "    def go(self, q):\n"
                                   "        self.run_lse(q)\n"
                                   "        self.__call__(q)\n");
        QCOMPARE(callees(r, "m.W.go", "self.run_lse"), QStringLiteral("m.W.run"));
        QCOMPARE(callees(r, "m.W.go", "self.__call__"), QStringLiteral("m.W.forward"));
    }

    // A function a factory hands out (plainly or wrapped in a partial) and
    // an attribute holds takes the arguments of the calls through that
    // attribute: the norm passed by keyword is called.
    void functionsAFactoryHandsOutTakeTheArgumentsOfCallsThroughWhatHoldsThem()
    {
        const Resolved r = program("from functools import partial\n"
                                   "class Norm:\n"
                                   "    def forward(self, x, residual=None): pass\n"
                                   "class Fn:\n"
                                   "    @staticmethod\n"
                                   "    def get_fn(mode):\n"
                                   "        if mode == 0:\n"
                                   "            return Fn._simple\n"
                                   "        return partial(Fn._gather, mode=mode)\n"
                                   "    @staticmethod\n"
                                   "    def _simple(x, residual, layernorm):\n"
                                   "        return layernorm(x, residual)\n"
                                   "    @staticmethod\n"
                                   "    def _gather(x, residual, layernorm, *, mode):\n"
                                   "        return layernorm(x)\n"
                                   "class Comm:\n"
                                   "    def __init__(self, mode):\n"
                                   "        self.norm = Norm()\n"
                                   "        self._fn = Fn.get_fn(mode)\n"
                                   "    def prepare(self, x, residual):\n"
                                   "        return self._fn(x, residual, layernorm=self.norm)\n");
        QCOMPARE(callees(r, "m.Comm.prepare", "self._fn"), QStringLiteral("m.Fn._gather m.Fn._simple"));
        QCOMPARE(callees(r, "m.Fn._simple", "layernorm"), QStringLiteral("m.Norm.forward"));
        QCOMPARE(callees(r, "m.Fn._gather", "layernorm"), QStringLiteral("m.Norm.forward"));
    }

    // A class a subclass passes up through `super().__init__` is what the
    // base's parameter holds, here called through a lambda.
    void classesPassedUpToTheBaseConstructor()
    {
        const Resolved r = program("def make(n, fn):\n"
                                   "    return [fn(i) for i in range(n)]\n"
                                   "class Base:\n"
                                   "    def forward(self, x): pass\n"
                                   "class Three(Base):\n"
                                   "    def forward(self, x): pass\n"
                                   "class Model:\n"
                                   "    def __init__(self, config, layer_type=Base):\n"
                                   "        self.layers = make(3, lambda idx: layer_type(idx))\n"
                                   "    def forward(self, x):\n"
                                   "        for layer in self.layers:\n"
                                   "            layer.forward(x)\n"
                                   "class Model3(Model):\n"
                                   "    def __init__(self, config, layer_type=Three):\n"
                                   "        super().__init__(config=config, layer_type=layer_type)\n");
        QCOMPARE(callees(r, "m.Model.forward", "layer.forward"), QStringLiteral("m.Three.forward"));
    }

    // `sup = super(B, self)` names the object seen through super(): its
    // methods are those after the class in self's MRO.
    void aSuperObjectKeptInANameLooksPastItsClass()
    {
        const Resolved r = program("class A:\n"
                                   "    def __init__(self, x):\n"
                                   "        pass\n"
                                   "    def hook(self):\n"
                                   "        pass\n"
                                   "class B(A):\n"
                                   "    def __init__(self):\n"
                                   "        sup = super(B, self)\n"
                                   "        sup.__init__(1)\n"
                                   "    def hook(self):\n"
                                   "        base = super()\n"
                                   "        base.hook()\n"
                                   "B().hook()\n");
        QCOMPARE(callees(r, "m.B.__init__", "sup.__init__"), QStringLiteral("m.A.__init__"));
        QCOMPARE(callees(r, "m.B.hook", "base.hook"), QStringLiteral("m.A.hook"));
    }

    // Built-ins that call a method of their argument: `str(x)` runs the
    // class's `__str__`, `len(x)` its `__len__`; an object of no class of
    // the index (a str, a parameter of unknown type) gives no call.
    void aBuiltinCallsItsArgumentsProtocolMethod()
    {
        const Resolved r = program("class Path:\n"
                                   "    def __str__(self):\n"
                                   "        return ''\n"
                                   "    def __len__(self):\n"
                                   "        return 0\n"
                                   "def show(name):\n"
                                   "    p = Path()\n"
                                   "    s = 'x'\n"
                                   "    return str(p), len(p), str(s), str(name)\n"
                                   "show(1)\n");
        QCOMPARE(callees(r, "m.show", "p.__str__"), QStringLiteral("m.Path.__str__"));
        QCOMPARE(callees(r, "m.show", "p.__len__"), QStringLiteral("m.Path.__len__"));
        QCOMPARE(callees(r, "m.show", "s.__str__"), QString());
        QCOMPARE(callees(r, "m.show", "name.__str__"), QString());
    }

    // Setting an attribute runs the class's own `__setattr__` where it
    // defines one (`self.b, self.c = ...` too); elsewhere nothing is called.
    void anAttributeAssignmentRunsTheClasssSetattr()
    {
        const Resolved r = program("class Config:\n"
                                   "    def __init__(self):\n"
                                   "        self.a = 1\n"
                                   "        self.b, self.c = 2, 3\n"
                                   "    def __setattr__(self, name, value):\n"
                                   "        object.__setattr__(self, name, value)\n"
                                   "class Plain:\n"
                                   "    def __init__(self):\n"
                                   "        self.a = 1\n"
                                   "CONFIG = Config()\n"
                                   "def apply():\n"
                                   "    CONFIG.a = 4\n"
                                   "Plain()\n"
                                   "apply()\n");
        QCOMPARE(callees(r, "m.Config.__init__", "self.__setattr__"), QStringLiteral("m.Config.__setattr__ m.Config.__setattr__")); // two lines
        QCOMPARE(callees(r, "m.apply", "CONFIG.__setattr__"), QStringLiteral("m.Config.__setattr__"));
        QCOMPARE(callees(r, "m.Plain.__init__", "self.__setattr__"), QString());
    }

    // A call in a class body is made by the class (its body runs when the
    // class is defined), not by the module; names defined earlier in the
    // body are read there first.
    void aCallInAClassBodyIsTheClasss()
    {
        const Resolved r = program("def fg(x):\n"
                                   "    return x\n"
                                   "class Menu:\n"
                                   "    def helper(x):\n"
                                   "        return x\n"
                                   "    title = fg(1)\n"
                                   "    banner = f'{fg(2)}'\n"
                                   "    width = helper(3)\n"
                                   "fg(4)\n");
        QCOMPARE(callees(r, "m.Menu", "fg"), QStringLiteral("m.fg m.fg")); // `title` and `banner`
        QCOMPARE(callees(r, "m.Menu", "helper"), QStringLiteral("m.Menu.helper"));
        QCOMPARE(r.edges("m", "fg").size(), size_t(1)); // the module's own call only
    }

    // The fields of an f-string are expressions, their calls call sites,
    // nested format specifications too.
    void callsInFStringFieldsAreCallSites()
    {
        const Resolved r = program("class Mv:\n"
                                   "    @staticmethod\n"
                                   "    def to(y, x):\n"
                                   "        return ''\n"
                                   "def fmt(v):\n"
                                   "    return v\n"
                                   "def width(w):\n"
                                   "    return w\n"
                                   "def draw(y, x):\n"
                                   "    out = f'{Mv.to(y - 1, x)}text'\n"
                                   "    return out + f'{fmt(y):>{width(x)}}'\n"
                                   "draw(1, 2)\n");
        QCOMPARE(callees(r, "m.draw", "Mv.to"), QStringLiteral("m.Mv.to"));
        QCOMPARE(callees(r, "m.draw", "fmt"), QStringLiteral("m.fmt"));
        QCOMPARE(callees(r, "m.draw", "width"), QStringLiteral("m.width"));
    }

    // A property read from an object stands for what its getter returns
    // (`self.path.add(x)`, `p = self.path`); its setter, defined under the
    // same name, leaves the name read as the getter.
    void aPropertyReadIsWhatItsGetterReturns()
    {
        const Resolved r = program("class Path:\n"
                                   "    def add(self, x):\n"
                                   "        pass\n"
                                   "class Url:\n"
                                   "    def __init__(self):\n"
                                   "        self._path = Path()\n"
                                   "    @property\n"
                                   "    def path(self):\n"
                                   "        return self._path\n"
                                   "    @path.setter\n"
                                   "    def path(self, value):\n"
                                   "        self._path = value\n"
                                   "    def add(self, x):\n"
                                   "        self.path.add(x)\n"
                                   "        p = self.path\n"
                                   "        p.add(x)\n"
                                   "Url().add(1)\n");
        QCOMPARE(callees(r, "m.Url.add", "self.path.add"), QStringLiteral("m.Path.add"));
        QCOMPARE(callees(r, "m.Url.add", "p.add"), QStringLiteral("m.Path.add"));
    }

    // Reading a property runs its getter: a read of a name the module
    // defines as a property is a call where it reaches one (`self.isdir`,
    // `Path().isdir`, the receiver of `self.path.add(x)`), and no call where
    // the name is a plain method or data of the object read.
    void aPropertyReadCallsItsGetter()
    {
        const Resolved r = program("def helper():\n"
                                   "    pass\n"
                                   "class Path:\n"
                                   "    @property\n"
                                   "    def isdir(self):\n"
                                   "        return helper()\n"
                                   "    def add(self, x):\n"
                                   "        if self.isdir:\n"
                                   "            pass\n"
                                   "class Other:\n"
                                   "    def isdir(self):\n"
                                   "        return 1\n"
                                   "class Url:\n"
                                   "    @property\n"
                                   "    def path(self):\n"
                                   "        return Path()\n"
                                   "    def add(self, x):\n"
                                   "        self.path.add(x)\n"
                                   "def use():\n"
                                   "    bound = Other().isdir\n"
                                   "    return Path().isdir\n"
                                   "Url().add(1)\n"
                                   "use()\n");
        QCOMPARE(callees(r, "m.Path.add", "self.isdir"), QStringLiteral("m.Path.isdir"));
        QCOMPARE(callees(r, "m.use", "Path().isdir"), QStringLiteral("m.Path.isdir"));
        QCOMPARE(callees(r, "m.use", "Other().isdir"), QString());
        QCOMPARE(callees(r, "m.Url.add", "self.path"), QStringLiteral("m.Url.path"));
        QCOMPARE(callees(r, "m.Url.add", "self.path.add"), QStringLiteral("m.Path.add"));
        QCOMPARE(callees(r, "m.Path.isdir", "helper"), QStringLiteral("m.helper"));
    }

    // A function given to a local (`f = group_alias`, `for func in
    // [group_where, group_order]`) and called through it takes that call's
    // arguments: its parameter holds what is passed there.
    // An attribute a class never sets itself but another object's method
    // stores into its instances (`self.attn.proj = self.proj`, as a layer
    // hands its projection to the attention it holds) is what was stored:
    // a backend calling `layer.proj(x)` on that instance reaches it.
    void anAttributeStoredFromOutsideIsWhatWasStored()
    {
        const Resolved r = program("class Linear:\n"
                                   "    def forward(self, x):\n"
                                   "        return x\n"
                                   "class Attn:\n"
                                   "    def __init__(self, heads):\n"
                                   "        self.heads = heads\n"
                                   "class Backend:\n"
                                   "    def run(self, layer: Attn, x):\n"
                                   "        return layer.proj(x)\n"
                                   "class Layer:\n"
                                   "    def __init__(self):\n"
                                   "        self.proj = Linear()\n"
                                   "        self.attn = Attn(4)\n"
                                   "        self.backend = Backend()\n"
                                   "    def forward(self, x):\n"
                                   "        self.attn.proj = self.proj\n"
                                   "        return self.backend.run(self.attn, x)\n"
                                   "Layer().forward(1)\n");
        QCOMPARE(callees(r, "m.Backend.run", "layer.proj"), QStringLiteral("m.Linear.forward"));
    }

    void aFunctionCalledThroughALocalTakesItsArguments()
    {
        const Resolved r = program("def handler():\n"
                                   "    pass\n"
                                   "def group_where(cb):\n"
                                   "    cb()\n"
                                   "def group_order(cb):\n"
                                   "    cb()\n"
                                   "def group_alias(cb):\n"
                                   "    cb()\n"
                                   "def never_called(cb):\n"
                                   "    cb()\n"
                                   "def group(fn):\n"
                                   "    for func in [group_where, group_order]:\n"
                                   "        func(fn)\n"
                                   "    f = group_alias\n"
                                   "    f(fn)\n"
                                   "def other(fn):\n"
                                   "    f = never_called\n"
                                   "    return f\n"
                                   "def elsewhere(x):\n"
                                   "    f(x)\n"
                                   "group(handler)\n"
                                   "elsewhere(handler)\n");
        for (const char *fn : {"m.group_where", "m.group_order", "m.group_alias"})
            QCOMPARE(callees(r, fn, "cb"), QStringLiteral("m.handler"));
        // A local of the same name in another function is another local.
        QCOMPARE(callees(r, "m.never_called", "cb"), QStringLiteral("<unresolved>"));
    }

    // A decorated definition's calls run the wrapper its decorator returns:
    // the wrapper's parameters hold what those calls pass, and the
    // definition's hold what the wrapper passes it (`f(tlist)`), for a
    // decorator (`@plain`) and a decorator factory (`@recurse()`) alike.
    void aWrapperTakesTheArgumentsOfTheDecoratedNamesCalls()
    {
        const Resolved r = program("class TokenList:\n"
                                   "    def token_next_by(self, i):\n"
                                   "        pass\n"
                                   "    def get_sublists(self):\n"
                                   "        return []\n"
                                   "class Other:\n" // a name-only guess would name both
                                   "    def token_next_by(self, i):\n"
                                   "        pass\n"
                                   "    def get_sublists(self):\n"
                                   "        return []\n"
                                   "def recurse(*cls):\n"
                                   "    def wrap(f):\n"
                                   "        def wrapped_f(tlist):\n"
                                   "            tlist.get_sublists()\n"
                                   "            f(tlist)\n"
                                   "        return wrapped_f\n"
                                   "    return wrap\n"
                                   "def plain(f):\n"
                                   "    def inner(tlist):\n"
                                   "        tlist.get_sublists()\n"
                                   "        f(tlist)\n"
                                   "    return inner\n"
                                   "@recurse()\n"
                                   "def group_where(tlist):\n"
                                   "    tlist.token_next_by(1)\n"
                                   "@plain\n"
                                   "def group_order(tlist):\n"
                                   "    tlist.token_next_by(2)\n"
                                   "def group(stmt):\n"
                                   "    for func in [group_where, group_order]:\n"
                                   "        func(stmt)\n"
                                   "group(TokenList())\n");
        QCOMPARE(callees(r, "m.recurse.wrap.wrapped_f", "tlist.get_sublists"), QStringLiteral("m.TokenList.get_sublists"));
        QCOMPARE(callees(r, "m.plain.inner", "tlist.get_sublists"), QStringLiteral("m.TokenList.get_sublists"));
        QCOMPARE(callees(r, "m.group_where", "tlist.token_next_by"), QStringLiteral("m.TokenList.token_next_by"));
        QCOMPARE(callees(r, "m.group_order", "tlist.token_next_by"), QStringLiteral("m.TokenList.token_next_by"));
    }

    // A classmethod filling a container from itself
    // (`cls.details["mem"] = humanize(cls.details["mem"])`) is a cycle: read
    // once and cut where it closes. Read again for every assignment, as
    // before, each read of the container re-read the whole of it, a number
    // of times exponential in the assignments (a real application's process
    // view took longer than anyone would wait); this test then times out.
    void aContainerAClassmethodFillsFromItselfIsReadOnce()
    {
        std::string src = "def render():\n"
                          "    pass\n"
                          "def humanize(value):\n"
                          "    return value\n"
                          "class Proc:\n"
                          "    details = {}\n"
                          "    @classmethod\n"
                          "    def collect(cls, pid):\n"
                          "        cls.details['draw'] = render\n";
        for (int i = 0; i < 24; ++i)
            src += "        cls.details['k" + std::to_string(i) + "'] = humanize(cls.details['k" + std::to_string((i + 7) % 24)
                + "']) or humanize(cls.details['k" + std::to_string((i + 1) % 24) + "'])\n";
        src += "    @classmethod\n"
               "    def show(cls):\n"
               "        cls.details['draw']()\n"
               "Proc.collect(1)\n"
               "Proc.show()\n";
        const Resolved r = program(src.c_str());
        QCOMPARE(callees(r, "m.Proc.show", "cls.details['draw']"), QStringLiteral("m.render"));
    }

    void comprehensionsAndGenerators()
    {
        // A comprehension's element is its body with the loop variable an
        // element of what it walks; a generator's call holds what it yields.
        const Resolved r = program("def f1(): pass\n"
                                   "def f2(): pass\n"
                                   "fs = [f1, f2]\n"
                                   "gs = [f for f in fs]\n"
                                   "gs[0]()\n"
                                   "def gen():\n"
                                   "    yield f1\n"
                                   "def more():\n"
                                   "    yield from [f2]\n"
                                   "for h in gen():\n"
                                   "    h()\n"
                                   "g = next(more())\n"
                                   "g()\n");
        QCOMPARE(callees(r, "m", "gs[0]"), QStringLiteral("m.f1 m.f2"));
        QCOMPARE(callees(r, "m", "h"), QStringLiteral("m.f1"));
        QCOMPARE(callees(r, "m", "g"), QStringLiteral("m.f2"));
    }

    void builtinsCallTheFunctionsHandedToThem()
    {
        // map/filter call their function argument, sorted its key; a list
        // handed to them is no call. getattr with a literal name is an attribute.
        // Threads call their target, executors what is submitted.
        const Resolved r = program("def f1(x): pass\n"
                                   "def f2(x): pass\n"
                                   "class C:\n"
                                   "    def m(self): pass\n"
                                   "xs = [1, 2]\n"
                                   "map(f1, xs)\n"
                                   "sorted(xs, key=f2)\n"
                                   "getattr(C(), 'm')()\n"
                                   "def worker(): pass\n"
                                   "def job(x): pass\n"
                                   "def later(): pass\n"
                                   "def unused(): pass\n"
                                   "def start(pool, loop):\n"
                                   "    threading.Thread(target=worker, name=unused).start()\n"
                                   "    pool.submit(job, unused)\n"
                                   "    loop.run_in_executor(None, later)\n");
        QCOMPARE(callees(r, "m", "f1"), QStringLiteral("m.f1"));
        QCOMPARE(callees(r, "m", "f2"), QStringLiteral("m.f2"));
        QVERIFY(r.edges("m", "xs").empty());
        QCOMPARE(callees(r, "m", "C().m"), QStringLiteral("m.C.m"));
        // The standard library's callers of what they are handed: a thread's
        // target, an executor's submitted function; their other arguments
        // are not called.
        QCOMPARE(callees(r, "m.start", "worker"), QStringLiteral("m.worker"));
        QCOMPARE(callees(r, "m.start", "job"), QStringLiteral("m.job"));
        QCOMPARE(callees(r, "m.start", "later"), QStringLiteral("m.later"));
        QVERIFY(r.edges("m.start", "unused").empty());
    }

    void namesOutsideTheIndexKeepTheirClass()
    {
        // An instance of a class outside the index has that class's
        // attributes; a class of the index inherits what it does not define
        // from its outside base, __init__ included, but not what it sets
        // itself; an outside method passed as an argument is what the
        // parameter calls.
        const Resolved r = program("from ext import Cls, Base, make\n"
                                   "a = Cls()\n"
                                   "a.fun()\n"
                                   "make().fun()\n"
                                   "def call(fn):\n"
                                   "    fn()\n"
                                   "call(a.other)\n"
                                   "class A(Base):\n"
                                   "    def setup(self, helper):\n"
                                   "        self.helper = helper\n"
                                   "    def own(self): pass\n"
                                   "    def go(self):\n"
                                   "        self.own()\n"
                                   "        self.inherited()\n"
                                   "        self.helper.run()\n"
                                   "class B(A):\n"
                                   "    def __init__(self):\n"
                                   "        super().__init__()\n"
                                   "    def later(self):\n"
                                   "        super().own()\n"
                                   "        super(B, self).stop()\n"
                                   "A().go()\n"
                                   "B().later()\n");
        QCOMPARE(callees(r, "m", "a.fun"), QStringLiteral("ext.Cls.fun"));
        QVERIFY(!callees(r, "m", "make().fun").contains(QLatin1String("ext."))); // a function's result is not known
        QCOMPARE(callees(r, "m.call", "fn"), QStringLiteral("ext.Cls.other"));
        QCOMPARE(callees(r, "m.A.go", "self.own"), QStringLiteral("m.A.own"));
        QCOMPARE(callees(r, "m.A.go", "self.inherited"), QStringLiteral("ext.Base.inherited"));
        QCOMPARE(callees(r, "m", "A"), QStringLiteral("ext.Base.__init__ m.A"));
        // An attribute the class sets is its own, even where its value is not known.
        QCOMPARE(callees(r, "m.A.go", "self.helper.run"), QStringLiteral("<unresolved>"));
        // super() past the classes of the index reaches the outside base.
        QCOMPARE(callees(r, "m.B.__init__", "super().__init__"), QStringLiteral("ext.Base.__init__"));
        QCOMPARE(callees(r, "m.B.later", "super().own"), QStringLiteral("m.A.own"));
        QCOMPARE(callees(r, "m.B.later", "super().stop"), QStringLiteral("ext.Base.stop"));
    }

    void literalsAndDisplaysAsArguments()
    {
        // A literal's method is its built-in type's; map() yields what the
        // function among its arguments returns, wherever it stands (PyCG's
        // benchmark writes the display first).
        const Resolved r = program("def inner(): pass\n"
                                   "def make(x):\n"
                                   "    return inner\n"
                                   "' '.join(['a'])\n"
                                   "('a' 'b').upper()\n"
                                   "for g in map([1, 2], make):\n"
                                   "    g()\n");
        QCOMPARE(callees(r, "m", "str.join"), QStringLiteral("<builtin>.str.join"));
        QCOMPARE(callees(r, "m", "str.upper"), QStringLiteral("<builtin>.str.upper"));
        QCOMPARE(callees(r, "m", "g"), QStringLiteral("m.inner"));
    }

    void raisedNamesAreBuiltWhereTheyAreClassesOfTheIndex()
    {
        // `raise E` builds E only where E is a class of the index; a re-raised
        // instance or a bare built-in calls nothing there, `E()` is a call.
        const Resolved r = program("class MyError(Exception):\n"
                                   "    def __init__(self): pass\n"
                                   "def f(e):\n"
                                   "    raise MyError\n"
                                   "def g(e):\n"
                                   "    raise e\n"
                                   "def h():\n"
                                   "    raise StopIteration\n"
                                   "def k():\n"
                                   "    raise OSError('x')\n");
        QCOMPARE(callees(r, "m.f", "MyError"), QStringLiteral("m.MyError.__init__"));
        QVERIFY(r.edges("m.g", "e").empty());
        QVERIFY(r.edges("m.h", "StopIteration").empty());
        QCOMPARE(callees(r, "m.k", "OSError"), QStringLiteral("<builtin>.OSError"));
    }

    void anAnnotatedDisplayIsStillADisplay()
    {
        // `x: Dict[str, R] = {}` binds a dict display: its methods are dict's,
        // the elements stored into it are read from it, and a class deriving
        // from a built-in exception has only what that exception has.
        const Resolved r = program("class Runner:\n"
                                   "    def cleanup(self): pass\n"
                                   "class BuildError(RuntimeError): pass\n"
                                   "d: Dict[str, int] = {}\n"
                                   "d.values()\n"
                                   "class Cache:\n"
                                   "    def __init__(self):\n"
                                   "        self._cache: Dict[str, Runner] = {}\n"
                                   "    def add(self, k, bad):\n"
                                   "        self._cache[k] = BuildError() if bad else Runner()\n"
                                   "    def cleanup(self):\n"
                                   "        for cached in self._cache.values():\n"
                                   "            cached.cleanup()\n"
                                   "            cached.with_traceback(None)\n");
        QCOMPARE(callees(r, "m", "d.values"), QStringLiteral("<builtin>.dict.values"));
        QCOMPARE(callees(r, "m.Cache.cleanup", "self._cache.values"), QStringLiteral("<builtin>.dict.values"));
        QCOMPARE(callees(r, "m.Cache.cleanup", "cached.cleanup"), QStringLiteral("m.Runner.cleanup"));
        QCOMPARE(callees(r, "m.Cache.cleanup", "cached.with_traceback"), QStringLiteral("<builtin>.RuntimeError.with_traceback"));
    }

    void displaysAndStrLiteralsCallTheirTypesMethods()
    {
        // A name bound to a display, a str or an empty `dict()` holds a value
        // of that built-in type: its methods are the type's, and only those. A store into the
        // display (`update`, `append`) is followed as a store, not a call.
        const Resolved r = program("def f(): pass\n"
                                   "def g(): pass\n"
                                   "d = {\"a\": f}\n"
                                   "d.items()\n"
                                   "d.update({\"a\": g})\n"
                                   "d.get(\"a\")()\n"
                                   "l = [1]\n"
                                   "l.append(2)\n"
                                   "l.count(1)\n"
                                   "t = 1, 2\n"
                                   "t.index(1)\n"
                                   "s = \"x\"\n"
                                   "s.upper()\n"
                                   "s.get()\n"
                                   "e = dict()\n"
                                   "e.keys()\n"
                                   "def h(p):\n"
                                   "    p.items()\n"
                                   "class Obj:\n"
                                   "    def get(self): pass\n"
                                   "def k(c):\n"
                                   "    x = [] if c else Obj()\n"
                                   "    x.get()\n"
                                   "    x.get_ns()\n");
        QCOMPARE(callees(r, "m", "d.items"), QStringLiteral("<builtin>.dict.items"));
        QCOMPARE(callees(r, "m", "d.get"), QStringLiteral("<builtin>.dict.get"));
        QCOMPARE(callees(r, "m", "d.get()"), QStringLiteral("m.f m.g"));
        QCOMPARE(callees(r, "m", "d.update"), QStringLiteral("<unresolved>"));
        QCOMPARE(callees(r, "m", "l.append"), QStringLiteral("<unresolved>"));
        QCOMPARE(callees(r, "m", "l.count"), QStringLiteral("<builtin>.list.count"));
        QCOMPARE(callees(r, "m", "t.index"), QStringLiteral("<builtin>.tuple.index"));
        QCOMPARE(callees(r, "m", "s.upper"), QStringLiteral("<builtin>.str.upper"));
        QVERIFY(!callees(r, "m", "s.get").contains(QLatin1String("<builtin>"))); // str has no `get`
        QCOMPARE(callees(r, "m", "e.keys"), QStringLiteral("<builtin>.dict.keys"));
        QCOMPARE(callees(r, "m.h", "p.items"), QStringLiteral("<unresolved>")); // a parameter's type is not known
        // A display has no attribute its type lacks: reading one raises, so
        // `x.get()` calls only the other value's method.
        QCOMPARE(callees(r, "m.k", "x.get"), QStringLiteral("m.Obj.get"));
        QCOMPARE(callees(r, "m.k", "x.get_ns"), QStringLiteral("<unresolved>"));
    }
};

QTEST_GUILESS_MAIN(TestValueFlow)
#include "tst_value_flow.moc"
