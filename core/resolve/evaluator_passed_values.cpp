// Functions and classes handed to a function as arguments (see evaluator.h,
// docs/guard-evaluation.md "Parameters of functions"): `def apply(fn): fn()`
// called as `apply(handler)` calls `handler`. The calls of a function are
// those by its names and those through the parameters it is handed to.
#include "resolve/evaluator.h"

#include "resolve/instantiation_index.h"

#include <algorithm>

namespace katlas {
namespace {

// What a parameter takes from its calls: functions, classes, containers of
// them, instances of classes of the index, and names outside the index.
bool handedOn(const Value &v)
{
    return v.kind == Value::Kind::Function || v.kind == Value::Kind::Class || v.kind == Value::Kind::Container
        || (v.kind == Value::Kind::External && v.external.rfind("<builtin>.", 0) != 0)
        || (v.kind == Value::Kind::Instance && !v.declared && !v.callable);
}

} // namespace

Evaluator::FunctionCalls Evaluator::callsOfFunction(const FunctionInfo &fn)
{
    // Past this many calls of the name, the parameters are not followed.
    constexpr size_t kMaxCalls = 32;
    FunctionCalls out;
    std::vector<Instantiation> &calls = out.calls;
    const InstantiationIndex &sites = instantiations();
    // Calls by its own name, by the names assignments give it, and by the
    // locals a function gives it to (`f = g; f(x)`, only in that function).
    const auto byName = [&](const std::string &name) {
        if (calls.size() <= kMaxCalls)
            calls.insert(calls.end(), sites.callsOf(name).begin(), sites.callsOf(name).end());
        for (const std::string &alias : sites.aliasesOf(name))
            if (calls.size() <= kMaxCalls)
                calls.insert(calls.end(), sites.callsOf(alias).begin(), sites.callsOf(alias).end());
        if (calls.size() <= kMaxCalls) {
            const std::vector<Instantiation> local = sites.localAliasCallsOf(name);
            calls.insert(calls.end(), local.begin(), local.end());
        }
    };
    const std::string &own = m_table.symbol(fn.symbol).name;
    byName(own);
    // A wrapper a decorator returns: the calls of the definitions it
    // decorates run it (`@plain def g` then `g(x)` runs plain's `inner`).
    for (const std::string &decorated : sites.decoratedWithWrapper(own, fn.module))
        byName(decorated);
    // A function another returns as it is (a decorator factory's nested
    // `decorator`, `def pick(): return handler`): the calls of what that
    // one returns (`register("x")(fn)`, `pick()(x)`, filed as "register()").
    for (const std::string &returner : sites.returnersOf(own, fn.module))
        if (calls.size() <= kMaxCalls)
            calls.insert(calls.end(), sites.callsOf(returner + "()").begin(), sites.callsOf(returner + "()").end());
    // Called by no name: the calls through the containers holding it
    // (`BACKENDS[name](self)` of a factory a decorator registered). They
    // are not evaluated again to see that they run it: the container
    // holds it, and evaluating its elements here may be what asked.
    out.byName = calls.size();
    if (calls.empty())
        for (const std::string &container : containersHolding(fn.symbol))
            if (calls.size() <= kMaxCalls)
                calls.insert(calls.end(), sites.callsOf(container).begin(), sites.callsOf(container).end());
    out.throughContainers = calls.size() - out.byName;
    // and through the names a getter's result is assigned to, where the
    // getter hands out the container's elements (`handler =
    // Registry.get_handler(name); handler(self)`), each checked to run it.
    if (out.throughContainers > 0 || out.byName == 0)
        for (const std::string &container : containersHolding(fn.symbol))
            for (const std::string &alias : sites.aliasesOf(container))
                if (calls.size() <= kMaxCalls)
                    calls.insert(calls.end(), sites.callsOf(alias).begin(), sites.callsOf(alias).end());
    if (calls.size() <= kMaxCalls) { // and through the parameters it is handed to
        const std::vector<Instantiation> through = callsThroughParameters(fn);
        calls.insert(calls.end(), through.begin(), through.end());
    }
    if (calls.size() > kMaxCalls)
        calls.clear();
    return out;
}

template<typename PassedOf>
Elements Evaluator::eachRunningCall(const FunctionInfo &fn, PassedOf passed)
{
    Elements out;
    const FunctionCalls found = callsOfFunction(fn);
    const InstantiationIndex &sites = instantiations();
    for (size_t i = 0; i < found.calls.size(); ++i) {
        const Instantiation &at = found.calls[i];
        const ValueFact &call = sites.call(at);
        const Scope scope{at.module, at.function, 0};
        const bool throughContainer = i >= found.byName && i < found.byName + found.throughContainers;
        if (!throughContainer && !callRuns(call, scope, fn.symbol))
            continue;
        for (const auto &[key, arg] : passed(call)) {
            Values values = call.decorates ? definitionsNamed(arg, scope) : evalChain(arg, scope);
            std::erase_if(values, [](const Value &v) { return !handedOn(v); });
            for (Value &v : values)
                v.how = weaker(v.how, Resolution::Type);
            addMapped(values, call.guards, true, &scope, call.line);
            for (Value &v : values)
                out.emplace_back(key, std::move(v));
        }
    }
    return out;
}

Values Evaluator::passedCallables(const FunctionInfo &fn, size_t param)
{
    return memoised("p" + std::to_string(fn.symbol) + ':' + std::to_string(param), [&] {
        const Param &p = fn.fact->params[param];
        const bool bound = fn.cls && !fn.isStatic;
        Values out;
        for (auto &[key, v] : eachRunningCall(fn, [&](const ValueFact &call) {
                 const Chain arg = argumentFor(call, p, bound && param == 0 ? call.args.size() : bound ? param - 1 : param);
                 return arg.empty() ? Passed{} : Passed{{std::string(), arg}};
             }))
            append(out, {std::move(v)});
        // A default that names a function holds where a call gives nothing.
        if (!p.defaultChain.empty()) {
            Values byDefault = evalChain(p.defaultChain, {fn.module, fn.outer, 0});
            std::erase_if(byDefault, [](const Value &v) { return !handedOn(v); });
            append(out, std::move(byDefault));
        }
        return out;
    });
}

Values Evaluator::passedToSplat(const FunctionInfo &fn, bool keywords)
{
    return memoised(std::string(keywords ? "pk" : "pa") + std::to_string(fn.symbol), [&] {
        // `def apply_all(*fns)`: the positional arguments past the named
        // ones, a tuple's elements; `def run(**handlers)`: the keywords no
        // parameter takes, a dict's elements under their names.
        const bool bound = fn.cls && !fn.isStatic;
        size_t positional = 0;
        for (const Param &p : fn.fact->params)
            positional += !p.keywordOnly;
        if (bound && positional > 0)
            --positional;
        const auto taken = [&](const std::string &name) {
            return std::any_of(fn.fact->params.begin(), fn.fact->params.end(), [&](const Param &p) { return p.name == name; });
        };
        Value container = makeContainer(eachRunningCall(fn, [&](const ValueFact &call) {
            Passed out;
            if (!keywords) {
                for (size_t i = positional; i < call.args.size(); ++i)
                    if (!call.args[i].empty())
                        out.emplace_back(std::string(), call.args[i]);
            } else {
                for (const auto &[keyword, chain] : call.keywordArgs)
                    if (!taken(keyword))
                        out.emplace_back("'" + keyword + "'", chain);
            }
            return out;
        }));
        container.builtinType = keywords ? BuiltinType::Dict : BuiltinType::Tuple;
        return Values{container};
    });
}

// The functions and classes defined as `name` in the scope itself, as
// they are before any decorator applies.
Values Evaluator::definitionsNamed(const std::string &name, const Scope &scope)
{
    const FunctionInfo *fn = m_table.function(scope.function);
    const BindingMap &bindings = fn ? m_table.localsOf(*fn) : m_table.moduleAt(scope.module).globals;
    Values out;
    if (const auto it = bindings.find(name); it != bindings.end())
        for (const Binding &b : it->second)
            if (b.kind == Binding::Kind::Definition) {
                Value v;
                v.kind = m_table.symbol(b.symbol).kind == SymbolKind::Class ? Value::Kind::Class : Value::Kind::Function;
                v.id = b.symbol;
                out.push_back(v);
            }
    return out;
}

} // namespace katlas
