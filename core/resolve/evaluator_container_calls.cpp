// Calls of a function made through a container it is stored in (see
// evaluator.h, docs/guard-evaluation.md "Parameters of functions"):
//
//     BACKENDS = {}
//     def register_backend(name):
//         def decorator(fn):
//             BACKENDS[name] = fn        # each decorated factory, by name
//             return fn
//         return decorator
//     @register_backend("triton")
//     def create_triton(runner):
//         if runner.args.sparse: ...      # `runner`: what the calls below pass
//     ...
//     backend = BACKENDS[name](self)     # a call of create_triton
//
// A function no call names is often called this way: its parameters take
// what these calls pass, as they take what calls by name pass. The
// containers are found once, before the call graph is built, and what was
// worked out while finding them is forgotten: no value depends on whether
// it was asked before or after.
#include "resolve/evaluator.h"

#include "resolve/chain.h"

#include <algorithm>
#include <utility>

namespace katlas {

void Evaluator::fileContainers()
{
    // Only which functions are stored is wanted: no guard is worked out (the
    // guard evaluator keeps what it decides), and the memo is cleared after.
    GuardEvaluator *const guards = std::exchange(m_guards, nullptr);
    m_containersHolding.clear();
    m_fillingContainers = true;
    const auto file = [&](const Values &values, const std::string &container) {
        for (const Value &v : values)
            if (v.kind == Value::Kind::Function) {
                std::vector<std::string> &names = m_containersHolding[v.id];
                if (std::find(names.begin(), names.end(), container) == names.end())
                    names.push_back(container);
            }
    };
    for (int m = 0; m < m_table.moduleCount(); ++m)
        for (const AssignmentFact &a : m_table.files()[static_cast<size_t>(m_table.moduleAt(m).fileIndex)].assignments) {
            const bool element = a.target.size() > 2 && a.target.ends_with("[]");
            if (!element && !a.value.display)
                continue;
            // A global's element stored in a function (`BACKENDS[name] = fn`) reads that function's names.
            const Scope scope{m, m_table.functionForScope(m, a.globalIn.empty() ? a.scope : a.globalIn), 0};
            // `d[k] = f` (the element stored), or `d = {"k": f, ...}` (each element).
            if (element && !a.value.chain.empty())
                file(evalChain(a.value.chain, scope), lastComponent(a.target));
            else if (!element)
                for (const auto &[key, chain] : a.value.elements)
                    if (!chain.empty())
                        file(evalChain(chain, scope), lastComponent(a.target) + "[]");
        }
    m_fillingContainers = false;
    m_guards = guards;
}

const std::vector<std::string> &Evaluator::containersHolding(SymbolId function) const
{
    static const std::vector<std::string> none;
    if (m_fillingContainers)
        return none;
    const auto it = m_containersHolding.find(function);
    return it == m_containersHolding.end() ? none : it->second;
}

} // namespace katlas
