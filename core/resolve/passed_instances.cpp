// Instances a call passes that its caller built (see passed_instances.h).
#include "resolve/passed_instances.h"

#include "graph/allocation_condition.h"
#include "resolve/allocation_sites.h"
#include "resolve/evaluator.h"
#include "resolve/symbol_table.h"

#include <algorithm>
#include <map>
#include <set>

namespace katlas {

namespace {

// The value fact of the call: a return or a local assignment on its line
// whose value calls the same callee (calls made for their effect alone keep
// no arguments here).
const ValueFact *callValue(const SymbolTable &table, const FunctionInfo &fn, const CallFact &call)
{
    const auto matches = [&](const ValueFact &v) {
        return v.line == call.line && v.chain.size() > call.callee.size() && v.chain.starts_with(call.callee)
            && v.chain[call.callee.size()] == '(';
    };
    for (const ValueFact &r : fn.fact->returns)
        if (matches(r))
            return &r;
    for (const auto &[name, bindings] : table.localsOf(fn))
        for (const Binding &b : bindings)
            if (b.kind == Binding::Kind::Assignment && matches(b.assignment->value))
                return &b.assignment->value;
    return nullptr;
}

} // namespace

PassedWays placesOfPassedInstances(const SymbolTable &table, Evaluator &evaluator, const CallFact &call, const Scope &scope)
{
    if (call.args.find('V') == std::string::npos || call.args == kMaybeCalled)
        return {};
    const FunctionInfo *fn = scope.function ? table.function(scope.function) : nullptr;
    const ValueFact *value = fn ? callValue(table, *fn, call) : nullptr;
    if (!value)
        return {};
    const BindingMap &locals = table.localsOf(*fn);
    std::map<std::string, std::set<std::string>> places; // dimension -> places
    std::set<std::string> unplaced;                       // dimensions some instance lacks
    PassedWays multi;                                     // one way per placed instance: its place and how it was made
    size_t placedArguments = 0;
    const auto passed = [&](const Chain &arg, std::optional<size_t> position, const std::string &keyword) {
        if (arg.empty() || arg.find_first_of(".([") != Chain::npos || !locals.count(arg))
            return;
        bool placed = false;
        for (const Value &v : evaluator.evalChain(arg, scope)) {
            if (v.kind != Value::Kind::Instance || !v.selfClass)
                continue;
            const std::string dimension = evaluator.allocations().dimension(v.selfClass);
            const auto built = std::find_if(v.conditions.begin(), v.conditions.end(), [&](const Condition &c) {
                return !c.negated && c.dimension == dimension;
            });
            if (built == v.conditions.end()) {
                unplaced.insert(dimension);
                continue;
            }
            placed = true;
            places[dimension].insert(built->values.begin(), built->values.end());
            ConditionSet way{*built};
            for (const Condition &c : v.conditions)
                if (!isAllocationDimension(c.dimension))
                    way.push_back(c);
            if (std::find(multi.ways.begin(), multi.ways.end(), way) == multi.ways.end()) {
                multi.ways.push_back(std::move(way));
                multi.classes.push_back(v.selfClass);
            }
        }
        if (placed) {
            ++placedArguments;
            multi.position = position;
            multi.keyword = keyword;
        }
    };
    for (size_t i = 0; i < value->args.size(); ++i)
        passed(value->args[i], i, {});
    for (const auto &[keyword, arg] : value->keywordArgs)
        passed(arg, std::nullopt, keyword);
    // Ways only where they say more than the places: one argument's
    // instances, made under conditions of their own, every class placed.
    const bool waysTell = placedArguments == 1 && unplaced.empty() && multi.ways.size() <= kMaxPassedWays
        && std::any_of(multi.ways.begin(), multi.ways.end(), [](const ConditionSet &w) { return w.size() > 1; });
    if (waysTell)
        return multi;
    ConditionSet out;
    for (const auto &[dimension, at] : places)
        if (!unplaced.count(dimension)) {
            Condition c;
            c.dimension = dimension;
            c.values.assign(at.begin(), at.end());
            out.push_back(std::move(c));
        }
    PassedWays one;
    if (!out.empty())
        one.ways.push_back(std::move(out));
    return one;
}

std::vector<bool> waysTakenBy(const SymbolTable &table, Evaluator &evaluator, SymbolId callee, const PassedWays &passed)
{
    std::vector<bool> all(passed.ways.size(), true);
    const FunctionInfo *fn = passed.ways.size() > 1 ? table.function(callee) : nullptr;
    if (!fn || !fn->fact)
        return all;
    const auto &params = fn->fact->params;
    const Param *param = nullptr;
    if (!passed.keyword.empty()) {
        for (const Param &p : params)
            if (p.name == passed.keyword)
                param = &p;
    } else if (passed.position) {
        const size_t at = *passed.position + (fn->cls && !fn->isStatic ? 1 : 0);
        if (at < params.size() && params[at].name != fn->fact->varargs)
            param = &params[at];
    }
    if (!param || param->annotation.empty())
        return all;
    std::vector<SymbolId> named;
    for (const Value &v : evaluator.fromAnnotation(param->annotation, {fn->module, callee, 0}))
        if (v.kind == Value::Kind::Instance && v.selfClass)
            named.push_back(v.selfClass);
    std::vector<bool> taken(passed.ways.size(), false);
    for (size_t w = 0; w < taken.size(); ++w)
        if (const ClassInfo *info = table.cls(passed.classes[w]))
            taken[w] = std::any_of(named.begin(), named.end(), [&](SymbolId c) {
                return std::find(info->mro.begin(), info->mro.end(), c) != info->mro.end();
            });
    return std::any_of(taken.begin(), taken.end(), [](bool t) { return t; }) ? taken : all;
}

} // namespace katlas
