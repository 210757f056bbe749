// What a call returns for the classes it passes (see guard_evaluator.h):
//
//     self.quant_method = quant_config.get_quant_method(self, prefix)
//     ...
//     def _get_quant_method(self, layer, prefix, *, Linear, Moe):
//         if isinstance(layer, LinearBase):
//             return Linear(self)
//         elif isinstance(layer, FusedMoE):
//             return Moe(self)
//         return None
//
// Called from FusedMoE with `self`, the call can only return `Moe(self)`:
// returns whose isinstance guards fail for the argument classes do not
// count, parameters bound to a class are that class (not None), and calls
// made in the returns hand the classes on. See docs/guard-evaluation.md,
// "Returns for the arguments passed".
#include "resolve/guard_evaluator.h"
#include "resolve/python_builtins.h"
#include "resolve/guard_limits.h"

#include "resolve/chain.h"

#include <algorithm>

namespace katlas {

using namespace guard_limits;

bool GuardEvaluator::abstractWithoutReturns(SymbolId function) const
{
    const FunctionInfo *fn = m_table.function(function);
    if (!fn || !fn->fact->returns.empty())
        return false;
    return std::any_of(fn->decorators.begin(), fn->decorators.end(), [](const Decorator &d) {
        return d.chain == "abstractmethod" || d.chain == "abc.abstractmethod";
    });
}

std::optional<GuardEvaluator::Outcomes> GuardEvaluator::returnsForArguments(const ValueFact &call, const Scope &scope,
                                                                         int depth)
{
    if ((call.args.empty() && call.keywordArgs.empty()) || call.chain.size() < 3
        || call.chain.compare(call.chain.size() - 2, 2, "()") != 0)
        return std::nullopt;
    const auto segs = splitChain(call.chain);
    const Values callees = m_evaluator.evalSegments(segs, segs.size() - 1, scope);
    if (callees.empty()
        || !std::all_of(callees.begin(), callees.end(), [](const Value &v) { return v.kind == Value::Kind::Function; }))
        return std::nullopt;
    struct Target {
        DispatchTarget target;
        ConditionSet conditions;
        ArgTypes args;
    };
    std::vector<Target> targets;
    bool bound = false;
    for (const Value &v : callees)
        for (const DispatchTarget &t : m_evaluator.dispatch(v)) {
            if (abstractWithoutReturns(t.function))
                continue; // an override runs instead
            ArgTypes args = m_evaluator.argTypes(t.function, v.selfClass != 0, call, scope);
            bound = bound || !args.empty();
            ConditionSet conds = v.conditions;
            addConditions(conds, t.conditions);
            targets.push_back({t, std::move(conds), std::move(args)});
        }
    if (!bound)
        return std::nullopt; // nothing known of the arguments: the general evaluation
    Outcomes out;
    for (const Target &t : targets) {
        const FunctionInfo *fn = m_table.function(t.target.function);
        if (fn && fn->fact->returnsNothing) {
            out.push_back({{Abstract::Kind::None, false, {}, {}}, t.conditions});
            continue;
        }
        if (!fn || fn->fact->returns.empty()) {
            out.push_back({{}, t.conditions});
            continue;
        }
        const Scope inner{fn->module, t.target.function, t.target.selfClass, t.args.empty() ? nullptr : &t.args};
        for (const ValueFact &r : fn->fact->returns) {
            if (!m_evaluator.guardsHold(r.guards, t.args, inner))
                continue; // an isinstance guard the arguments rule out
            for (Outcome o : returnedValues(*fn, r, inner, depth + 1)) {
                addConditions(o.conditions, t.conditions);
                out.push_back(std::move(o));
            }
        }
        // Many overrides (every quantization's method) give few values:
        // each kept once, under what its ways share.
        out = fold(std::move(out));
        if (out.size() > caseBound())
            return Outcomes{{}};
    }
    return finish(std::move(out));
}

GuardEvaluator::Outcomes GuardEvaluator::returnedValues(const FunctionInfo &fn, const ValueFact &returned, const Scope &scope,
                                                       int depth)
{
    Outcomes out = factValues(returned, scope, depth);
    // A function that says "nothing" with `return None` returns a value
    // where it returns a call's result (`maybe_apply_hip_fused_experts`
    // returning `fused_moe(...)`, or None): that result, even of a call
    // outside the index, is not None.
    // Only a call of a plain function name that is no built-in: a method
    // such as `d.get(k)` or `getattr(o, "x", None)` may itself give None.
    const auto saysNothing = [](const ValueFact &r) { return r.expr == "None" || r.chain == "None"; };
    const std::string &c = returned.chain;
    const bool plainCall = c.size() > 2 && c.ends_with("()") && c.find_first_of(".()[]") == c.size() - 2
        && !isPythonBuiltin(c.substr(0, c.size() - 2));
    if (!plainCall || returned.unpacked || std::none_of(fn.fact->returns.begin(), fn.fact->returns.end(), saysNothing))
        return out;
    for (Outcome &o : out)
        if (o.value.kind == Abstract::Kind::Unknown && o.value.text.empty())
            o.value.kind = Abstract::Kind::NotNone;
    return out;
}

} // namespace katlas
