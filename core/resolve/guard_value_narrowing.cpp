// Values that cannot be there (see guard_evaluator.h, docs/guard-evaluation.md
// "Values that cannot be there"): a saved value put back, and attributes set
// on objects that cannot be the instance read.
#include "resolve/guard_evaluator.h"

#include "resolve/chain.h"

#include <algorithm>

namespace katlas {

bool GuardEvaluator::restoresSavedValue(const AssignmentFact &a, SymbolId function) const
{
    const Chain &saved = a.value.chain;
    const FunctionInfo *fn = function ? m_table.function(function) : nullptr;
    if (!fn || saved.empty() || saved.find_first_of(".([") != Chain::npos)
        return false;
    const BindingMap &locals = m_table.localsOf(*fn);
    const auto it = locals.find(saved);
    return it != locals.end() && !it->second.empty()
        && std::all_of(it->second.begin(), it->second.end(), [&](const Binding &b) {
               return b.kind == Binding::Kind::Assignment && b.assignment->value.chain == a.target && b.assignment->value.expr.empty();
           });
}

bool GuardEvaluator::mayBeOfClass(const Chain &object, const Scope &scope, SymbolId cls)
{
    const auto segs = splitChain(object);
    if (segs.empty())
        return true;
    const Values found = m_evaluator.evalSegments(segs, segs.size(), scope);
    const auto related = [&](SymbolId k) {
        const ClassInfo *a = m_table.cls(k), *b = m_table.cls(cls);
        return (a && std::find(a->mro.begin(), a->mro.end(), cls) != a->mro.end())
            || (b && std::find(b->mro.begin(), b->mro.end(), k) != b->mro.end());
    };
    // An object the resolver does not know may be anything.
    return found.empty() || std::any_of(found.begin(), found.end(), [&](const Value &v) {
               switch (v.kind) {
               case Value::Kind::Instance: return related(v.selfClass);
               case Value::Kind::Class: return related(v.id);
               case Value::Kind::Module:
               case Value::Kind::Function: return false;
               default: return true;
               }
           });
}

} // namespace katlas
