// `functools.singledispatch`: a call of the generic function runs one of the
// implementations registered with `@fn.register` (or `@fn.register(T)`),
// chosen by the type of the first argument at run time; each may run.
//
//     @functools.singledispatch
//     def show(x): ...
//     @show.register(int)
//     def _(x): ...
//     show(1)            # show, and the registered _
#include "resolve/evaluator.h"

namespace katlas {

namespace {

bool isGenericFunction(const FunctionInfo &fn)
{
    return hasDecorator(fn.decorators, "singledispatch") || hasDecorator(fn.decorators, "singledispatchmethod");
}

// "show" of `show.register` and `show.register()`; empty for another decorator.
std::string registeredWith(const Decorator &d)
{
    std::string chain = d.chain;
    if (chain.ends_with("()"))
        chain.resize(chain.size() - 2);
    constexpr std::string_view suffix = ".register";
    return chain.size() > suffix.size() && chain.ends_with(suffix) ? chain.substr(0, chain.size() - suffix.size())
                                                                    : std::string();
}

} // namespace

Values Evaluator::registeredImplementations(const Value &fn)
{
    const FunctionInfo *generic = fn.kind == Value::Kind::Function ? m_table.function(fn.id) : nullptr;
    if (!generic || !isGenericFunction(*generic))
        return {};
    if (!m_registered) {
        m_registered.emplace();
        for (const Symbol &s : m_table.symbols()) {
            const FunctionInfo *impl = m_table.function(s.id);
            if (!impl)
                continue;
            for (const Decorator &d : impl->decorators) {
                const std::string base = registeredWith(d);
                if (base.empty())
                    continue;
                for (const Value &v : evalChain(base, {impl->module, impl->outer, 0}))
                    if (v.kind == Value::Kind::Function)
                        (*m_registered)[v.id].push_back(s.id);
            }
        }
    }
    Values out;
    if (const auto it = m_registered->find(fn.id); it != m_registered->end())
        for (SymbolId impl : it->second) {
            Value v;
            v.kind = Value::Kind::Function;
            v.id = impl;
            v.selfClass = fn.selfClass;
            v.conditions = fn.conditions;
            v.how = Resolution::Registry;
            out.push_back(std::move(v));
        }
    return out;
}

} // namespace katlas
