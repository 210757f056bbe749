// Values outside the index (see evaluator.h): an instance of a class the
// index does not hold, and what classes of the index inherit from bases it
// does not hold. Such a value is named by its dotted name, as external
// calls are: `ext.Cls().fun()` calls `ext.Cls.fun`, and `self.parent_fn()`
// in a subclass of `ext.parent` calls `ext.parent.parent_fn`.
#include "resolve/evaluator.h"
#include "resolve/python_builtins.h"

#include <algorithm>
#include <cctype>

namespace katlas {

namespace {

// Python names classes in CapWords: `Cls(...)` builds an instance where
// `make(...)` returns something unknown.
bool namesClass(const std::string &dotted)
{
    const size_t dot = dotted.rfind('.');
    const std::string last = dotted.substr(dot == std::string::npos ? 0 : dot + 1);
    return !last.empty() && std::isupper(static_cast<unsigned char>(last.front()))
        && std::any_of(last.begin(), last.end(), [](char c) { return std::islower(static_cast<unsigned char>(c)); });
}

} // namespace

Values Evaluator::externalCallResult(const Value &callee)
{
    if (callee.kind != Value::Kind::External || callee.external.rfind("<builtin>.", 0) == 0 || !namesClass(callee.external))
        return {};
    Value instance = callee; // its attributes are the class's: the same name
    return {instance};
}

std::string Evaluator::externalBase(SymbolId cls) const
{
    if (const ClassInfo *c = m_table.cls(cls))
        for (SymbolId k : c->mro)
            if (const ClassInfo *in = m_table.cls(k); in && !in->externalBases.empty())
                return in->externalBases.front();
    return {};
}

Values Evaluator::externalBaseAttribute(SymbolId cls, const std::string &name)
{
    const std::string base = externalBase(cls);
    if (base.empty())
        return {};
    // An attribute a class of the index sets (`self.def_manager = ...` in
    // the __init__ of a subclass of `ast.NodeVisitor`), in the MRO or in a
    // subclass, is that assignment's, even where its value is not known.
    const auto sets = [&](SymbolId k) {
        const ClassInfo *ki = m_table.cls(k);
        return ki && (ki->selfAttrs.count(name) || ki->classAttrs.count(name));
    };
    if (const ClassInfo *c = m_table.cls(cls)) {
        const auto &subclasses = m_table.subclassesOf(cls);
        if (std::any_of(c->mro.begin(), c->mro.end(), sets) || std::any_of(subclasses.begin(), subclasses.end(), sets))
            return {};
    }
    // A method a subclass defines is the subclass's (name-only resolution
    // still finds it), not the outside base's.
    for (SymbolId sub : m_table.subclassesOf(cls))
        if (sub != cls && m_table.lookupMethod(sub, name))
            return {};
    // A built-in base has no attribute it lacks (`BuildError(RuntimeError)`
    // has no `cleanup`): reading one raises.
    if (builtinLacks(base, name))
        return {};
    Value e;
    e.external = base + "." + name;
    return {e};
}

} // namespace katlas
