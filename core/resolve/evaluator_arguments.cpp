// What calls pass to the functions they call (see evaluator.h): argument
// classes by parameter, isinstance guards decided by them, and the values a
// constructor's parameters receive where its class is built.
#include "resolve/evaluator.h"

#include "graph/allocation_condition.h"
#include "resolve/allocation_sites.h"
#include "resolve/instantiation_index.h"

#include <algorithm>

namespace katlas {

Evaluator::~Evaluator() = default;

// Memo keys of evaluations that depend on a call's arguments name them.
std::string Evaluator::argsKey(const ArgTypes *args)
{
    std::string k;
    if (args)
        for (const ArgBinding &a : *args)
            k += ';' + a.param + (a.isClass ? "=class:" : a.isFunction ? "=fn:" : "=") + std::to_string(a.cls);
    return k;
}


ArgTypes Evaluator::argTypes(SymbolId function, bool bound, const ValueFact &call, const Scope &scope)
{
    ArgTypes out;
    const FunctionInfo *fn = m_table.function(function);
    if (!fn)
        return out;
    const auto &params = fn->fact->params;
    // An argument binds when it is an instance of a class of the index (not
    // merely declared so) or a class itself.
    auto bind = [&](const std::string &param, const Chain &arg) {
        for (const Value &a : evalChain(arg, scope)) {
            if (a.kind == Value::Kind::Instance && !a.declared && a.selfClass) {
                out.push_back({param, a.selfClass, false});
                return;
            }
            if (a.kind == Value::Kind::Class && a.conditions.empty())
                out.push_back({param, a.id, true});
        }
    };
    const size_t offset = bound && fn->cls && !fn->isStatic ? 1 : 0;
    for (size_t i = 0; i < call.args.size() && i + offset < params.size(); ++i)
        if (!call.args[i].empty())
            bind(params[i + offset].name, call.args[i]);
    for (const auto &keyword : call.keywordArgs) {
        const std::string &name = keyword.first; // not a structured binding: clang 14 cannot capture those
        if (std::any_of(params.begin(), params.end(), [&](const Param &p) { return p.name == name; }))
            bind(name, keyword.second);
    }
    return out;
}

bool Evaluator::guardsHold(const GuardList &guards, const ArgTypes &args, const Scope &scope)
{
    for (const Guard &g : guards) {
        // isinstance(NAME, CLS) or isinstance(NAME, (A, B)) on an argument of known
        // class.
        if (args.empty() || g.text.rfind("isinstance(", 0) != 0 || g.text.back() != ')')
            continue;
        const std::string inner = g.text.substr(11, g.text.size() - 12);
        const auto comma = inner.find(',');
        if (comma == std::string::npos)
            continue;
        const std::string name = inner.substr(0, comma);
        const auto arg = std::find_if(args.begin(), args.end(), [&](const ArgBinding &a) { return a.param == name && !a.isClass && !a.isFunction; });
        if (arg == args.end())
            continue;
        std::string classes = inner.substr(comma + 1);
        std::replace(classes.begin(), classes.end(), '(', ' ');
        std::replace(classes.begin(), classes.end(), ')', ' ');
        bool truth = false, known = false;
        size_t start = 0;
        while (start < classes.size()) {
            size_t end = classes.find(',', start);
            if (end == std::string::npos)
                end = classes.size();
            std::string c = classes.substr(start, end - start);
            c.erase(0, c.find_first_not_of(' '));
            c.erase(c.find_last_not_of(' ') + 1);
            for (const Value &v : c.empty() ? Values{} : evalChain(c, scope))
                if (v.kind == Value::Kind::Class) {
                    known = true;
                    truth = truth || m_table.isSubclass(arg->cls, v.id);
                }
            start = end + 1;
        }
        if (known && truth == g.negated)
            return false;
    }
    return true;
}

const InstantiationIndex &Evaluator::instantiations()
{
    if (!m_instantiations)
        m_instantiations = std::make_unique<InstantiationIndex>(m_table);
    return *m_instantiations;
}

Values Evaluator::constructorArgument(const FunctionInfo &init, size_t param)
{
    return memoised("c" + std::to_string(init.symbol) + ':' + std::to_string(param), [&] {
        Values out;
        instantiations();
        const std::string &name = init.fact->params[param].name;
        // The class and its subclasses that inherit this __init__ are built by their names.
        for (SymbolId cls : m_table.subclassesOf(init.cls)) {
            if (m_table.lookupMethod(cls, "__init__") != init.symbol)
                continue;
            std::vector<Instantiation> places = m_instantiations->callsOf(m_table.symbol(cls).name);
            const std::vector<Instantiation> throughFactories = m_instantiations->factoryCallsOf(m_table.symbol(cls).name);
            places.insert(places.end(), throughFactories.begin(), throughFactories.end());
            for (const Instantiation &at : places) {
                const ValueFact &call = m_instantiations->call(at);
                const Scope scope{at.module, at.function, 0};
                const auto segs = splitChain(call.chain);
                const Values callee = evalSegments(segs, segs.size() - 1, scope);
                if (std::none_of(callee.begin(), callee.end(), [&](const Value &v) { return v.kind == Value::Kind::Class && v.id == cls; }))
                    continue;
                Chain arg;
                for (const auto &[keyword, value] : call.keywordArgs)
                    if (keyword == name)
                        arg = value;
                if (arg.empty() && param >= 1 && param - 1 < call.args.size())
                    arg = call.args[param - 1];
                if (arg.empty())
                    continue;
                Values passed = evalChain(arg, scope);
                const std::optional<Condition> built = m_allocations->condition(cls, at.module, at.function);
                for (Value &v : passed) {
                    v.how = weaker(v.how, Resolution::Type);
                    if (built) {
                        // Where the value itself was built is kept for
                        // other classes (nested building places); an inner
                        // instance of the same class takes this place.
                        std::erase_if(v.conditions, [&](const Condition &c) { return c.dimension == built->dimension; });
                        addCondition(v.conditions, *built);
                    }
                    // The same value passed at several places: one value built at any of them.
                    const auto same = std::find_if(out.begin(), out.end(), [&](Value &o) {
                        return o.sameTarget(v) && o.how == v.how && mergeAlternative(o.conditions, v.conditions);
                    });
                    if (same == out.end())
                        out.push_back(std::move(v));
                }
            }
        }
        append(out, passedByInitsAbove(init, param));
        return out;
    });
}

// What the `__init__` of a subclass passes up (`super().__init__(layer_type=
// layer_type)`) to this one's parameter: a class or function it names, or
// its own parameter's default that names one. Not followed further (what
// builds the subclass, its locals), so that every subclass costs little.
Values Evaluator::passedByInitsAbove(const FunctionInfo &init, size_t param)
{
    Values out;
    const Param &p = init.fact->params[param];
    for (const Instantiation &at : instantiations().callsOf("super().__init__")) {
        const FunctionInfo *caller = m_table.function(at.function);
        if (!caller || !caller->cls || caller->cls == init.cls || !m_table.isSubclass(caller->cls, init.cls)
            || m_table.lookupSuperMethod(caller->cls, caller->cls, "__init__") != init.symbol)
            continue;
        const ValueFact &call = m_instantiations->call(at);
        Chain arg = argumentFor(call, p, param - 1); // super() passes self itself
        if (arg.empty() || arg.find_first_of("([") != Chain::npos)
            continue;
        Scope scope{caller->module, caller->outer, 0};
        const std::string head = arg.substr(0, arg.find('.'));
        const auto own = std::find_if(caller->fact->params.begin(), caller->fact->params.end(),
                                      [&](const Param &q) { return q.name == head; });
        if (own != caller->fact->params.end())
            arg = arg == head ? own->defaultChain : Chain();
        else if (m_table.localsOf(*caller).count(head))
            continue;
        if (arg.empty())
            continue;
        for (Value &v : evalChain(arg, scope))
            if (v.kind == Value::Kind::Class || v.kind == Value::Kind::Function) {
                v.how = weaker(v.how, Resolution::Type);
                out.push_back(std::move(v));
            }
    }
    return out;
}

} // namespace katlas
