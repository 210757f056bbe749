// Following a guard's names to the values they may hold (see
// guard_evaluator.h): chains, attributes, bindings, calls (settings in
// guard_settings.cpp).
#include "resolve/guard_evaluator.h"
#include "resolve/guard_limits.h"

#include "parse/syntax_node.h"
#include "resolve/argument_shape.h"
#include "resolve/chain.h"
#include "resolve/effect_conditions.h"
#include "resolve/instantiation_index.h"
#include "resolve/python_builtins.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace katlas {

using namespace guard_limits;
namespace {

using Kind = GuardEvaluator::Abstract::Kind;

// The text of an unknown value that stands for a way back to a name being
// followed (chainValues).
constexpr std::string_view kCycleMark = "\x01cycle:";


} // namespace

GuardEvaluator::Outcomes GuardEvaluator::values(const GuardExpr &e, const Scope &scope, int depth)
{
    if (depth > kMaxDepth) {
        return {{}};
    }
    switch (e.kind) {
    case GuardExpr::Kind::Literal:
        return {{literal(e), {}}};
    case GuardExpr::Kind::Chain:
        return chainValues(e.chain, scope, depth);
    case GuardExpr::Kind::Call:
        return callValues(e, scope, depth);
    case GuardExpr::Kind::IfElse:
        return conditionalValues(e, scope, depth);
    case GuardExpr::Kind::Arith:
        return arithmeticValues(e, scope, depth);
    case GuardExpr::Kind::Tuple:
        return tupleValues(e, scope, depth);
    case GuardExpr::Kind::Subscript:
        return subscriptValues(e, scope, depth);
    default: { // a profile rule may map the text of anything else
        Outcomes out;
        for (const Case &c : truth(e, scope, depth + 1)) {
            Abstract a;
            if (c.known) {
                a.kind = Kind::Bool;
                a.truth = c.truth;
            }
            out.push_back({a, c.conditions});
        }
        return out;
    }
    }
}

GuardEvaluator::Outcomes GuardEvaluator::chainValues(const Chain &chain, const Scope &scope, int depth)
{
    // Inside an enum method evaluated for one member, `self` is that member: not memoised.
    const bool bound = m_boundSelf && m_boundSelf->function == scope.function;
    // Values of names are memoised apart while derivedReturns reads them as names.
    const std::string key = (m_derived ? "vD" : "v") + std::string(bound ? "~" : "") + scopeKey(scope) + m_classTestKey + '#' + chain;
    if (const OutcomeStore::Packed *known = bound ? nullptr : m_memo.find(key))
        return OutcomeStore::unpack(*known);
    // A name followed back to itself (`x = saved_copy_of_x`, two flags set
    // from each other) adds nothing to what its other assignments give: the
    // way back is marked, and the name's own evaluation drops the mark. Met
    // anywhere else, the mark is an unknown value.
    const std::string cycle = std::string(kCycleMark) + key;
    if (!m_memo.enter(key))
        return {{{Kind::Unknown, false, cycle, {}}, {}}};
    depth = 0;
    Outcomes out;
    const auto segs = splitChain(chain);
    if (m_derived)
        if (std::optional<std::string> v = m_derived->value.substitute(chain, m_derived->valueFormat, true)) {
            Abstract named{Kind::String, false, *v, {}};
            out.push_back({named, {}});
        }
    if (!out.empty()) {
    } else if (segs.empty()) {
        out = {{}};
    } else if (segs.back().kind == ChainSegment::Kind::Call) {
        GuardExpr call;
        call.kind = GuardExpr::Kind::Call;
        call.chain = chain.substr(0, chain.size() - 2);
        out = callValues(call, scope, depth);
    } else if (segs.size() == 1) {
        out = nameValues(segs[0].name, scope, depth);
    } else if (std::optional<Outcomes> handed = segs.size() == 2 && segs[1].kind == ChainSegment::Kind::Attr
                   ? handedStateValues(chain, scope)
                   : std::nullopt) {
        out = std::move(*handed);
    } else if (std::optional<Outcomes> reaching = m_reader && m_reader->function == scope.function && segs.size() == 2
                   && segs[0].name == "self" && segs[1].kind == ChainSegment::Kind::Attr
                   ? reachingValues(segs[1].name, scope, depth)
                   : std::nullopt) {
        out = std::move(*reaching);
    } else if (std::optional<Outcomes> setting = segs.back().kind == ChainSegment::Kind::Attr && !m_configPrefixes.empty()
                   ? configAttribute(chainValues(chain.substr(0, chain.rfind('.')), scope, depth + 1), segs.back().name)
                   : std::nullopt) {
        out = std::move(*setting);
    } else if (std::optional<Outcomes> value = segs.back().kind == ChainSegment::Kind::Attr && segs.back().name == "value"
                   ? memberValue(chainValues(chain.substr(0, chain.rfind('.')), scope, depth + 1))
                   : std::nullopt) {
        out = std::move(*value);
    } else if (segs.back().kind == ChainSegment::Kind::Attr) {
        for (const Value &v : m_evaluator.evalSegments(segs, segs.size() - 1, scope)) {
            Outcomes more = attributeValues(v, segs.back().name, depth, scope.function);
            for (Outcome &o : more)
                addConditions(o.conditions, v.conditions);
            out.insert(out.end(), more.begin(), more.end());
        }
    }
    const auto marked = [](const Outcome &o) { return o.value.kind == Kind::Unknown && o.value.text.starts_with(kCycleMark); };
    if (!std::all_of(out.begin(), out.end(), marked))
        std::erase_if(out, marked);
    out = finish(std::move(out));
    if (const char *dbg = std::getenv("KATLAS_DEBUG_VALUE"); dbg && chain == dbg) {
        std::fprintf(stderr, "values %s d=%d:", key.c_str(), depth);
        for (const Outcome &o : out) {
            std::fprintf(stderr, " {k%d %s", int(o.value.kind), o.value.text.c_str());
            for (const Condition &x : o.conditions)
                std::fprintf(stderr, " %s%s=%s(%zu)", x.negated ? "!" : "", x.dimension.c_str(), x.values.empty() ? "" : x.values[0].c_str(), x.values.size());
            std::fprintf(stderr, "}");
        }
        std::fprintf(stderr, "\n");
    }
    m_memo.leave(key, bound ? OutcomeStore::Packed{} : m_kept.pack(out), !bound); // nothing pooled for a result not kept
    return out;
}

GuardEvaluator::Outcomes GuardEvaluator::attributeValues(const Value &object, const std::string &name, int depth, SymbolId readIn)
{
    Outcomes out;
    switch (object.kind) {
    case Value::Kind::Module:
        if (const auto &globals = m_table.moduleAt(object.module).globals; globals.count(name))
            return bindingValues(globals.at(name), {object.module, 0, 0}, depth + 1);
        break;
    case Value::Kind::Instance:
    case Value::Kind::Class: {
        if (object.callable)
            break; // a function returning an instance (`Callable[..., R]`)
        const SymbolId cls = object.kind == Value::Kind::Instance ? object.selfClass : object.id;
        if (std::optional<Outcomes> s = settingValues(cls, name, depth, readIn))
            return *s;
        const ClassInfo *c = m_table.cls(cls);
        if (!c)
            break;
        if (std::optional<Abstract> member = autoMember(cls, name))
            return {{*member, {}}};
        // A property is what its getter returns; another method read as a
        // flag is a bound method: truthy.
        if (const SymbolId method = m_table.lookupMethod(cls, name)) {
            const FunctionInfo *fn = m_table.function(method);
            if (!fn || !fn->isProperty())
                return {{{Kind::Object, false, {}, {}}, {}}};
            if (fn->fact->returns.empty())
                return {{}};
            for (const ValueFact &r : fn->fact->returns) {
                Outcomes more = factValues(r, {fn->module, method, cls}, depth + 1);
                out.insert(out.end(), more.begin(), more.end());
            }
            return out.empty() ? Outcomes{{}} : out;
        }
        for (SymbolId k : c->mro) {
            const ClassInfo *ki = m_table.cls(k);
            if (!ki)
                continue;
            if (object.kind == Value::Kind::Instance)
                if (auto it = ki->selfAttrs.find(name); it != ki->selfAttrs.end())
                    for (const auto &[assignment, method] : it->second) {
                        Outcomes more = factValues(assignment->value, {ki->module, method, cls}, depth + 1);
                        if (const ConditionSet effect = effectConditions(m_mapper, m_table, method); !effect.empty())
                            for (Outcome &o : more)
                                addConditions(o.conditions, effect);
                        out.insert(out.end(), more.begin(), more.end());
                    }
            // An annotated class attribute of an instance is a field (a
            // dataclass's): its value is whatever the constructor got, and
            // without an `__init__` of the class's own, also beside what its
            // methods assign (`def set_x(self, x): self.x = x`).
            const auto a = ki->classAttrs.find(name);
            const bool field = a != ki->classAttrs.end() && object.kind == Value::Kind::Instance
                && std::any_of(a->second.begin(), a->second.end(), [](const Binding &b) {
                       return b.kind == Binding::Kind::Assignment && !b.assignment->annotation.empty();
                   });
            if (a != ki->classAttrs.end() && (out.empty() || (field && m_table.lookupMethod(cls, "__init__") == 0))) {
                // A class without an `__init__` of its own (a dataclass) gets its
                // fields from the keyword arguments of the places building it.
                Outcomes more = !field ? bindingValues(a->second, {ki->module, 0, 0}, depth + 1)
                    : m_table.lookupMethod(cls, "__init__") == 0
                    ? argumentValues(k, 0, name, fieldPosition(cls, name), bindingValues(a->second, {ki->module, 0, 0}, depth + 1), depth + 1)
                    : Outcomes{{}};
                out.insert(out.end(), more.begin(), more.end());
            }
        }
        // Assignments on other objects (`self_attn.use_deep_gemm_bmm = True`
        // in a weight loader) count too, where the object may be one of this
        // class's: each under its guards, where it is made.
        if (const auto it = m_foreignAssignments.find(name); it != m_foreignAssignments.end()) {
            std::vector<std::pair<int, const AssignmentFact *>> reaching;
            for (const auto &[module, a] : it->second)
                if (mayBeOfClass(a->object, {module, m_table.functionForScope(module, a->scope), 0}, cls))
                    reaching.emplace_back(module, a);
            if (!reaching.empty() && (out.empty() || reaching.size() > kMaxCases))
                return {{}}; // set only from outside, or from too many places
            for (const auto &[module, a] : reaching) {
                const SymbolId function = m_table.functionForScope(module, a->scope);
                const Outcomes assigned = factValues(a->value, {module, function, 0}, depth + 1);
                // Made where the function making it is called: under its callers'
                // guards. One nothing in the index calls (a loader a framework
                // runs) may run anywhere.
                std::vector<ConditionSet> ways = function ? callerConditions(function, depth + 1) : std::vector<ConditionSet>{};
                if (ways.empty())
                    ways = {{}};
                for (const ConditionSet &way : ways)
                    for (Outcome o : assigned) {
                        addConditions(o.conditions, way);
                        out.push_back(std::move(o));
                    }
            }
        }
        break;
    }
    case Value::Kind::Function: {
        // An attribute of a function object (`f.__name__`) is something; but a
        // property read through an object nothing is known of stands for its
        // getter here, and an attribute of the value it returns is unknown.
        const FunctionInfo *fn = m_table.function(object.id);
        if (fn && fn->isProperty())
            return {{}};
        return {{{Kind::Object, false, {}, {}}, {}}};
    }
    default:
        break;
    }
    return finish(std::move(out));
}

GuardEvaluator::Outcomes GuardEvaluator::nameValues(const std::string &name, const Scope &scope, int depth)
{
    if (m_boundSelf && m_boundSelf->function == scope.function && name == "self")
        return {{m_boundSelf->value, {}}};
    SymbolId fnId = scope.function;
    while (fnId) {
        const FunctionInfo *fn = m_table.function(fnId);
        if (!fn)
            break;
        for (const Param &p : fn->fact->params)
            if (p.name == name) {
                // A call's returns evaluated for what it passed: a class, or an instance of one.
                if (fnId == scope.function && scope.args)
                    for (const ArgBinding &a : *scope.args)
                        if (a.param == name)
                            return {{{Kind::Object, false, {}, {}}, {}}};
                // A copy made for calls of one shape knows which arguments are None.
                bool declaredNotNone = false;
                if (fnId == scope.function && scope.variant) {
                    const auto bound = bindArguments(*fn->fact, fn->cls && !fn->isStatic, *scope.variant);
                    const auto it = bound.find(name);
                    if (it != bound.end() && it->second != 'O')
                        return it->second == 'D' ? parameterDefault(p) : boundKindValues(it->second);
                    declaredNotNone = it != bound.end(); // 'O': what the callers pass, less None
                }
                if (const SettingsRule *rule = configRule(p.annotation))
                    return {{{Kind::Config, false, rule->prefix, {}}, {}}};
                // A constructor's parameter: what the places building its
                // class pass; another function's: what its calls pass. One
                // the body assigns again also holds those assignments.
                const size_t index = static_cast<size_t>(&p - fn->fact->params.data());
                Outcomes passed = fn->cls && fn->fact->qualName.size() > 9
                        && fn->fact->qualName.compare(fn->fact->qualName.size() - 9, 9, ".__init__") == 0
                    ? constructorArgumentValues(*fn, index, depth + 1)
                    : parameterValues(*fn, index, depth + 1);
                if (declaredNotNone)
                    passed = withoutNone(std::move(passed));
                if (!m_table.localsOf(*fn).count(name))
                    return passed;
                Outcomes assigned = localValues(*fn, name, scope, depth);
                passed.insert(passed.end(), assigned.begin(), assigned.end());
                return finish(std::move(passed));
            }
        if (m_table.localsOf(*fn).count(name))
            return localValues(*fn, name, scope, depth);
        fnId = fn->outer;
    }
    const ModuleInfo &mod = m_table.moduleAt(scope.module);
    if (auto it = mod.globals.find(name); it != mod.globals.end())
        return bindingValues(it->second, {scope.module, 0, 0}, depth + 1);
    return {{}};
}

bool GuardEvaluator::assignmentsNameBound(const std::vector<Binding> &bindings, const FunctionInfo &fn, const std::string &variant) const
{
    const auto bound = bindArguments(*fn.fact, fn.cls && !fn.isStatic, variant);
    for (const Binding &b : bindings) {
        if (b.kind != Binding::Kind::Assignment)
            continue;
        const ValueFact &v = b.assignment->value;
        for (const auto &[param, kind] : bound) {
            if (standsAsWord(v.expr, param) || standsAsWord(v.chain, param)
                || std::any_of(v.args.begin(), v.args.end(), [&](const Chain &a) { return standsAsWord(a, param); })
                || std::any_of(v.guards.begin(), v.guards.end(), [&](const Guard &g) { return standsAsWord(g.text, param); }))
                return true;
        }
    }
    return false;
}

GuardEvaluator::Outcomes GuardEvaluator::localValues(const FunctionInfo &fn, const std::string &name, const Scope &scope, int depth)
{
    const std::vector<Binding> &bindings = m_table.localsOf(fn).at(name);
    // Read in the copy being evaluated where an assignment names a parameter
    // the copy binds (`merge = q_rope is not None`); elsewhere the reading
    // is shared between the copies.
    const bool own = fn.symbol == scope.function;
    const bool copyMatters = own && scope.variant && assignmentsNameBound(bindings, fn, *scope.variant);
    const Scope local{fn.module, fn.symbol, own ? scope.selfClass : 0, nullptr, copyMatters ? scope.variant : nullptr};
    if (!m_localCut || m_localCut->function != fn.symbol || m_localCut->name != name) {
        if (m_readAt && m_readAt->function == fn.symbol && bindings.size() > 1) {
            if (m_readAt->inside.empty())
                return reachingValues(fn, name, bindings, local, m_readAt->line, depth);
            std::vector<Binding> before; // not those inside the tested `if`
            for (const Binding &b : bindings)
                if (b.kind != Binding::Kind::Assignment || !startsWith(b.assignment->value.guards, m_readAt->inside))
                    before.push_back(b);
            if (before.empty())
                return Outcomes{{}};
            return before.size() > 1 ? reachingValues(fn, name, before, local, m_readAt->line, depth)
                                     : bindingValues(before, local, depth + 1);
        }
        return bindingValues(bindings, local, depth + 1);
    }
    // Read inside an assignment to this local: only those above it.
    std::vector<Binding> above;
    for (const Binding &b : bindings)
        if (b.kind != Binding::Kind::Assignment || b.assignment->value.line < m_localCut->line)
            above.push_back(b);
    if (above.empty())
        return Outcomes{{}};
    return above.size() > 1 ? reachingValues(fn, name, above, local, m_localCut->line, depth)
                            : bindingValues(above, local, depth + 1);
}

GuardEvaluator::Outcomes GuardEvaluator::bindingValues(const std::vector<Binding> &bindings, const Scope &scope, int depth)
{
    if (depth > kMaxDepth)
        return {{}};
    Outcomes out;
    for (const Binding &b : bindings) {
        Outcomes more;
        switch (b.kind) {
        case Binding::Kind::Definition:
            more = {{{Kind::Object, false, {}, {}}, {}}};
            break;
        case Binding::Kind::Assignment: {
            if (b.assignment->value.chain.empty() && b.assignment->value.expr.empty() && !b.assignment->annotation.empty())
                continue; // an annotation alone: `x: T`
            // A module flag a function rebinds (`global`) holds that value
            // where the calls of the function are made.
            const SymbolId rebinding = b.assignment->globalIn.empty()
                ? 0
                : m_table.functionForScope(scope.module, b.assignment->globalIn);
            if (restoresSavedValue(*b.assignment, rebinding ? rebinding : scope.function))
                continue;
            if (!rebinding) {
                // An assignment to a local reads that local as it was above it.
                const bool local = scope.function && b.assignment->globalIn.empty() && b.assignment->value.line > 0
                    && b.assignment->target.find('.') == std::string::npos;
                const std::optional<LocalCut> outer = m_localCut;
                const std::optional<ReadAt> outerRead = m_readAt;
                if (local) {
                    m_localCut = LocalCut{scope.function, b.assignment->target, b.assignment->value.line};
                    m_readAt = ReadAt{scope.function, b.assignment->value.line}; // other locals too, as they are there
                }
                more = factValues(b.assignment->value, scope, depth);
                m_localCut = outer;
                m_readAt = outerRead;
                if (local)
                    markSameAs(more, b.assignment->value, scope);
                break;
            }
            const Outcomes assigned = factValues(b.assignment->value, {scope.module, rebinding, 0}, depth);
            for (const ConditionSet &way : callerConditions(rebinding, depth + 1))
                for (Outcome o : assigned) {
                    addConditions(o.conditions, way);
                    more.push_back(std::move(o));
                }
            break;
        }
        case Binding::Kind::Import:
            more = importValues(*b.import, scope, depth);
            break;
        }
        out.insert(out.end(), more.begin(), more.end());
        if (out.size() > caseBound() && (out = fold(std::move(out))).size() > caseBound())
            return {{}};
    }
    return finish(std::move(out));
}

GuardEvaluator::Outcomes GuardEvaluator::factValues(const ValueFact &fact, const Scope &scope, int depth)
{
    if (depth > kMaxDepth) {
        return {{}};
    }
    const std::optional<std::vector<ConditionSet>> guards = guardConditions(fact.guards, scope, depth, fact.line);
    if (!guards)
        return {};
    Outcomes given;
    if (fact.unpacked && fact.part >= 0 && (!fact.expr.empty() || !fact.chain.empty())) {
        // One element of what the value gives (`major, minor = capability()`).
        ValueFact whole = fact;
        whole.unpacked = false;
        whole.guards.clear();
        given = partOf(factValues(whole, scope, depth + 1), fact.part);
    } else if (fact.unpacked)
        given = {{}};
    else if (std::optional<Outcomes> looked = registryLookupValues(fact, scope, depth))
        given = std::move(*looked);
    else if (std::optional<Outcomes> returned = returnsForArguments(fact, scope, depth))
        given = std::move(*returned);
    else if (!fact.expr.empty())
        given = values(parsed(fact.expr), scope, depth + 1);
    else if (std::optional<Outcomes> member = enumMember(fact, scope, depth))
        given = std::move(*member);
    else if (!fact.chain.empty())
        given = chainValues(fact.chain, scope, depth + 1);
    else if (fact.display) // a list, tuple, set or dict display: never None
        given = {{{Kind::NotNone, false, {}, {}, {}}, {}}};
    else
        given = {{}};
    // A name read where it is known not to be None (`assert x is not None`
    // or `if x is not None:` above `return x`) holds none of its None values there.
    if (!fact.chain.empty() && (fact.notNone || std::any_of(fact.guards.begin(), fact.guards.end(), [&](const Guard &g) {
            return g.text == fact.chain + (g.negated ? " is None" : " is not None");
        })))
        std::erase_if(given, [](const Outcome &o) { return o.value.kind == Kind::None; });
    if (const char *dbg = std::getenv("KATLAS_DEBUG_FACT"); dbg && (fact.expr.find(dbg) != std::string::npos || fact.chain.find(dbg) != std::string::npos)) {
        std::fprintf(stderr, "fact %s|%s line %d ways=%zu given:", fact.chain.c_str(), fact.expr.c_str(), fact.line, guards->size());
        for (const Outcome &o : given)
        {
            std::fprintf(stderr, " {k%d %s", int(o.value.kind), o.value.text.c_str());
            for (const Condition &x : o.conditions)
                std::fprintf(stderr, " %s%s=%s", x.negated ? "!" : "", x.dimension.empty() ? x.text.c_str() : x.dimension.c_str(), x.values.empty() ? "" : x.values[0].c_str());
            std::fprintf(stderr, "}");
        }
        std::fprintf(stderr, "\n");
    }
    // One outcome per way the guards may hold (`x = 0 if a else b` is two
    // values under `a` and `not a`, and `a` may hold in several ways).
    Outcomes out;
    for (const ConditionSet &way : *guards)
        for (Outcome o : given) {
            addConditions(o.conditions, way);
            out.push_back(std::move(o));
        }
    return out;
}

std::optional<std::vector<ConditionSet>> GuardEvaluator::guardConditions(const GuardList &guards, const Scope &scope, int depth, int line)
{
    constexpr size_t kMaxWays = 8;
    std::vector<ConditionSet> out{{}};
    for (const Guard &g : guards) {
        const Condition c = m_mapper.map(g);
        if (!c.dimension.empty()) {
            for (ConditionSet &way : out)
                addCondition(way, c);
            continue;
        }
        // A value under a guard that is decided only counts where it holds;
        // under guards known no better it counts as possible.
        if (depth >= kMaxDepth * 3 / 4) {
                continue;
        }
        const std::optional<Decision> d = decideAt(guards, static_cast<size_t>(&g - guards.data()), scope, line);
        if (d && d->never)
            return std::nullopt;
        if (!d)
            continue;
        for (ConditionSet &way : out)
            addConditions(way, d->conditions);
        if (d->ways.empty() || out.size() * d->ways.size() > kMaxWays)
            continue;
        std::vector<ConditionSet> split;
        for (const ConditionSet &way : out)
            for (const ConditionSet &alternative : d->ways) {
                ConditionSet both = way;
                addConditions(both, alternative);
                if (!contradictory(both))
                    split.push_back(std::move(both));
            }
        if (split.empty())
            return std::nullopt; // no way holds together with the others
        out = std::move(split);
    }
    return out;
}

GuardEvaluator::Outcomes GuardEvaluator::callValues(const GuardExpr &call, const Scope &scope, int depth)
{
    if (std::optional<Abstract> env = envSetting(call))
        return {{*env, {}}};
    if (std::optional<Outcomes> fixed = dimensionFixed(call))
        return *fixed;
    // A predicate a profile rule maps (`is_sm90_supported()`), met as a value:
    // a function returning `is_sm90_supported() or is_blackwell_supported()`
    // gives each side, and each side holds where its rule says.
    if (const std::optional<Condition> c = mapped(!call.text.empty() ? call.text : call.chain + "()")) {
        Condition no = *c;
        no.negated = !c->negated;
        return {{{Kind::Bool, true, {}, {}}, {*c}}, {{Kind::Bool, false, {}, {}}, {no}}};
    }
    if (call.chain == "hasattr" && call.operands.size() == 2 && call.operands[1].isLiteral(GuardExpr::Literal::String))
        return hasattrValues(call, scope, depth);
    if (call.chain == "isinstance" && call.operands.size() == 2)
        if (std::optional<Outcomes> known = isinstanceValues(call, scope, depth))
            return *known;
    if (call.chain == "getattr" && call.operands.size() >= 2 && call.operands[1].isLiteral(GuardExpr::Literal::String)
        && !m_configPrefixes.empty())
        if (std::optional<Outcomes> setting = configAttribute(values(call.operands[0], scope, depth + 1), call.operands[1].text))
            return *setting;
    if (std::optional<Outcomes> member = methodOfMember(call, scope, depth))
        return *member;
    if (std::optional<Outcomes> member = enumCall(call, scope, depth))
        return *member;
    const auto segs = splitChain(call.chain);
    if (segs.empty())
        return {{}};
    // A settings field read through a method (`envs.X.get()`) is the setting.
    if (segs.size() >= 2 && segs.back().kind == ChainSegment::Kind::Attr) {
        const std::string object = call.chain.substr(0, call.chain.rfind('.'));
        const Outcomes field = chainValues(object, scope, depth + 1);
        if (!field.empty() && std::all_of(field.begin(), field.end(), [](const Outcome &o) { return o.value.kind == Kind::Setting; }))
            return field;
    }
    Outcomes out;
    for (const Value &v : m_evaluator.evalSegments(segs, segs.size(), scope)) {
        if (v.kind == Value::Kind::Class) {
            out.push_back({{Kind::Object, false, std::to_string(v.id), {}}, v.conditions}); // built here: its class is known
            continue;
        }
        if (v.kind != Value::Kind::Function) {
            // `len(x)`, `int(s)`, `sorted(xs)`: a value, never None.
            const bool value = v.kind == Value::Kind::External && builtinNeverReturnsNone(v.external);
            out.push_back({value ? Abstract{Kind::NotNone, false, {}, {}, {}} : Abstract{}, v.conditions});
            continue;
        }
        // Every function the call may run: overrides of a declared receiver too.
        for (const DispatchTarget &t : m_evaluator.dispatch(v)) {
            const FunctionInfo *fn = m_table.function(t.function);
            ConditionSet conds = v.conditions;
            addConditions(conds, t.conditions);
            if (fn && fn->fact->returnsNothing) {
                // Falling off its end: None (`def use_x(...): n <= m` returns nothing).
                out.push_back({{Kind::None, false, {}, {}}, conds});
                continue;
            }
            if (!fn || fn->fact->returns.empty()) {
                // No return this evaluation can read (a tuple, an operator...).
                out.push_back({{}, conds});
                continue;
            }
            for (const ValueFact &r : fn->fact->returns) {
                Outcomes more = returnedValues(*fn, r, {fn->module, t.function, t.selfClass}, depth + 1);
                for (Outcome &o : more)
                    addConditions(o.conditions, conds);
                out.insert(out.end(), more.begin(), more.end());
            }
        }
        // Past the bound, folded by value (each under the conditions its
        // ways share); given up only when nothing is left of them.
        if (out.size() > caseBound()) {
            out = finish(std::move(out));
            if (out.size() == 1 && out[0].value.kind == Kind::Unknown && out[0].conditions.empty())
                return out;
        }
    }
    return finish(std::move(out));
}

GuardEvaluator::Outcomes GuardEvaluator::conditionalValues(const GuardExpr &e, const Scope &scope, int depth)
{
    Outcomes out;
    for (const Case &c : truth(e.operands[1], scope, depth + 1)) {
        for (const bool taken : {true, false}) {
            if (c.known && c.truth != taken)
                continue;
            for (Outcome o : values(e.operands[taken ? 0 : 2], scope, depth + 1)) {
                addConditions(o.conditions, c.conditions);
                out.push_back(std::move(o));
            }
        }
    }
    return finish(std::move(out));
}

} // namespace katlas
