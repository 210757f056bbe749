// `isinstance(x, C)` decided by the classes x was built from (see
// guard_evaluator.h):
//
//     if _is_cuda:
//         self.pool = HybridSWAKVPool()     # a subclass of SWAKVPool
//     else:
//         self.pool = KVPool()
//     ...
//     if isinstance(self.pool, SWAKVPool):  # true on CUDA, false elsewhere
//
// Each value a constructor call made knows its class, so the test holds
// where x is built as C (or a subclass) and fails where it is built as
// another class, under each value's conditions; None fails it. A value whose
// class is not known (a parameter, an object from outside the index, or
// values still past the bound after the exact joins: guard_limits.h then
// forgets classes before anything lossy) leaves
// the test to the path. See docs/guard-evaluation.md, "isinstance of a built
// value".
#include "resolve/guard_evaluator.h"

#include "resolve/chain.h"

#include <algorithm>
#include <charconv>

namespace katlas {

std::optional<GuardEvaluator::Outcomes> GuardEvaluator::isinstanceValues(const GuardExpr &call, const Scope &scope, int depth)
{
    using Kind = Abstract::Kind;
    // Not a parameter of the function testing it: its class is what the
    // calls' arguments give (guard_call_arguments.cpp), and following every
    // caller costs more than it decides.
    const GuardExpr &object = call.operands[0];
    if (object.kind != GuardExpr::Kind::Chain)
        return std::nullopt;
    if (const FunctionInfo *fn = m_table.function(scope.function); fn && object.text.find('.') == std::string::npos)
        if (std::any_of(fn->fact->params.begin(), fn->fact->params.end(), [&](const Param &p) { return p.name == object.text; }))
            return std::nullopt;
    // The classes tested: a name, or a tuple of names, each of a class of the index.
    const GuardExpr &tested = call.operands[1];
    const std::vector<GuardExpr> names = tested.kind == GuardExpr::Kind::Tuple ? tested.operands : std::vector<GuardExpr>{tested};
    std::vector<SymbolId> classes;
    for (const GuardExpr &name : names) {
        if (name.kind != GuardExpr::Kind::Chain)
            return std::nullopt;
        const auto segs = splitChain(name.text);
        const Values found = m_evaluator.evalSegments(segs, segs.size(), scope);
        if (found.empty() || !std::all_of(found.begin(), found.end(), [](const Value &v) { return v.kind == Value::Kind::Class; }))
            return std::nullopt;
        for (const Value &v : found)
            classes.push_back(v.id);
    }
    Outcomes out;
    bool decided = false;
    for (Outcome o : values(object, scope, depth + 1)) {
        SymbolId built = 0;
        if (o.value.kind == Kind::Object && !o.value.text.empty())
            std::from_chars(o.value.text.data(), o.value.text.data() + o.value.text.size(), built);
        if (built) {
            const bool is = std::any_of(classes.begin(), classes.end(), [&](SymbolId c) { return m_table.isSubclass(built, c); });
            o.value = {Kind::Bool, is, {}, {}};
            decided = true;
        } else if (o.value.kind == Kind::None) {
            o.value = {Kind::Bool, false, {}, {}};
        } else {
            o.value = {};
        }
        out.push_back(std::move(o));
    }
    if (!decided)
        return std::nullopt;
    return out;
}

} // namespace katlas
