// Functions and classes handed to a function as arguments (see evaluator.h,
// docs/guard-evaluation.md "Parameters of functions"): `def apply(fn): fn()`
// called as `apply(handler)` calls `handler`.
#include "resolve/evaluator.h"

#include "resolve/chain.h"
#include "resolve/instantiation_index.h"

#include <algorithm>

namespace katlas {

Values Evaluator::passedCallables(const FunctionInfo &fn, size_t param)
{
    // Past this many calls of the name, the parameter is not followed.
    constexpr size_t kMaxCalls = 32;
    return memoised("p" + std::to_string(fn.symbol) + ':' + std::to_string(param), [&] {
        Values out;
        const Param &p = fn.fact->params[param];
        const bool bound = fn.cls && !fn.isStatic;
        const InstantiationIndex &sites = instantiations();
        const std::vector<Instantiation> &calls = sites.callsOf(m_table.symbol(fn.symbol).name);
        if (calls.size() > kMaxCalls)
            return out;
        for (const Instantiation &at : calls) {
            const ValueFact &call = sites.call(at);
            const Scope scope{at.module, at.function, 0};
            const auto segs = splitChain(call.chain);
            if (!runs(evalSegments(segs, segs.size() - 1, scope), fn.symbol))
                continue;
            Chain arg;
            for (const auto &[keyword, value] : call.keywordArgs)
                if (keyword == p.name)
                    arg = value;
            const size_t positional = bound ? param - 1 : param;
            if (arg.empty() && !p.keywordOnly && (!bound || param > 0) && positional < call.args.size())
                arg = call.args[positional];
            if (arg.empty())
                continue;
            Values passed = evalChain(arg, scope);
            std::erase_if(passed, [](const Value &v) { return v.kind != Value::Kind::Function && v.kind != Value::Kind::Class; });
            for (Value &v : passed)
                v.how = weaker(v.how, Resolution::Type);
            addMapped(passed, call.guards, true, &scope, call.line);
            append(out, std::move(passed));
        }
        return out;
    });
}

} // namespace katlas
