// Attributes of values: a module's members, a class's attributes (its
// MRO, what its class methods set, classes nested in its body), an
// instance's methods and attributes (see evaluator.h).
#include "resolve/evaluator.h"
#include "resolve/python_builtins.h"

namespace katlas {

Values Evaluator::attribute(const Value &v, const std::string &name)
{
    Values out;
    switch (v.kind) {
    case Value::Kind::Module:
        out = moduleMember(v.module, name);
        break;
    case Value::Kind::Class:
        out = classAttribute(v.id, name);
        break;
    case Value::Kind::Instance: {
        if (v.callable)
            break; // a function returning the instance, not the instance
        if (name == "__class__" && !v.superAfter) { // the class it was built from
            Value c;
            c.kind = Value::Kind::Class;
            c.id = v.selfClass;
            c.how = v.how;
            c.conditions = v.conditions;
            out.push_back(std::move(c));
            break;
        }
        const SymbolId method = v.superAfter ? m_table.lookupSuperMethod(v.selfClass, v.superAfter, name)
                                             : m_table.lookupMethod(v.selfClass, name);
        if (method) {
            Value f;
            f.kind = Value::Kind::Function;
            f.id = method;
            f.selfClass = v.selfClass;
            f.declared = v.declared && !v.superAfter;
            out.push_back(f);
        } else if (!v.superAfter) {
            out = selfAttribute(v.selfClass, name);
            if (out.empty() && v.declared)
                out = subclassMethods(v, name);
            // Set only from outside, by code holding the instance as its own
            // attribute (`self.attn_mha.kv_b_proj = self.kv_b_proj` in the layer
            // owning it): what such stores put into instances of the class.
            // Stores into a name handed over (`layer.scheme = scheme` in each
            // quantization method) would pool every caller's values.
            if (out.empty())
                out = storedThroughInstances(v.selfClass, name, true);
            if (out.empty())
                out = externalBaseAttribute(v.selfClass, name);
        } else if (const std::string base = externalBase(v.superAfter);
                   !base.empty() && base != "<builtin>.object" && !builtinLacks(base, name)) {
            // super().name past the classes of the index: the outside base's
            // (`object`'s own are not followed, as for a class with no base).
            Value e;
            e.external = base + "." + name;
            out.push_back(std::move(e));
        }
        break;
    }
    case Value::Kind::External: {
        // An instance of a built-in class has only what the class has
        // (`<builtin>.str` has no `get`).
        if (builtinLacks(v.external, name))
            break;
        Value e;
        e.external = v.external + "." + name;
        out.push_back(e);
        break;
    }
    case Value::Kind::Function:
    case Value::Kind::Container: // its methods: containerAttribute
        break;
    }
    for (Value &o : out) {
        addConditions(o.conditions, v.conditions);
        o.how = weaker(o.how, v.how);
    }
    return out;
}

Values Evaluator::classAttribute(SymbolId cls, const std::string &name)
{
    const ClassInfo *c = m_table.cls(cls);
    if (!c)
        return {};
    for (SymbolId k : c->mro) {
        const ClassInfo *ki = m_table.cls(k);
        if (!ki)
            continue;
        if (auto m = ki->methods.find(name); m != ki->methods.end()) {
            Value f;
            f.kind = Value::Kind::Function;
            f.id = m->second;
            // A class method taken through a subclass (`Big.from_config()`)
            // runs with that class as `cls`.
            if (const FunctionInfo *fn = m_table.function(m->second); fn && fn->isClassMethod)
                f.selfClass = cls;
            return {f};
        }
        Values set = setByClassMethods(*ki, k, name);
        if (auto a = ki->classAttrs.find(name); a != ki->classAttrs.end()) {
            Values out = evalBindings(a->second, classBodyScope(k));
            append(out, std::move(set));
            return out;
        }
        if (!set.empty())
            return set;
    }
    // A class defined in the class body (`class A: class B: ...`, `A.B`);
    // read also while bases are being resolved, before any MRO is known.
    return nestedClass(cls, name);
}

// `cls._buffer = Buffer(...)` in a classmethod sets the class's own
// attribute: what the class-level binding says, and what any classmethod
// assigns (a lazily built singleton), each read in its method.
Values Evaluator::setByClassMethods(const ClassInfo &info, SymbolId cls, const std::string &name)
{
    Values out;
    const auto it = info.selfAttrs.find(name);
    if (it == info.selfAttrs.end())
        return out;
    for (const auto &[assignment, method] : it->second)
        if (const FunctionInfo *fn = m_table.enclosingMethod(m_table.function(method)); fn && fn->isClassMethod)
            append(out, evalValueFact(assignment->value, {info.module, method, cls}));
    return out;
}

Values Evaluator::nestedClass(SymbolId cls, const std::string &name) const
{
    for (SymbolId nested : m_table.classesNamed(name))
        if (m_table.symbol(nested).qualName == m_table.symbol(cls).qualName + "." + name) {
            Value v;
            v.kind = Value::Kind::Class;
            v.id = nested;
            return {v};
        }
    return {};
}

Scope Evaluator::classBodyScope(SymbolId cls) const
{
    Scope scope;
    if (const ClassInfo *c = m_table.cls(cls))
        scope.module = c->module;
    scope.classBody = cls;
    return scope;
}

// A name read in a class body (`run_return_lse = partialmethod(run, ...)`,
// `__call__ = forward`): the methods and classes defined in that body.
Values Evaluator::classBodyName(SymbolId cls, const std::string &name)
{
    const ClassInfo *c = m_table.cls(cls);
    if (!c)
        return {};
    if (auto m = c->methods.find(name); m != c->methods.end()) {
        Value f;
        f.kind = Value::Kind::Function;
        f.id = m->second;
        return {f};
    }
    return nestedClass(cls, name);
}

Values Evaluator::readProperties(Values values)
{
    Values out;
    for (Value &v : values) {
        const FunctionInfo *fn = v.kind == Value::Kind::Function && v.selfClass ? m_table.function(v.id) : nullptr;
        if (!fn || !fn->isProperty()) {
            out.push_back(std::move(v));
            continue;
        }
        for (Value r : callResult(v)) {
            addConditions(r.conditions, v.conditions);
            out.push_back(std::move(r));
        }
    }
    return out;
}

Values Evaluator::propertyCallees(const Value &getter)
{
    const FunctionInfo *fn = getter.kind == Value::Kind::Function ? m_table.function(getter.id) : nullptr;
    if (!fn || !fn->isProperty())
        return {};
    Values out;
    for (Value r : callResult(getter))
        if (r.kind == Value::Kind::Function || r.kind == Value::Kind::Class || r.kind == Value::Kind::Instance) {
            addConditions(r.conditions, getter.conditions);
            out.push_back(std::move(r));
        }
    return out;
}

} // namespace katlas
