// Containers as values (see evaluator.h, docs/call-resolution.md): a display
// holds its elements' values, a subscript or a loop takes them (by literal
// key where both have one), `get`/`pop`/`setdefault` return them, and a
// generator's call holds what it yields. Elements stored into a container
// named by a variable or self attribute (`d["k"] = f`, `xs.append(f)`) are
// that name's `[]` bindings, read beside the display's own.
#include "parse/container_facts.h"
#include "resolve/evaluator.h"

#include "graph/allocation_condition.h"

#include "resolve/chain.h"
#include "resolve/python_builtins.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <functional>
#include <string_view>

namespace katlas {
namespace {

constexpr size_t kMaxElements = 64;

bool keysMatch(const std::string &element, const std::string &wanted)
{
    return element.empty() || wanted.empty() || wanted.front() == '-' || element == wanted;
}

// Methods whose call returns an element, and those returning the container.
bool returnsElement(std::string_view m)
{
    static constexpr std::array<std::string_view, 5> names = {"get", "pop", "setdefault", "__getitem__", "popitem"};
    return std::find(names.begin(), names.end(), m) != names.end();
}
bool returnsContainer(std::string_view m)
{
    static constexpr std::array<std::string_view, 3> names = {"values", "copy", "__iter__"};
    return std::find(names.begin(), names.end(), m) != names.end();
}

} // namespace

Value Evaluator::makeContainer(Elements elements)
{
    Value c;
    c.kind = Value::Kind::Container;
    c.elements = std::make_shared<const Elements>(std::move(elements));
    return c;
}

Value Evaluator::display(const ValueFact &vf, const Scope &scope)
{
    Elements elements;
    // A nested display: its place among the elements and its own elements
    // (the paths' rest), by the first key of their path.
    struct Nested {
        std::string first;
        size_t place;
        ValueFact inner;
    };
    std::vector<Nested> nested;
    for (const auto &[key, chain] : vf.elements) {
        if (const size_t slash = key.find(kKeyPathSeparator); slash != std::string::npos) {
            const std::string first = key.substr(0, slash);
            auto group = std::find_if(nested.begin(), nested.end(), [&](const Nested &n) { return n.first == first; });
            if (group == nested.end()) {
                group = nested.insert(nested.end(), {first, elements.size(), ValueFact{}});
                elements.emplace_back(first, Value{}); // filled below
            }
            group->inner.elements.emplace_back(key.substr(slash + 1), chain);
            continue;
        }
        for (Value &v : evalChain(chain, scope)) {
            if (elements.size() >= kMaxElements)
                break;
            elements.emplace_back(key, std::move(v));
        }
    }
    for (const Nested &n : nested)
        elements[n.place].second = display(n.inner, scope);
    Value c = makeContainer(std::move(elements));
    c.builtinType = vf.builtinType;
    return c;
}

Values Evaluator::elementsOf(const Value &container, const std::string &key)
{
    Values out;
    if (container.kind == Value::Kind::Instance && !container.callable)
        if (std::optional<Values> protocol = protocolElements(container))
            return *protocol;
    if (container.kind != Value::Kind::Container || !container.elements)
        return {container}; // other values are their own elements (self.layers[i] is a layer)
    if (!key.empty() && key.front() == ':') { // a slice from a position: the container, renumbered
        const int start = std::atoi(key.c_str() + 1);
        Elements kept;
        for (const auto &[k, v] : *container.elements) {
            const bool indexed = !k.empty() && std::isdigit(static_cast<unsigned char>(k.front()));
            if (!indexed)
                kept.emplace_back(k, v);
            else if (std::atoi(k.c_str()) >= start)
                kept.emplace_back(std::to_string(std::atoi(k.c_str()) - start), v);
        }
        Value sliced = makeContainer(std::move(kept));
        sliced.conditions = container.conditions;
        return {sliced};
    }
    for (const auto &[k, v] : *container.elements)
        if (keysMatch(k, key)) {
            Value e = v;
            addConditions(e.conditions, container.conditions);
            append(out, {std::move(e)});
        }
    return out;
}

// An instance of a class of the index that defines the iterator protocol
// or `__getitem__`: what `__next__` (of what `__iter__` returns) or
// `__getitem__` returns. nullopt for other classes.
std::optional<Values> Evaluator::protocolElements(const Value &instance)
{
    const auto returned = [&](const Value &obj, const char *method) -> std::optional<Values> {
        if (!m_table.lookupMethod(obj.selfClass, method))
            return std::nullopt;
        Values out;
        for (const Value &m : attribute(obj, method))
            append(out, callResult(m));
        return out;
    };
    if (std::optional<Values> next = returned(instance, "__next__"))
        return next;
    if (std::optional<Values> item = returned(instance, "__getitem__"))
        return item;
    std::optional<Values> iterators = returned(instance, "__iter__");
    if (!iterators)
        return std::nullopt;
    Values out;
    for (const Value &it : *iterators)
        if (it.kind == Value::Kind::Instance && it.selfClass != instance.selfClass)
            append(out, elementsOf(it, {}));
        else if (it.kind == Value::Kind::Container)
            append(out, elementsOf(it, {}));
    return out;
}

Values Evaluator::storedElements(const std::vector<ChainSegment> &segs, size_t at, const Values &owners, const Scope &scope)
{
    return storedAt(segs, at, owners, scope, "[]");
}

Values Evaluator::storedUnder(const std::vector<ChainSegment> &segs, size_t at, const Values &owners, const Scope &scope,
                              const std::string &key)
{
    return storedAt(segs, at, owners, scope, "[" + key + "]");
}

Values Evaluator::storedAt(const std::vector<ChainSegment> &segs, size_t at, const Values &owners, const Scope &scope,
                           const std::string &suffix)
{
    // `name[...]`: what was stored into the name; `name['a'][...]`: into
    // its element under that path of literal keys; `obj.attr[...]`: into
    // the attribute of obj's class.
    std::string path;
    size_t head = at;
    while (head > 1 && segs[head - 1].kind == ChainSegment::Kind::Subscript && !segs[head - 1].name.empty()
           && !isNameKey(segs[head - 1].name) && segs[head - 1].name.front() != ':') {
        path = "[" + segs[head - 1].name + "]" + path;
        --head;
    }
    if (head == 1 && segs[0].kind == ChainSegment::Kind::Name)
        return evalName(segs[0].name + path + suffix, scope);
    Values out;
    if (at >= 2 && segs[at - 1].kind == ChainSegment::Kind::Attr) {
        for (const Value &o : owners) {
            if (o.kind == Value::Kind::Instance && !o.callable) {
                append(out, selfAttribute(o.selfClass, segs[at - 1].name + suffix));
                append(out, storedThroughInstances(o.selfClass, segs[at - 1].name + suffix));
            }
            else if (o.kind == Value::Kind::Class)
                append(out, storedByClassMethods(o.id, segs[at - 1].name + suffix));
        }
    }
    return out;
}

// `cls._handlers[name] = fn` in a classmethod stores into the class's own
// container, read through the class (`cls._handlers.get(name)`,
// `Registry._handlers[name]`), along its MRO.
// Memoised: a classmethod storing into the container what it reads from
// it (`cls.details["cmdline"] = " ".join(cls.details["cmdline"])`) is a
// cycle, cut where it closes instead of re-read for every assignment.
Values Evaluator::storedByClassMethods(SymbolId cls, const std::string &name)
{
    const ClassInfo *c = m_table.cls(cls);
    if (!c)
        return {};
    return memoised("k" + std::to_string(cls) + ':' + name, [&] {
        Values out;
        for (SymbolId k : c->mro)
            if (const ClassInfo *ki = m_table.cls(k))
                if (Values set = setByClassMethods(*ki, k, name); !set.empty()) {
                    out = std::move(set);
                    break;
                }
        append(out, storedThroughClassNames(*c, name));
        return out;
    });
}

// What was stored into the attribute `name` of another object than self
// (`x.name[k] = v`, `x.name.append(v)`, kept as `*.name[]`), where the owner
// the stored-into name holds in its own scope meets `owns`.
Values Evaluator::storedThroughNames(const std::string &name, const std::function<bool(const Value &)> &owns, bool held)
{
    if (!m_foreignStores)
        m_foreignStores = m_table.foreignAssignments();
    const auto it = m_foreignStores->find(name);
    if (it == m_foreignStores->end())
        return {};
    Values out;
    for (const auto &[module, a] : it->second) {
        if (held && !a->object.starts_with("self."))
            continue;
        const Scope scope{module, m_table.functionForScope(module, a->scope), 0};
        const Values owners = evalChain(a->object, scope);
        if (!held) {
            if (std::any_of(owners.begin(), owners.end(), owns))
                append(out, evalValueFact(a->value, scope));
            continue;
        }
        // Stored into an instance held at one building place: the value
        // holds on that place's instances (graph/allocation_condition.h).
        for (const Value &o : owners) {
            if (!owns(o))
                continue;
            Values stored = evalValueFact(a->value, scope);
            for (Value &v : stored)
                for (const Condition &c : o.conditions)
                    if (!c.negated && isAllocationDimension(c.dimension))
                        addCondition(v.conditions, c);
            append(out, std::move(stored));
        }
    }
    return out;
}

// `Registry._handlers[name] = fn` anywhere: stored into the container of
// the class the name holds, read through it or a subclass.
Values Evaluator::storedThroughClassNames(const ClassInfo &cls, const std::string &name)
{
    return storedThroughNames(name, [&](const Value &o) {
        return o.kind == Value::Kind::Class && std::find(cls.mro.begin(), cls.mro.end(), o.id) != cls.mro.end();
    });
}

// `stack.preprocess.append(F())` in a function given the object (a
// parameter, a local): stored into the attribute of the instances the name
// holds, read through an instance of that class (`for f in self.preprocess`
// in its methods), a subclass's or a base's. Memoised like the class's own.
Values Evaluator::storedThroughInstances(SymbolId cls, const std::string &name, bool held)
{
    const ClassInfo *c = m_table.cls(cls);
    if (!c)
        return {};
    return memoised((held ? "h" : "i") + std::to_string(cls) + ':' + name, [&] {
        return storedThroughNames(name, [&](const Value &o) {
            if (o.kind != Value::Kind::Instance || o.callable)
                return false;
            const ClassInfo *k = m_table.cls(o.selfClass);
            return o.selfClass == cls || std::find(c->mro.begin(), c->mro.end(), o.selfClass) != c->mro.end()
                || (k && std::find(k->mro.begin(), k->mro.end(), cls) != k->mro.end());
        }, held);
    });
}

std::optional<Values> Evaluator::containerAttribute(const Value &v, const std::string &name, const Values &stored)
{
    if (v.kind != Value::Kind::Container || v.callable)
        return std::nullopt;
    if (!isBuiltinTypeMethod(v.builtinType, name))
        return Values{}; // no attribute of its type: reading it raises
    if (!returnsElement(name) && !returnsContainer(name)) {
        // Another method of a display of known type is the type's (`d.items`).
        const char *type = builtinTypeName(v.builtinType);
        if (!type || isElementStoreMethod(name))
            return Values{};
        Value method;
        method.external = std::string("<builtin>.") + type + "." + name;
        method.conditions = v.conditions;
        return Values{method};
    }
    Elements elements = v.elements ? *v.elements : Elements{};
    for (const Value &s : stored)
        if (elements.size() < kMaxElements)
            elements.emplace_back(std::string(), s);
    Value method = makeContainer(std::move(elements));
    method.callable = true;
    method.external = name;
    method.builtinType = v.builtinType;
    method.conditions = v.conditions;
    return Values{method};
}

Values Evaluator::containerCall(const Value &method)
{
    Value plain = method;
    plain.callable = false;
    plain.external.clear();
    if (method.external != "copy") // a view or an iterator, not the display's type
        plain.builtinType = BuiltinType::None;
    if (returnsContainer(method.external))
        return {plain};
    return elementsOf(plain, {});
}

std::optional<Value> Evaluator::emptyBuiltin(const Value &callee, const ValueFact &call)
{
    // `dict()`, `list()`, `set()` with nothing to copy: an empty display of
    // that type. With an argument, what it copies is followed as before.
    static const std::pair<const char *, BuiltinType> kTypes[] = {
        {"<builtin>.dict", BuiltinType::Dict}, {"<builtin>.list", BuiltinType::List}, {"<builtin>.set", BuiltinType::Set}};
    if (callee.kind != Value::Kind::External || !call.args.empty() || !call.inner.empty())
        return std::nullopt;
    for (const auto &[name, type] : kTypes)
        if (callee.external == name && std::none_of(call.argExprs.begin(), call.argExprs.end(), [](const auto &a) {
                return a.first.starts_with('#') || a.first == "*";
            })) {
            Value c = makeContainer({});
            c.builtinType = type;
            return c;
        }
    return std::nullopt;
}

Values Evaluator::lookupDefault(const Value &callee, const ValueFact &call, const Scope &scope)
{
    // `d.get(k, default)`, `d.pop(k, default)`: the default where the key is
    // missing; `getattr(obj, name, default)`: where the attribute is.
    const bool containerLookup = callee.kind == Value::Kind::Container && callee.callable
        && (callee.external == "get" || callee.external == "pop");
    const bool attributeLookup = callee.kind == Value::Kind::External && callee.external == "<builtin>.getattr";
    const size_t at = containerLookup ? 1 : attributeLookup ? 2 : 0;
    if (!at || call.args.size() != at + 1 || call.args[at].empty())
        return {};
    return evalChain(call.args[at], scope);
}

std::optional<Values> Evaluator::builtinWalk(const Value &callee, const ValueFact &call, const Scope &scope)
{
    if (callee.kind != Value::Kind::External || call.args.empty())
        return std::nullopt;
    if (callee.external == "<builtin>.map") { // what the function it maps returns, as elements
        Elements results;
        for (const Chain &arg : call.args)
            for (const Value &fn : arg.empty() ? Values{} : evalChain(arg, scope))
                if (fn.kind == Value::Kind::Function)
                    for (Value &r : callResult(fn))
                        results.emplace_back(std::string(), std::move(r));
        return Values{makeContainer(std::move(results))};
    }
    if (call.args[0].empty()) // a display or an expression: nothing to follow
        return std::nullopt;
    if (callee.external == "<builtin>.next")
        return evalChain(call.args[0] + "[]", scope);
    if (callee.external == "<builtin>.iter")
        return evalChain(call.args[0], scope);
    // `staticmethod(f)` / `classmethod(f)` in a class body (`handler =
    // staticmethod(f)`) is f called through the class or an instance.
    const bool passesThrough = callee.external == "functools.cache" || callee.external == "functools.lru_cache"
        || callee.external == "<builtin>.staticmethod" || callee.external == "<builtin>.classmethod"
        || std::find(m_passThrough.begin(), m_passThrough.end(), callee.external) != m_passThrough.end();
    if (passesThrough || callee.external == "functools.partial" || callee.external == "functools.partialmethod") { // calls its first argument
        Values fns = evalChain(call.args[0], scope);
        std::erase_if(fns, [](const Value &v) { return v.kind != Value::Kind::Function && v.kind != Value::Kind::Class; });
        return fns;
    }
    return std::nullopt;
}

} // namespace katlas
