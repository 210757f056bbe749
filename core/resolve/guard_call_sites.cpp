// Values that come from where things are called and built (see
// guard_evaluator.h): a constructor's parameters and a dataclass's fields
// from the places building the class, and the guards under which a
// function is called.
#include "resolve/guard_evaluator.h"
#include "resolve/guard_limits.h"

#include "graph/allocation_condition.h"
#include "resolve/allocation_sites.h"
#include "resolve/chain.h"
#include "resolve/instantiation_index.h"

#include <algorithm>
#include <utility>

namespace katlas {

using namespace guard_limits;

using Kind = GuardEvaluator::Abstract::Kind;

// Code inside a plain function, a static method or a classmethod runs where
// the function is called; inside a method of an instance, where instances
// are built; at module level, anywhere.
std::vector<ConditionSet> GuardEvaluator::whereCodeRuns(SymbolId function, int depth)
{
    const FunctionInfo *fn = function ? m_table.function(function) : nullptr;
    if (!fn)
        return {{}};
    if (!fn->cls || fn->isStatic || fn->isClassMethod)
        return callerConditions(function, depth);
    return instanceConditions(fn->cls, depth);
}

std::vector<ConditionSet> GuardEvaluator::crossWays(const std::vector<ConditionSet> &outer, const std::vector<ConditionSet> &inner)
{
    std::vector<ConditionSet> out;
    for (const ConditionSet &o : outer)
        for (const ConditionSet &i : inner) {
            out.push_back(o);
            addConditions(out.back(), i);
        }
    return out;
}

std::vector<ConditionSet> GuardEvaluator::callerConditions(SymbolId function, int depth)
{
    constexpr size_t kMaxSites = 8;
    const FunctionInfo *fn = m_table.function(function);
    if (!fn || (fn->cls && fn->fact->qualName.ends_with(".__init__")))
        return {{}};
    // A method's calls are found by its name too, but one whose callee is not
    // known may be a call of it: then it may run anywhere.
    const bool method = fn->cls != 0;
    // Not kept (it depends on the depth asked at), but a cycle through it is one to the memo.
    const std::string key = 'c' + std::to_string(function);
    if (depth > kMaxDepth || !m_memo.enter(key))
        return {{}};
    std::vector<ConditionSet> out;
    size_t sites = 0;
    bool unknown = false;
    for (const auto &[module, call] : callsNamed(m_table.symbol(function).name)) {
        const Scope scope{module, m_table.functionForScope(module, call->scope), 0};
        const Values callee = m_evaluator.evalChain(call->callee, scope);
        if (method && std::none_of(callee.begin(), callee.end(), [](const Value &v) { return v.kind == Value::Kind::Function; })) {
            unknown = true;
            break;
        }
        // A method may be reached through a base class's declared method (an override).
        if (method ? !m_evaluator.runs(callee, function)
                   : std::none_of(callee.begin(), callee.end(), [&](const Value &v) { return v.kind == Value::Kind::Function && v.id == function; }))
            continue;
        if (++sites > kMaxSites) {
            unknown = true;
            break;
        }
        const std::optional<std::vector<ConditionSet>> ways = guardConditions(call->guards, scope, depth, call->line);
        if (!ways)
            continue;
        for (ConditionSet &way : crossWays(whereCodeRuns(scope.function, depth + 1), *ways))
            out.push_back(std::move(way));
        if (out.size() > kMaxSites) {
            unknown = true;
            break;
        }
    }
    m_memo.leave(key, {}, false);
    // Nothing in the index calls it: in a deployment of the indexed code it
    // does not run. A method nothing calls by name may be called otherwise
    // (a framework's hook, `getattr`): it may run anywhere.
    if (method && out.empty())
        return {{}};
    return unknown ? std::vector<ConditionSet>{{}} : out;
}

const std::vector<std::pair<int, const CallFact *>> &GuardEvaluator::callsNamed(const std::string &name)
{
    // As call sites show the callee: a name key left out (`BACKENDS[name]` -> "BACKENDS[]").
    const auto lastName = [](const Chain &callee) {
        const std::string shown = withoutNameKeys(callee);
        const size_t dot = shown.rfind('.');
        return shown.substr(dot == std::string::npos ? 0 : dot + 1);
    };
    // For facts without their calls, each name asked for is looked for in
    // the modules the index says call it; otherwise every module's calls are
    // filed by their last name once, on the first question.
    if (m_modulesCalling) {
        auto [it, added] = m_callsByName.try_emplace(name);
        if (added)
            for (int m : m_modulesCalling(name))
                for (const CallFact &c : m_callsOf(m))
                    if (lastName(c.callee) == name)
                        it->second.emplace_back(m, &c);
        return it->second;
    }
    if (!m_callsFiled) {
        m_callsFiled = true;
        for (int m = 0; m < m_table.moduleCount(); ++m)
            for (const CallFact &c : m_table.files()[static_cast<size_t>(m_table.moduleAt(m).fileIndex)].calls)
                m_callsByName[lastName(c.callee)].emplace_back(m, &c);
    }
    static const std::vector<std::pair<int, const CallFact *>> none;
    const auto it = m_callsByName.find(name);
    return it == m_callsByName.end() ? none : it->second;
}

GuardEvaluator::Outcomes GuardEvaluator::assignedAttribute(const std::string &name, int depth)
{
    // Only an attribute that code sets on objects from outside them, and
    // that no class sets on itself or declares, exists just where that runs.
    if (m_selfAssigned.empty())
        for (int m = 0; m < m_table.moduleCount(); ++m)
            for (const AssignmentFact &a : m_table.files()[static_cast<size_t>(m_table.moduleAt(m).fileIndex)].assignments)
                if (a.target.rfind("self.", 0) == 0)
                    m_selfAssigned.insert(a.target.substr(5));
    const auto it = m_foreignAssignments.find(name);
    if (it == m_foreignAssignments.end() || it->second.size() > kMaxCases || m_selfAssigned.count(name)
        || !m_table.classesNamed(name).empty())
        return {{}};
    std::vector<ConditionSet> ways;
    for (const auto &[module, a] : it->second) {
        const std::optional<std::vector<ConditionSet>> w
            = guardConditions(a->value.guards, {module, m_table.functionForScope(module, a->scope), 0}, depth + 1);
        if (w)
            for (ConditionSet way : *w) {
                for (Condition &c : way)
                    if (!c.dimension.empty())
                        c.text.clear(); // the same condition, whatever text it was read from
                if (std::find(ways.begin(), ways.end(), way) == ways.end())
                    ways.push_back(std::move(way));
            }
    }
    Outcomes out;
    for (const ConditionSet &way : ways)
        out.push_back({{Kind::Bool, true, {}, {}}, way});
    // Missing where every assignment needs the same one condition and it fails.
    ConditionSet otherwise;
    if (ways.size() == 1 && ways.front().size() == 1 && !ways.front().front().dimension.empty()) {
        Condition c = ways.front().front();
        c.negated = !c.negated;
        otherwise.push_back(c);
    }
    out.push_back({{Kind::Bool, false, {}, {}}, otherwise});
    return finish(std::move(out));
}

std::vector<Instantiation> GuardEvaluator::buildingSites(SymbolId cls) const
{
    // The calls of the class's name, and `cls(...)` in the class's own
    // methods (an alternative constructor: `return cls(a=..., b=...)` in a
    // classmethod builds the class it is called on).
    const InstantiationIndex &sites = m_evaluator.instantiations();
    std::vector<Instantiation> out = sites.callsOf(m_table.symbol(cls).name);
    for (const Instantiation &at : sites.callsOf("cls"))
        if (const FunctionInfo *fn = at.function ? m_table.function(at.function) : nullptr; fn && fn->cls == cls)
            out.push_back(at);
    return buildingTheClass(std::move(out), cls);
}

std::vector<Instantiation> GuardEvaluator::factoryBuildingSites(SymbolId cls) const
{
    return buildingTheClass(m_evaluator.instantiations().factoryCallsOf(m_table.symbol(cls).name), cls);
}

std::vector<Instantiation> GuardEvaluator::buildingTheClass(std::vector<Instantiation> calls, SymbolId cls) const
{
    // Those whose callee is the class (not another class of the name).
    const InstantiationIndex &sites = m_evaluator.instantiations();
    std::erase_if(calls, [&](const Instantiation &at) {
        const auto segs = splitChain(sites.call(at).chain);
        const Values callee = m_evaluator.evalSegments(segs, segs.size() - 1, {at.module, at.function, 0});
        return std::none_of(callee.begin(), callee.end(), [&](const Value &v) { return v.kind == Value::Kind::Class && v.id == cls; });
    });
    return calls;
}

GuardEvaluator::Outcomes GuardEvaluator::argumentValues(SymbolId built, SymbolId init, const std::string &name,
                                                       std::optional<size_t> positional, const Outcomes &fallback, int depth)
{
    // Many places may build a class (a model's LogitsProcessor(config) in
    // every model): what counts is how many different things they pass.
    constexpr size_t kMaxSites = 256;
    const InstantiationIndex &sites = m_evaluator.instantiations();
    Outcomes out;
    size_t count = 0;
    for (SymbolId cls : m_table.subclassesOf(built)) {
        // A subclass of its own `__init__` counts where it hands the
        // parameter on to `init` (init_forwarding.cpp).
        const bool inherits = m_table.lookupMethod(cls, "__init__") == init;
        const InitForwarding forwarding = inherits ? InitForwarding{true, true} : forwardedToBase(cls, init, name);
        if (!forwarding.keyword)
            continue;
        // The places calling a factory that returns the class build it too.
        std::vector<Instantiation> places = buildingSites(cls);
        const std::vector<Instantiation> throughFactories = factoryBuildingSites(cls);
        places.insert(places.end(), throughFactories.begin(), throughFactories.end());
        for (const Instantiation &at : places) {
            const ValueFact &call = sites.call(at);
            const Scope scope{at.module, at.function, 0};
            if (++count > kMaxSites)
                return {{}};
            const std::optional<std::vector<ConditionSet>> ways = guardConditions(call.guards, scope, depth, call.line);
            if (!ways)
                continue; // a building site that cannot run
            Outcomes passed = forwarding.positional ? passedArgument(call, scope, name, positional, fallback, depth)
                                                    : keywordPassed(call, scope, name, fallback, depth);
            passed = fold(std::move(passed), kMaxPassed);
            // A place passing what is not known (`Cls(**fields)`) counts only
            // where its function may be called: a copy made on a path a
            // setting switches off leaves the other places' values.
            std::vector<ConditionSet> placeWays = *ways;
            if (at.function && std::any_of(passed.begin(), passed.end(), [](const Outcome &o) { return o.value.kind == Abstract::Kind::Unknown; }))
                placeWays = crossWays(whereCodeRuns(at.function, depth + 1), placeWays);
            // What this place passes holds for the instances it builds
            // (graph/allocation_condition.h); one value passed at several
            // places is one outcome listing them.
            const std::optional<Condition> built = m_evaluator.allocations().condition(cls, at.module, at.function);
            for (const ConditionSet &way : placeWays)
                for (Outcome o : passed) {
                    addConditions(o.conditions, way);
                    if (built) {
                        std::erase_if(o.conditions, [&](const Condition &c) { return c.dimension == built->dimension; });
                        addCondition(o.conditions, *built);
                    }
                    if (std::none_of(out.begin(), out.end(), [&](Outcome &seen) {
                            return seen.value == o.value && mergeAlternative(seen.conditions, o.conditions);
                        }))
                        out.push_back(std::move(o));
                }
            if (out.size() > kMaxPassed && (out = fold(std::move(out), kMaxPassed)).size() > kMaxPassed)
                return {{}};
        }
    }
    return finish(std::move(out), kMaxPassed);
}

// A dataclass's generated `__init__` takes its fields in the order the class
// bodies annotate them, the bases' first (`Meta(n, lens, fallback)` passes
// `fallback` for the third field). A `ClassVar` is no field; a base outside
// the index may add fields of its own, so no position is known past it.
std::optional<size_t> GuardEvaluator::fieldPosition(SymbolId cls, const std::string &name) const
{
    const ClassInfo *c = m_table.cls(cls);
    if (!c)
        return std::nullopt;
    std::vector<std::string> fields;
    for (auto k = c->mro.rbegin(); k != c->mro.rend(); ++k) {
        const ClassInfo *ki = m_table.cls(*k);
        if (!ki || !ki->fact || !ki->externalBases.empty())
            return std::nullopt;
        const ModuleFacts &facts = m_table.files()[static_cast<size_t>(m_table.moduleAt(ki->module).fileIndex)];
        for (const AssignmentFact &a : facts.assignments)
            if (a.scope == ki->fact->qualName && !a.annotation.empty() && !a.annotation.starts_with("ClassVar")
                && a.target.find_first_of(".[") == std::string::npos
                && std::find(fields.begin(), fields.end(), a.target) == fields.end())
                fields.push_back(a.target);
    }
    const auto at = std::find(fields.begin(), fields.end(), name);
    if (at == fields.end())
        return std::nullopt;
    return static_cast<size_t>(at - fields.begin());
}

GuardEvaluator::Outcomes GuardEvaluator::passedArgument(const ValueFact &call, const Scope &scope, const std::string &name,
                                                       std::optional<size_t> positional, const Outcomes &fallback, int depth)
{
    const std::string index = positional ? "#" + std::to_string(*positional) : std::string("#");
    struct Restore {
        std::optional<ReadAt> &slot;
        std::optional<ReadAt> saved;
        ~Restore() { slot = std::move(saved); }
    } restore{m_readAt, std::exchange(m_readAt, ReadAt{scope.function, call.line})};
    bool splat = false, found = false;
    Outcomes passed;
    for (const auto &[keyword, chain] : call.keywordArgs)
        if (keyword == name) {
            passed = chainValues(chain, scope, depth + 1);
            found = true;
        }
    for (const auto &[key, text] : call.argExprs) {
        splat = splat || key == "*";
        if (!found && (key == name || key == index)) {
            passed = values(parsed(text), scope, depth + 1);
            found = true;
        }
    }
    if (!found && positional && *positional < call.args.size() && !call.args[*positional].empty()) {
        passed = chainValues(call.args[*positional], scope, depth + 1);
        found = true;
    }
    if (found)
        return passed;
    // Not passed: the default, unless a splat or a positional argument may pass it.
    splat = splat && !splatLeavesOut(call, scope, name);
    const bool mayBePositional = (!positional && !call.args.empty()) || (positional && *positional < call.args.size());
    return splat || mayBePositional ? Outcomes{{}} : defaultUnlessCut(call, name, fallback);
}

GuardEvaluator::Outcomes GuardEvaluator::defaultUnlessCut(const ValueFact &call, const std::string &name,
                                                         const Outcomes &fallback)
{
    // The default is not read where an argument the call passes past the
    // bounds may be the parameter: a positional one, or this keyword.
    const std::string keyword = kArgumentsCut + name;
    const bool cut = std::any_of(call.argExprs.begin(), call.argExprs.end(),
                                 [&](const auto &e) { return e.first == kArgumentsCut || e.first == keyword; });
    return cut ? Outcomes{{}} : fallback;
}

GuardEvaluator::Outcomes GuardEvaluator::parameterDefault(const Param &p)
{
    // The default, where it is None, True, False or a string or number literal.
    if (!p.defaultLiteral.empty())
        return values(parsed(p.defaultLiteral), Scope{}, 0);
    const Abstract byDefault = p.defaultKind == 'N'                           ? Abstract{Kind::None, false, {}, {}}
                             : p.defaultKind == 'T' || p.defaultKind == 'F' ? Abstract{Kind::Bool, p.defaultKind == 'T', {}, {}}
                                                                            : Abstract{};
    return {{byDefault, {}}};
}

GuardEvaluator::Outcomes GuardEvaluator::constructorArgumentValues(const FunctionInfo &init, size_t param, int depth)
{
    const Param &p = init.fact->params[param];
    const Outcomes fallback = parameterDefault(p);
    return argumentValues(init.cls, init.symbol, p.name, param >= 1 ? std::optional<size_t>(param - 1) : std::nullopt,
                          fallback, depth);
}

} // namespace katlas
