// Guard evaluation (see guard_evaluator.h and docs/guard-evaluation.md).
#include "resolve/guard_evaluator.h"

#include "resolve/argument_shape.h"
#include "resolve/chain.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace katlas {
namespace {

constexpr int kMaxDepth = 12;
constexpr size_t kMaxCases = 16;

using Kind = GuardEvaluator::Abstract::Kind;

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

Condition settingIs(const std::string &dimension, const std::string &value, bool negated = false)
{
    Condition c;
    c.dimension = dimension;
    c.values = {value};
    c.negated = negated;
    c.text = dimension + (negated ? " != " : " == ") + value;
    return c;
}

// Do two condition sets rule each other out?
bool contradict(const ConditionSet &a, const ConditionSet &b)
{
    for (const Condition &x : a)
        for (const Condition &y : b) {
            if (x.dimension != y.dimension)
                continue;
            if (x.dimension.empty()) {
                if (x.text == y.text && x.negated != y.negated)
                    return true;
                continue;
            }
            auto overlap = [](const Condition &p, const Condition &q) {
                return std::any_of(p.values.begin(), p.values.end(), [&](const std::string &v) {
                    return std::find(q.values.begin(), q.values.end(), v) != q.values.end();
                });
            };
            if (!x.negated && !y.negated && !overlap(x, y))
                return true;
            if (x.negated != y.negated) {
                const Condition &pos = x.negated ? y : x, &neg = x.negated ? x : y;
                if (std::all_of(pos.values.begin(), pos.values.end(), [&](const std::string &v) {
                        return std::find(neg.values.begin(), neg.values.end(), v) != neg.values.end();
                    }))
                    return true;
            }
        }
    return false;
}

ConditionSet joined(const ConditionSet &a, const ConditionSet &b)
{
    ConditionSet out = a;
    addConditions(out, b);
    return out;
}

// Folds the condition sets of several cases into one that each implies: the
// same conditions but for one positive dimension condition, whose values are
// united. nullopt when they differ otherwise.
std::optional<ConditionSet> common(const std::vector<const ConditionSet *> &sets)
{
    ConditionSet out = *sets.front();
    for (size_t s = 1; s < sets.size(); ++s) {
        const ConditionSet &other = *sets[s];
        if (other == out)
            continue;
        if (other.size() != out.size())
            return std::nullopt;
        int differing = -1;
        for (size_t i = 0; i < out.size(); ++i) {
            if (out[i] == other[i])
                continue;
            if (differing >= 0 || out[i].dimension.empty() || out[i].dimension != other[i].dimension || out[i].negated
                || other[i].negated)
                return std::nullopt;
            differing = static_cast<int>(i);
        }
        if (differing >= 0)
            for (const std::string &v : other[static_cast<size_t>(differing)].values)
                if (std::find(out[static_cast<size_t>(differing)].values.begin(),
                              out[static_cast<size_t>(differing)].values.end(), v)
                    == out[static_cast<size_t>(differing)].values.end())
                    out[static_cast<size_t>(differing)].values.push_back(v);
    }
    return out;
}

bool isProperty(const FunctionInfo &fn)
{
    return std::any_of(fn.decorators.begin(), fn.decorators.end(), [](const Decorator &d) {
        return d.chain == "property" || d.chain.size() > 9 && d.chain.compare(d.chain.size() - 9, 9, "_property") == 0;
    });
}

std::string scopeKey(const Scope &s)
{
    std::string key = std::to_string(s.module) + ':' + std::to_string(s.function) + ':' + std::to_string(s.selfClass);
    if (s.variant)
        key += '(' + *s.variant + ')';
    return key;
}

} // namespace

GuardEvaluator::GuardEvaluator(const SymbolTable &table, Evaluator &evaluator, ConditionMapper &mapper, const Profile &profile)
    : m_table(table), m_evaluator(evaluator), m_mapper(mapper), m_profile(profile)
{
    for (const ModuleFacts &f : table.files())
        m_foreignAttributes.insert(f.foreignAttributes.begin(), f.foreignAttributes.end());
    for (const SettingsRule &rule : profile.settings) {
        if (rule.kind != SettingsRule::Kind::Class)
            continue;
        const std::string last = rule.name.substr(rule.name.rfind('.') == std::string::npos ? 0 : rule.name.rfind('.') + 1);
        for (SymbolId id : table.classesNamed(last))
            if (table.symbol(id).qualName == rule.name)
                m_settingsClasses.emplace_back(id, &rule);
    }
}

const GuardExpr &GuardEvaluator::parsed(const std::string &text)
{
    auto it = m_parsed.find(text);
    if (it == m_parsed.end())
        it = m_parsed.emplace(text, parseGuardExpression(text)).first;
    return it->second;
}

std::optional<Condition> GuardEvaluator::mapped(const std::string &text)
{
    Condition c = m_mapper.map({text, false});
    if (c.dimension.empty())
        return std::nullopt;
    return c;
}

ConditionSet GuardEvaluator::conditionsOf(const GuardList &guards, const Scope &scope)
{
    ConditionSet out;
    for (const Guard &g : guards) {
        Condition c = m_mapper.map(g);
        if (!c.dimension.empty()) {
            addCondition(out, c);
            continue;
        }
        const std::optional<Decision> d = decide(g, scope);
        if (!d) {
            addCondition(out, c);
            continue;
        }
        if (d->never) {
            // An empty set of allowed values: no filter lets the path through.
            Condition never;
            never.dimension = "unreachable";
            never.text = g.negated ? "not (" + g.text + ")" : g.text;
            addCondition(out, never);
            continue;
        }
        addConditions(out, d->conditions);
        if (d->keepText)
            addCondition(out, c);
    }
    return out;
}

std::optional<GuardEvaluator::Decision> GuardEvaluator::decide(const Guard &guard, const Scope &given)
{
    // A guard that does not read self means the same in every receiver's copy.
    Scope scope = given;
    if (scope.selfClass && guard.text.find("self") == std::string::npos && guard.text.find("cls") == std::string::npos
        && guard.text.find("super") == std::string::npos)
        scope.selfClass = 0;
    const std::string key = scopeKey(scope) + (guard.negated ? "!" : "=") + guard.text;
    if (auto it = m_decisions.find(key); it != m_decisions.end())
        return it->second;
    if (!m_deciding.insert(key).second)
        return std::nullopt;
    std::optional<Decision> out;
    const Cases cases = truth(parsed(guard.text), scope, 0);
    const bool want = !guard.negated;
    std::vector<const ConditionSet *> matching;
    bool unknown = false, contrary = false;
    for (const Case &c : cases) {
        if (!c.known || c.truth == want) {
            matching.push_back(&c.conditions);
            unknown = unknown || !c.known;
        } else {
            contrary = true;
        }
    }
    if (matching.empty() && contrary) {
        out = Decision{true, {}, false};
    } else if (!matching.empty() && (contrary || !unknown)) {
        std::optional<ConditionSet> conds = common(matching);
        if (!conds) {
            // No one set stands for every way it holds: what they all share
            // is still needed, beside the text.
            ConditionSet shared;
            for (const Condition &c : *matching.front())
                if (std::all_of(matching.begin(), matching.end(),
                                [&](const ConditionSet *m) { return std::find(m->begin(), m->end(), c) != m->end(); }))
                    shared.push_back(c);
            if (!shared.empty()) {
                conds = std::move(shared);
                unknown = true;
            }
        }
        if (conds) {
            Decision d{false, std::move(*conds), unknown};
            // The conditions decide the guard only if every way it fails
            // contradicts them.
            for (const Case &c : cases)
                if (c.known && c.truth != want && !contradict(c.conditions, d.conditions))
                    d.keepText = true;
            if (!d.conditions.empty() || !d.keepText)
                out = std::move(d);
        }
    }
    m_deciding.erase(key);
    if (const char *dbg = std::getenv("KATLAS_DEBUG_GUARD"); dbg && guard.text.find(dbg) != std::string::npos) {
        std::fprintf(stderr, "decide %s [%s] cases=%zu ->", key.c_str(), guard.text.c_str(), cases.size());
        for (const Case &c : cases) {
            std::fprintf(stderr, " {%s%s", c.known ? "" : "?", c.truth ? "T" : "F");
            for (const Condition &x : c.conditions)
                std::fprintf(stderr, " %s%s=%s", x.negated ? "!" : "", x.dimension.c_str(), x.values.empty() ? "" : x.values[0].c_str());
            std::fprintf(stderr, "}");
        }
        std::fprintf(stderr, " => %s\n", !out ? "text" : out->never ? "never" : "conds");
    }
    m_decisions.emplace(key, out);
    return out;
}

std::vector<std::pair<std::string, ConditionSet>> GuardEvaluator::derivedReturns(SymbolId function, const DerivedRule &rule)
{
    std::vector<std::pair<std::string, ConditionSet>> out;
    const FunctionInfo *fn = m_table.function(function);
    if (!fn)
        return out;
    // Results computed while values are names are not results otherwise.
    m_memo.clear();
    m_derived = &rule;
    for (const ValueFact &r : fn->fact->returns)
        for (const Outcome &o : factValues(r, {fn->module, function, 0}, 0)) {
            const std::string value = o.value.kind == Kind::String ? o.value.text : "*";
            if (std::find(out.begin(), out.end(), std::make_pair(value, o.conditions)) == out.end())
                out.emplace_back(value, o.conditions);
        }
    m_derived = nullptr;
    m_memo.clear();
    return out;
}

GuardEvaluator::Cases GuardEvaluator::truth(const GuardExpr &e, const Scope &scope, int depth)
{
    if (depth > kMaxDepth)
        return {{false, false, {}}};
    if (e.kind == GuardExpr::Kind::Chain || e.kind == GuardExpr::Kind::Call || e.kind == GuardExpr::Kind::Equal
        || e.kind == GuardExpr::Kind::NotEqual || e.kind == GuardExpr::Kind::IsNone || e.kind == GuardExpr::Kind::IsNotNone
        || e.kind == GuardExpr::Kind::Other)
        if (depth > 0 && !e.text.empty())
            if (std::optional<Condition> c = mapped(e.text)) {
                Condition no = *c;
                no.negated = true;
                return {{true, true, {*c}}, {true, false, {no}}};
            }
    Cases out;
    switch (e.kind) {
    case GuardExpr::Kind::Not:
        out = truth(e.operands[0], scope, depth + 1);
        for (Case &c : out)
            c.truth = !c.truth;
        return out;
    case GuardExpr::Kind::And:
    case GuardExpr::Kind::Or: {
        // `and` stops at the first false side, `or` at the first true one.
        const bool stop = e.kind == GuardExpr::Kind::Or;
        for (const Case &l : truth(e.operands[0], scope, depth + 1)) {
            if (l.known && l.truth == stop) {
                out.push_back(l);
                continue;
            }
            for (const Case &r : truth(e.operands[1], scope, depth + 1)) {
                if (contradict(l.conditions, r.conditions))
                    continue;
                Case c{l.known && r.known, r.truth, joined(l.conditions, r.conditions)};
                if (!l.known && r.known && r.truth == stop)
                    c.known = true; // the right side alone decides it
                out.push_back(std::move(c));
            }
            if (out.size() > kMaxCases)
                return {{false, false, {}}};
        }
        return out;
    }
    case GuardExpr::Kind::IsNone:
    case GuardExpr::Kind::IsNotNone:
    case GuardExpr::Kind::Equal:
    case GuardExpr::Kind::NotEqual:
    case GuardExpr::Kind::In:
    case GuardExpr::Kind::NotIn:
        return compare(e, scope, depth);
    case GuardExpr::Kind::Other:
        return {{false, false, {}}};
    default:
        return truthOf(values(e, scope, depth));
    }
}

GuardEvaluator::Cases GuardEvaluator::truthOf(const Outcomes &outcomes)
{
    Cases out;
    for (const Outcome &o : outcomes) {
        const Abstract &v = o.value;
        switch (v.kind) {
        case Kind::Unknown:
        case Kind::NotNone: // a literal that is not None may still be false
            out.push_back({false, false, o.conditions});
            break;
        case Kind::None:
            out.push_back({true, false, o.conditions});
            break;
        case Kind::Bool:
            out.push_back({true, v.truth, o.conditions});
            break;
        case Kind::Number:
            out.push_back({true, v.text != "0" && v.text != "0.0", o.conditions});
            break;
        case Kind::String:
            out.push_back({true, !v.text.empty(), o.conditions});
            break;
        case Kind::Object:
            out.push_back({true, true, o.conditions});
            break;
        case Kind::Setting:
            if (v.fallback == "true" || v.fallback == "false") {
                out.push_back({true, true, joined(o.conditions, {settingIs(v.text, "true")})});
                out.push_back({true, false, joined(o.conditions, {settingIs(v.text, "false")})});
            } else if (v.fallback == "none") {
                out.push_back({true, false, joined(o.conditions, {settingIs(v.text, "none")})});
                out.push_back({false, false, joined(o.conditions, {settingIs(v.text, "none", true)})});
            } else {
                const bool truthy = !v.fallback.empty() && v.fallback != "0";
                out.push_back({true, truthy, joined(o.conditions, {settingIs(v.text, v.fallback)})});
                out.push_back({false, false, joined(o.conditions, {settingIs(v.text, v.fallback, true)})});
            }
            break;
        }
        if (out.size() > kMaxCases)
            return {{false, false, {}}};
    }
    if (out.empty())
        out.push_back({false, false, {}});
    return out;
}

GuardEvaluator::Cases GuardEvaluator::compare(const GuardExpr &e, const Scope &scope, int depth)
{
    const bool negated = e.kind == GuardExpr::Kind::IsNotNone || e.kind == GuardExpr::Kind::NotEqual
        || e.kind == GuardExpr::Kind::NotIn;
    std::vector<Abstract> literals;
    if (e.kind == GuardExpr::Kind::IsNone || e.kind == GuardExpr::Kind::IsNotNone)
        literals.push_back({Kind::None, false, {}, {}});
    else
        for (size_t i = 1; i < e.operands.size(); ++i)
            literals.push_back(literal(e.operands[i]));
    auto valueText = [](const Abstract &a) {
        switch (a.kind) {
        case Kind::None: return std::string("none");
        case Kind::Bool: return std::string(a.truth ? "true" : "false");
        default: return a.text;
        }
    };
    Cases out;
    for (const Outcome &o : values(e.operands[0], scope, depth + 1)) {
        const Abstract &v = o.value;
        if (v.kind == Kind::Unknown || literals.empty()) {
            out.push_back({false, false, o.conditions});
        } else if (v.kind == Kind::Setting) {
            Condition in = settingIs(v.text, valueText(literals[0]));
            in.values.clear();
            for (const Abstract &l : literals)
                in.values.push_back(valueText(l));
            Condition notIn = in;
            notIn.negated = true;
            out.push_back({true, !negated, joined(o.conditions, {in})});
            out.push_back({true, negated, joined(o.conditions, {notIn})});
        } else if (v.kind == Kind::Object || (v.kind == Kind::NotNone && literals[0].kind == Kind::None)) {
            out.push_back({true, negated, o.conditions});
        } else if (v.kind == Kind::NotNone) {
            out.push_back({false, false, o.conditions});
        } else {
            const bool equal = std::any_of(literals.begin(), literals.end(), [&](const Abstract &l) {
                return l.kind == v.kind && valueText(l) == valueText(v);
            });
            out.push_back({true, equal != negated, o.conditions});
        }
        if (out.size() > kMaxCases)
            return {{false, false, {}}};
    }
    if (out.empty())
        out.push_back({false, false, {}});
    return out;
}

GuardEvaluator::Abstract GuardEvaluator::literal(const GuardExpr &e) const
{
    Abstract a;
    if (e.kind != GuardExpr::Kind::Literal)
        return a;
    switch (e.literal) {
    case GuardExpr::Literal::None: a.kind = Kind::None; break;
    case GuardExpr::Literal::True: a.kind = Kind::Bool; a.truth = true; break;
    case GuardExpr::Literal::False: a.kind = Kind::Bool; a.truth = false; break;
    case GuardExpr::Literal::Number: a.kind = Kind::Number; a.text = e.text; break;
    case GuardExpr::Literal::String: a.kind = Kind::String; a.text = e.text; break;
    }
    return a;
}

GuardEvaluator::Outcomes GuardEvaluator::values(const GuardExpr &e, const Scope &scope, int depth)
{
    if (depth > kMaxDepth)
        return {{}};
    switch (e.kind) {
    case GuardExpr::Kind::Literal:
        return {{literal(e), {}}};
    case GuardExpr::Kind::Chain:
        return chainValues(e.chain, scope, depth);
    case GuardExpr::Kind::Call:
        return callValues(e, scope, depth);
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
    const std::string key = scopeKey(scope) + '#' + chain;
    if (auto it = m_memo.find(key); it != m_memo.end())
        return it->second;
    if (!m_inProgress.insert(key).second)
        return {{}};
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
    } else if (segs.back().kind == ChainSegment::Kind::Attr) {
        for (const Value &v : m_evaluator.evalSegments(segs, segs.size() - 1, scope)) {
            Outcomes more = attributeValues(v, segs.back().name, depth);
            for (Outcome &o : more)
                addConditions(o.conditions, v.conditions);
            out.insert(out.end(), more.begin(), more.end());
        }
    }
    if (out.empty())
        out = {{}};
    if (out.size() > kMaxCases)
        out = {{}};
    m_inProgress.erase(key);
    m_memo.emplace(key, out);
    return out;
}

GuardEvaluator::Outcomes GuardEvaluator::attributeValues(const Value &object, const std::string &name, int depth)
{
    Outcomes out;
    switch (object.kind) {
    case Value::Kind::Module:
        if (const auto &globals = m_table.moduleAt(object.module).globals; globals.count(name))
            return bindingValues(globals.at(name), {object.module, 0, 0}, depth + 1);
        break;
    case Value::Kind::Instance:
    case Value::Kind::Class: {
        const SymbolId cls = object.kind == Value::Kind::Instance ? object.selfClass : object.id;
        if (std::optional<Abstract> s = setting(cls, name))
            return {{*s, {}}};
        const ClassInfo *c = m_table.cls(cls);
        if (!c)
            break;
        if (m_foreignAttributes.count(name))
            return {{}};
        // A property is what its getter returns; another method read as a
        // flag is a bound method: truthy.
        if (const SymbolId method = m_table.lookupMethod(cls, name)) {
            const FunctionInfo *fn = m_table.function(method);
            if (!fn || !isProperty(*fn))
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
                        out.insert(out.end(), more.begin(), more.end());
                    }
            if (auto a = ki->classAttrs.find(name); a != ki->classAttrs.end() && out.empty()) {
                // An annotated class attribute of an instance is a field
                // (a dataclass's): its value is whatever the constructor got.
                const bool field = object.kind == Value::Kind::Instance
                    && std::any_of(a->second.begin(), a->second.end(), [](const Binding &b) {
                           return b.kind == Binding::Kind::Assignment && !b.assignment->annotation.empty();
                       });
                Outcomes more = field ? Outcomes{{}} : bindingValues(a->second, {ki->module, 0, 0}, depth + 1);
                out.insert(out.end(), more.begin(), more.end());
            }
        }
        break;
    }
    case Value::Kind::Function:
        return {{{Kind::Object, false, {}, {}}, {}}};
    default:
        break;
    }
    if (out.empty())
        out.push_back({});
    return out;
}

GuardEvaluator::Outcomes GuardEvaluator::nameValues(const std::string &name, const Scope &scope, int depth)
{
    SymbolId fnId = scope.function;
    while (fnId) {
        const FunctionInfo *fn = m_table.function(fnId);
        if (!fn)
            break;
        for (const Param &p : fn->fact->params)
            if (p.name == name) {
                // A copy made for calls of one shape knows which arguments are None.
                if (fnId == scope.function && scope.variant) {
                    const auto bound = bindArguments(*fn->fact, fn->cls && !fn->isStatic, *scope.variant);
                    if (const auto it = bound.find(name); it != bound.end())
                        return {{{it->second == 'N' ? Kind::None : Kind::NotNone, false, {}, {}}, {}}};
                }
                return {{}}; // what callers pass is not known here
            }
        const BindingMap &locals = m_table.localsOf(*fn);
        if (auto it = locals.find(name); it != locals.end())
            return bindingValues(it->second, {fn->module, fnId, fnId == scope.function ? scope.selfClass : 0}, depth + 1);
        fnId = fn->outer;
    }
    const ModuleInfo &mod = m_table.moduleAt(scope.module);
    if (auto it = mod.globals.find(name); it != mod.globals.end())
        return bindingValues(it->second, {scope.module, 0, 0}, depth + 1);
    return {{}};
}

GuardEvaluator::Outcomes GuardEvaluator::bindingValues(const std::vector<Binding> &bindings, const Scope &scope, int depth)
{
    Outcomes out;
    for (const Binding &b : bindings) {
        Outcomes more;
        switch (b.kind) {
        case Binding::Kind::Definition:
            more = {{{Kind::Object, false, {}, {}}, {}}};
            break;
        case Binding::Kind::Assignment:
            if (b.assignment->value.chain.empty() && b.assignment->value.expr.empty() && !b.assignment->annotation.empty())
                continue; // an annotation alone: `x: T`
            more = factValues(b.assignment->value, scope, depth);
            break;
        case Binding::Kind::Import: {
            const ImportFact &imp = *b.import;
            const ModuleInfo *target = m_table.module(m_table.absoluteModule(m_table.moduleAt(scope.module), imp));
            if (!imp.name.empty() && target && target->globals.count(imp.name)) {
                const int index = static_cast<int>(m_table.symbol(target->symbol).fileId - 1);
                more = bindingValues(target->globals.at(imp.name), {index, 0, 0}, depth + 1);
            } else {
                more = {{}};
            }
            break;
        }
        }
        out.insert(out.end(), more.begin(), more.end());
        if (out.size() > kMaxCases)
            return {{}};
    }
    if (out.empty())
        out.push_back({});
    return out;
}

GuardEvaluator::Outcomes GuardEvaluator::factValues(const ValueFact &fact, const Scope &scope, int depth)
{
    if (depth > kMaxDepth)
        return {{}};
    const std::optional<ConditionSet> guards = guardConditions(fact.guards, scope, depth);
    if (!guards)
        return {};
    if (fact.unpacked)
        return {{{}, *guards}};
    Outcomes out;
    if (!fact.expr.empty())
        out = values(parsed(fact.expr), scope, depth + 1);
    else if (!fact.chain.empty())
        out = chainValues(fact.chain, scope, depth + 1);
    else
        out = {{}};
    for (Outcome &o : out)
        addConditions(o.conditions, *guards);
    return out;
}

std::optional<ConditionSet> GuardEvaluator::guardConditions(const GuardList &guards, const Scope &scope, int depth)
{
    ConditionSet out;
    for (const Guard &g : guards) {
        const Condition c = m_mapper.map(g);
        if (!c.dimension.empty()) {
            addCondition(out, c);
            continue;
        }
        // A value under a guard that is decided only counts where it holds;
        // under guards known no better it counts as possible.
        if (depth >= kMaxDepth / 2)
            continue;
        const std::optional<Decision> d = decide(g, scope);
        if (d && d->never)
            return std::nullopt;
        if (d)
            addConditions(out, d->conditions);
    }
    return out;
}

GuardEvaluator::Outcomes GuardEvaluator::callValues(const GuardExpr &call, const Scope &scope, int depth)
{
    if (std::optional<Abstract> env = envSetting(call))
        return {{*env, {}}};
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
            out.push_back({{Kind::Object, false, {}, {}}, v.conditions});
            continue;
        }
        if (v.kind != Value::Kind::Function) {
            out.push_back({{}, v.conditions});
            continue;
        }
        // Every function the call may run: overrides of a declared receiver too.
        for (const DispatchTarget &t : m_evaluator.dispatch(v)) {
            const FunctionInfo *fn = m_table.function(t.function);
            ConditionSet conds = v.conditions;
            addConditions(conds, t.conditions);
            if (!fn || fn->fact->returns.empty()) {
                // No return this evaluation can read (a tuple, an operator...).
                out.push_back({{}, conds});
                continue;
            }
            for (const ValueFact &r : fn->fact->returns) {
                Outcomes more = factValues(r, {fn->module, t.function, t.selfClass}, depth + 1);
                for (Outcome &o : more)
                    addConditions(o.conditions, conds);
                out.insert(out.end(), more.begin(), more.end());
            }
        }
        if (out.size() > kMaxCases)
            return {{}};
    }
    if (out.empty())
        out.push_back({});
    return out;
}

std::optional<GuardEvaluator::Abstract> GuardEvaluator::setting(SymbolId cls, const std::string &name)
{
    for (const auto &[settingsClass, rule] : m_settingsClasses) {
        if (!m_table.isSubclass(cls, settingsClass))
            continue;
        const ClassInfo *c = m_table.cls(settingsClass);
        const auto it = c->classAttrs.find(name);
        if (it == c->classAttrs.end())
            return std::nullopt;
        for (const Binding &b : it->second) {
            if (b.kind != Binding::Kind::Assignment || b.assignment->value.expr.empty())
                continue;
            const GuardExpr &value = parsed(b.assignment->value.expr);
            // `X: bool = False`, or a field object `X = EnvBool(False)`.
            const GuardExpr *lit = value.kind == GuardExpr::Kind::Literal ? &value
                : value.kind == GuardExpr::Kind::Call && !value.operands.empty()
                    && value.operands[0].kind == GuardExpr::Kind::Literal
                ? &value.operands[0]
                : nullptr;
            if (!lit)
                continue;
            Abstract a{Kind::Setting, false, rule->prefix + "." + name, {}};
            a.fallback = lit->literal == GuardExpr::Literal::True ? "true"
                : lit->literal == GuardExpr::Literal::False       ? "false"
                : lit->literal == GuardExpr::Literal::None        ? "none"
                                                                  : lit->text;
            m_defaults.emplace(a.text, a.fallback);
            return a;
        }
        return std::nullopt;
    }
    return std::nullopt;
}

std::optional<GuardEvaluator::Abstract> GuardEvaluator::envSetting(const GuardExpr &call)
{
    const std::string last = call.chain.substr(call.chain.rfind('.') == std::string::npos ? 0 : call.chain.rfind('.') + 1);
    for (const SettingsRule &rule : m_profile.settings) {
        if (rule.kind != SettingsRule::Kind::EnvReader || rule.name != last)
            continue;
        if (call.operands.empty() || !call.operands[0].isLiteral(GuardExpr::Literal::String))
            return std::nullopt;
        std::string fallback = rule.defaultValue;
        const GuardExpr *given = static_cast<size_t>(rule.defaultArg) < call.operands.size()
            ? &call.operands[static_cast<size_t>(rule.defaultArg)]
            : nullptr;
        for (const auto &[k, v] : call.keywords)
            if (k == rule.defaultKeyword)
                given = &v;
        if (given) {
            if (given->kind != GuardExpr::Kind::Literal)
                return std::nullopt;
            fallback = given->literal == GuardExpr::Literal::True ? "true"
                : given->literal == GuardExpr::Literal::False       ? "false"
                : given->literal == GuardExpr::Literal::None        ? "none"
                                                                    : lower(given->text);
        }
        if (fallback == "1")
            fallback = "true";
        else if (fallback == "0" && rule.defaultValue == "false")
            fallback = "false";
        Abstract a{Kind::Setting, false, rule.prefix + "." + call.operands[0].text, fallback};
        m_defaults.emplace(a.text, a.fallback);
        return a;
    }
    return std::nullopt;
}

} // namespace katlas
