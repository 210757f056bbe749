// What a function's parameter holds: what the calls of the function pass
// (see guard_evaluator.h, docs/guard-evaluation.md "Parameters of functions").
// `set_mscclpp_all_reduce(self.server_args.enable_mscclpp)` gives its
// `enable` the setting `server.enable_mscclpp`.
#include "resolve/guard_evaluator.h"
#include "resolve/guard_limits.h"

#include "resolve/chain.h"
#include "resolve/instantiation_index.h"

#include <algorithm>
#include <set>

namespace katlas {

using namespace guard_limits;

namespace {

// Calls of one name looked at, and calls of the function itself followed:
// past them the parameter is unknown.
constexpr size_t kMaxCallsOfName = 64;
constexpr size_t kMaxCallSites = 16;

} // namespace

GuardEvaluator::Outcomes GuardEvaluator::parameterValues(const FunctionInfo &fn, size_t param, int /*from depth 0: m_memo*/)
{
    const Param &p = fn.fact->params[param];
    const bool bound = fn.cls && !fn.isStatic;
    if ((bound && param == 0) || p.name == fn.fact->varargs || p.name == fn.fact->kwargs)
        return {{}};
    const std::string key = 'p' + std::to_string(fn.symbol) + m_classTestKey + '#' + p.name;
    if (const OutcomeStore::Packed *known = m_memo.find(key))
        return OutcomeStore::unpack(*known);
    if (!m_memo.enter(key))
        return {{}}; // a function passing its own parameter on to itself
    Outcomes out = callersPass(fn, p, bound ? param - 1 : param, 0);
    m_memo.leave(key, m_kept.pack(out));
    return out;
}

const GuardEvaluator::CallsOfFunction &GuardEvaluator::callsOfFunction(const FunctionInfo &fn)
{
    const auto [it, added] = m_callsOfFunction.try_emplace(fn.symbol);
    CallsOfFunction &calls = it->second;
    if (!added)
        return calls;
    size_t seen = 0;
    const auto callsBy = [&](const std::string &name) {
        calls.names.push_back(name);
        for (const auto &[module, call] : callsNamed(name)) {
            if (++seen > kMaxCallsOfName)
                return false;
            const Scope scope{module, m_table.functionForScope(module, call->scope), 0};
            if (!m_evaluator.runs(m_evaluator.evalChain(call->callee, scope), fn.symbol))
                continue;
            if (call->args.empty())
                calls.bare.emplace_back(module, call);
            else
                calls.withArguments.insert({module, call->line});
        }
        return true;
    };
    if (!callsBy(m_table.symbol(fn.symbol).name))
        return calls;
    // A module-level function is called by the other names assignments give
    // it too (`biased_grouped_topk = biased_grouped_topk_gpu`).
    if (!fn.outer && !fn.cls)
        for (const std::string &alias : m_evaluator.instantiations().aliasesOf(m_table.symbol(fn.symbol).name))
            if (!callsBy(alias))
                return calls;
    // Called by no name of its own: the calls through the containers holding
    // it, and through the names a getter handing out the container's elements
    // gives its result (`handler = Registry.get_handler(name); handler(self)`).
    if (calls.withArguments.empty() && calls.bare.empty())
        for (const std::string &container : m_evaluator.containersHolding(fn.symbol)) {
            if (!callsBy(container))
                return calls;
            for (const std::string &alias : m_evaluator.instantiations().aliasesOf(container))
                if (!callsBy(alias))
                    return calls;
        }
    // None: called through values only; too many: not followed.
    const size_t count = calls.withArguments.size() + calls.bare.size();
    calls.known = count > 0 && count <= kMaxCallSites;
    return calls;
}

GuardEvaluator::Outcomes GuardEvaluator::callersPass(const FunctionInfo &fn, const Param &p, size_t positional, int depth)
{
    // Every call of the function must be one whose arguments are known: a
    // call nested in another expression (`if f(x):`) is seen only by name.
    const CallsOfFunction &calls = callsOfFunction(fn);
    if (!calls.known)
        return {{}};
    std::set<std::pair<int, int>> calledAt = calls.withArguments;
    const std::optional<size_t> index = p.keywordOnly ? std::nullopt : std::optional<size_t>(positional);
    const Outcomes fallback = parameterDefault(p);
    Outcomes out;
    // The places that built the caller's objects stay conditions of what it
    // passes: a path through an object built at one place does not read
    // what a caller of another place's object passes.
    auto add = [&](const Outcomes &passed, const std::vector<ConditionSet> &ways) {
        for (const ConditionSet &way : ways)
            for (Outcome o : passed) {
                addConditions(o.conditions, way);
                if (std::none_of(out.begin(), out.end(), [&](Outcome &known) {
                        return known.value == o.value && mergeAlternative(known.conditions, o.conditions);
                    }))
                    out.push_back(std::move(o));
            }
    };
    for (const auto &[module, call] : calls.bare) {
        const Scope scope{module, m_table.functionForScope(module, call->scope), 0};
        if (const auto ways = guardConditions(call->guards, scope, depth, call->line))
            add(fallback, *ways);
    }
    const InstantiationIndex &sites = m_evaluator.instantiations();
    for (const std::string &calledAs : calls.names)
        for (const Instantiation &at : sites.callsOf(calledAs)) {
            const ValueFact &call = sites.call(at);
            if (!calledAt.erase({at.module, call.line}))
                continue;
            const Scope scope{at.module, at.function, 0};
            if (const auto ways = guardConditions(call.guards, scope, depth, call.line))
                add(fold(passedArgument(call, scope, p.name, index, fallback, depth)), *ways);
        }
    // A call left is one whose arguments were not kept (nested in an expression).
    if (!calledAt.empty())
        return {{}};
    return finish(std::move(out));
}

} // namespace katlas
