// Guard evaluation (see guard_evaluator.h and docs/guard-evaluation.md).
#include "resolve/guard_evaluator.h"
#include "resolve/guard_limits.h"
#include "resolve/runtime_locals.h"

#include "graph/condition_ways.h"
#include "graph/runtime_condition.h"
#include "profile/model_config.h"

#include <utility>
#include "resolve/argument_shape.h"
#include "resolve/chain.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>

namespace katlas {

using namespace guard_limits;
namespace {


using Kind = GuardEvaluator::Abstract::Kind;


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



bool asksAll(const ConditionSet &way, const ConditionSet &of)
{
    return std::all_of(of.begin(), of.end(), [&](const Condition &c) { return std::find(way.begin(), way.end(), c) != way.end(); });
}

// The ways a guard may hold, for a filter to rule out one by one; none when
// one of them needs nothing (it may always hold) or they are too many. A way
// that asks for all another asks and more adds nothing (a or (a and b) is a),
// so the bound counts only the ways left once those are dropped.
std::vector<ConditionSet> alternativesOf(const std::vector<const ConditionSet *> &matching)
{
    constexpr size_t kMaxWays = 24;
    std::vector<ConditionSet> ways;
    for (const ConditionSet *m : matching) {
        ConditionSet way;
        for (Condition c : *m)
            if (!c.dimension.empty() && c.dimension != kUnreachable) {
                c.text.clear();
                way.push_back(std::move(c));
            }
        if (way.empty())
            return {};
        ways.push_back(std::move(way));
    }
    std::vector<ConditionSet> out;
    for (size_t i = 0; i < ways.size(); ++i) {
        bool implied = false;
        for (size_t j = 0; j < ways.size() && !implied; ++j)
            implied = j != i && asksAll(ways[i], ways[j]) && (!asksAll(ways[j], ways[i]) || j < i);
        if (!implied)
            out.push_back(ways[i]);
    }
    if (out.size() > kMaxWays)
        return {};
    return out;
}

// Past the ways told apart, what holds wherever the guard does: a dimension
// every way names a value of takes one of those values (each way built in
// one of a few places: the guard needs one of them). Where every way is tied
// to building places, an enclosing builder's place that some name is kept
// too, with the places they name (guard_limits::keepShared). Negations and
// unmapped text are left out.
ConditionSet valuesEveryWayNames(const std::vector<const ConditionSet *> &matching)
{
    const bool placed = std::all_of(matching.begin(), matching.end(), [](const ConditionSet *m) { return namesAPlace(*m); });
    ConditionSet out;
    for (const ConditionSet *way : matching)
        for (const Condition &first : *way) {
            if (first.dimension.empty() || first.negated || first.dimension == kUnreachable
                || std::any_of(out.begin(), out.end(), [&](const Condition &c) { return c.dimension == first.dimension; }))
                continue;
            Condition any = first;
            bool everyWay = true;
            for (const ConditionSet *m : matching) {
                const auto same = std::find_if(m->begin(), m->end(), [&](const Condition &c) {
                    return !c.negated && c.dimension == first.dimension;
                });
                if (same == m->end()) {
                    everyWay = false;
                    continue;
                }
                for (const std::string &v : same->values)
                    if (std::find(any.values.begin(), any.values.end(), v) == any.values.end())
                        any.values.push_back(v);
            }
            if (everyWay || (placed && isAllocationDimension(first.dimension))) {
                std::sort(any.values.begin(), any.values.end());
                any.text.clear();
                out.push_back(std::move(any));
            }
        }
    return out;
}

} // namespace


std::string GuardEvaluator::scopeKey(const Scope &s) const
{
    std::string key = std::to_string(s.module) + ':' + std::to_string(s.function) + ':' + std::to_string(s.selfClass);
    if (s.variant)
        key += '(' + *s.variant + ')';
    if (s.args)
        key += '[' + Evaluator::argsKey(s.args) + ']';
    if (m_localCut && m_localCut->function == s.function)
        key += '<' + m_localCut->name + '@' + std::to_string(m_localCut->line) + '>';
    if (m_reader && m_reader->function == s.function)
        key += '@' + std::to_string(m_reader->line);
    if (m_readAt && m_readAt->function == s.function) {
        key += '^' + std::to_string(m_readAt->line);
        if (!m_readAt->inside.empty())
            key += '/' + std::to_string(m_readAt->inside.size());
    }
    return key;
}

GuardEvaluator::GuardEvaluator(const SymbolTable &table, Evaluator &evaluator, ConditionMapper &mapper, const Profile &profile)
    : m_table(table), m_evaluator(evaluator), m_mapper(mapper), m_profile(profile)
{
    m_foreignAssignments = table.foreignAssignments();
    for (const SettingsRule &rule : profile.settings) {
        if (rule.kind == SettingsRule::Kind::Config)
            m_configPrefixes.push_back(rule.prefix);
        if (rule.kind != SettingsRule::Kind::Class)
            continue;
        const std::string last = rule.name.substr(rule.name.rfind('.') == std::string::npos ? 0 : rule.name.rfind('.') + 1);
        for (SymbolId id : table.classesNamed(last))
            if (table.symbol(id).qualName == rule.name)
                m_settingsClasses.emplace_back(id, &rule);
    }
}

void GuardEvaluator::releaseMemos()
{
    m_memo.clear();
    m_kept.clear();
    decltype(m_parsed)().swap(m_parsed);
    decltype(m_callsByName)().swap(m_callsByName);
    m_callsFiled = false;
    decltype(m_callsOfFunction)().swap(m_callsOfFunction);
}

const GuardExpr &GuardEvaluator::parsed(const std::string &text)
{
    auto it = m_parsed.find(text);
    if (it == m_parsed.end())
        it = m_parsed.emplace(text, parseGuardExpression(text)).first;
    return it->second;
}

std::optional<std::string> GuardEvaluator::throughLocal(const std::string &text, const Scope &scope) const
{
    size_t end = 0;
    while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_'))
        ++end;
    if (end == 0 || end == text.size() || text[end] != '.' || !scope.function)
        return std::nullopt;
    const FunctionInfo *fn = m_table.function(scope.function);
    if (!fn)
        return std::nullopt;
    const BindingMap &locals = m_table.localsOf(*fn);
    const std::string name = text.substr(0, end);
    const auto it = locals.find(name);
    if (it == locals.end())
        return std::nullopt;
    const std::vector<Binding> reaching = bindingsBeforeRead(*fn, name, it->second);
    if (reaching.size() != 1 || reaching[0].kind != Binding::Kind::Assignment)
        return std::nullopt;
    const ValueFact &v = reaching[0].assignment->value;
    if (v.chain.empty() || v.unpacked || !v.guards.empty())
        return std::nullopt;
    return v.chain + text.substr(end);
}

std::vector<Binding> GuardEvaluator::bindingsBeforeRead(const FunctionInfo &fn, const std::string &name,
                                                        const std::vector<Binding> &bindings) const
{
    // Read inside an assignment to the local (m_localCut), or at an `if`
    // (m_readAt): the assignments made after that line, or inside the tested
    // `if`, do not reach it.
    int line = 0;
    const GuardList *inside = nullptr;
    if (m_readAt && m_readAt->function == fn.symbol) {
        line = m_readAt->line;
        inside = &m_readAt->inside;
    }
    if (m_localCut && m_localCut->function == fn.symbol && m_localCut->name == name)
        line = line > 0 ? std::min(line, m_localCut->line) : m_localCut->line;
    if (line <= 0 || bindings.size() < 2)
        return bindings;
    std::vector<Binding> out;
    for (const Binding &b : bindings) {
        if (b.kind == Binding::Kind::Assignment) {
            const ValueFact &v = b.assignment->value;
            if (v.line >= line || (inside && !inside->empty() && guard_limits::startsWith(v.guards, *inside)))
                continue;
        }
        out.push_back(b);
    }
    return out;
}

// Values past the bound folded; while an isinstance test evaluates its
// object, its classes are told apart by whether they pass (guard_isinstance.cpp).
GuardEvaluator::Outcomes GuardEvaluator::fold(Outcomes out, std::optional<size_t> bound) const
{
    return guard_limits::foldedByValue(std::move(out), bound.value_or(caseBound()), m_classTest ? &m_classTest : nullptr,
                                       m_noneTest);
}

GuardEvaluator::Outcomes GuardEvaluator::finish(Outcomes out, std::optional<size_t> bound) const
{
    return guard_limits::finished(std::move(out), bound.value_or(caseBound()), m_classTest ? &m_classTest : nullptr,
                                  m_noneTest);
}

std::optional<Condition> GuardEvaluator::mapped(const std::string &text)
{
    Condition c = m_mapper.map({text, false});
    if (c.dimension.empty())
        return std::nullopt;
    return c;
}

ConditionSet GuardEvaluator::conditionsOf(const GuardList &guards, const Scope &scope, int line)
{
    ConditionSet out;
    for (const Guard &g : guards) {
        Condition c = m_mapper.map(g);
        if (!c.dimension.empty()) {
            addCondition(out, c);
            continue;
        }
        const std::optional<Decision> d
            = readsRuntimeState(g.text) ? std::nullopt : decideAt(guards, static_cast<size_t>(&g - guards.data()), scope, line);
        if (!d) {
            if (const FunctionInfo *fn = scope.function ? m_table.function(scope.function) : nullptr)
                c.text = withRuntimeLocals(m_table, *fn, c.text, line);
            addCondition(out, c);
            continue;
        }
        if (d->never) {
            // An empty set of allowed values: no filter lets the path through.
            Condition never;
            never.dimension = kUnreachable;
            never.text = g.negated ? "not (" + g.text + ")" : g.text;
            addCondition(out, never);
            continue;
        }
        addConditions(out, d->conditions);
        if (d->keepText) {
            setWays(c, d->ways);
            addCondition(out, c);
        }
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
    // Decided for one call's `if` on `self.x` (guard_reaching.cpp), or for any.
    std::optional<Reader> reader = std::exchange(m_pendingReader, std::nullopt);
    if (reader && reader->function != scope.function)
        reader.reset();
    struct Restore {
        std::optional<Reader> &slot;
        std::optional<Reader> saved;
        ~Restore() { slot = std::move(saved); }
    } restore{m_reader, std::exchange(m_reader, std::move(reader))};
    const std::string keyText = scopeKey(scope) + (guard.negated ? "!" : "=") + guard.text;
    const MemoKey key = memoKey(keyText);
    if (auto it = m_decisions.find(key); it != m_decisions.end())
        return it->second ? std::optional<Decision>(OutcomeStore::unpack(*it->second)) : std::nullopt;
    const WithoutClassTest decidedAlike{*this};
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
        std::vector<ConditionSet> ways;
        if (!conds) {
            // No one set stands for every way it holds: what they all share
            // is still needed, beside the text, which keeps the ways.
            ConditionSet shared;
            for (const Condition &c : *matching.front())
                if (std::all_of(matching.begin(), matching.end(),
                                [&](const ConditionSet *m) { return std::find(m->begin(), m->end(), c) != m->end(); }))
                    shared.push_back(c);
            ways = alternativesOf(matching);
            if (ways.empty())
                addConditions(shared, valuesEveryWayNames(matching));
            if (!shared.empty() || !ways.empty()) {
                conds = std::move(shared);
                unknown = true;
            }
        }
        if (conds) {
            Decision d{false, std::move(*conds), unknown, std::move(ways)};
            // The conditions decide the guard only if every way it fails
            // contradicts them.
            for (const Case &c : cases)
                if (c.known && c.truth != want && !contradict(c.conditions, d.conditions))
                    d.keepText = true;
            if (!d.conditions.empty() || !d.keepText || !d.ways.empty())
                out = std::move(d);
        }
    }
    if (const char *dbg = std::getenv("KATLAS_DEBUG_GUARD"); dbg && guard.text.find(dbg) != std::string::npos) {
        std::fprintf(stderr, "decide %s [%s] cases=%zu ->", keyText.c_str(), guard.text.c_str(), cases.size());
        for (const Case &c : cases) {
            std::fprintf(stderr, " {%s%s", c.known ? "" : "?", c.truth ? "T" : "F");
            for (const Condition &x : c.conditions)
                std::fprintf(stderr, " %s%s=%s", x.negated ? "!" : "", x.dimension.c_str(), x.values.empty() ? "" : x.values[0].c_str());
            std::fprintf(stderr, "}");
        }
        std::fprintf(stderr, " => %s\n", !out ? "text" : out->never ? "never" : "conds");
    }
    m_deciding.erase(key);
    m_decisions.emplace(key, out ? std::optional<OutcomeStore::PackedDecision>(m_decided.pack(*out)) : std::nullopt);
    return out;
}

std::vector<std::pair<std::string, ConditionSet>> GuardEvaluator::derivedReturns(SymbolId function, const DerivedRule &rule)
{
    std::vector<std::pair<std::string, ConditionSet>> out;
    const FunctionInfo *fn = m_table.function(function);
    if (!fn)
        return out;
    m_derived = &rule;
    for (const ValueFact &r : fn->fact->returns)
        for (const Outcome &o : factValues(r, {fn->module, function, 0}, 0)) {
            const std::string value = o.value.kind == Kind::String ? o.value.text : "*";
            if (std::find(out.begin(), out.end(), std::make_pair(value, o.conditions)) == out.end())
                out.emplace_back(value, o.conditions);
        }
    m_derived = nullptr;
    return out;
}

GuardEvaluator::Cases GuardEvaluator::truth(const GuardExpr &e, const Scope &scope, int depth)
{
    if (depth > kMaxDepth)
        return {{false, false, {}}};
    if (e.kind == GuardExpr::Kind::Chain || e.kind == GuardExpr::Kind::Call || e.kind == GuardExpr::Kind::Equal
        || e.kind == GuardExpr::Kind::NotEqual || e.kind == GuardExpr::Kind::IsNone || e.kind == GuardExpr::Kind::IsNotNone
        || e.kind == GuardExpr::Kind::Order || e.kind == GuardExpr::Kind::Other)
        if (!e.text.empty()) {
            // The text as written, and with a local read through its one
            // assignment (`backend = get_moe_runner_backend()` makes
            // `backend.is_triton_kernels()` the text a profile rule maps).
            std::optional<Condition> c = depth > 0 ? mapped(e.text) : std::nullopt;
            if (!c)
                if (const std::optional<std::string> text = throughLocal(e.text, scope))
                    c = mapped(*text);
            if (c) {
                Condition no = *c;
                no.negated = !c->negated; // `x is not None` maps to a negated rule
                return {{true, true, {*c}}, {true, false, {no}}};
            }
            if (const std::optional<std::string> body = predicateBody(e, scope))
                return truth(parsed(*body), scope, depth + 1);
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
        std::optional<Cases> right;
        for (const Case &l : truth(e.operands[0], scope, depth + 1)) {
            if (l.known && l.truth == stop) {
                out.push_back(l);
                continue;
            }
            if (!right)
                right = truth(e.operands[1], scope, depth + 1);
            for (const Case &r : *right) {
                if (contradict(l.conditions, r.conditions))
                    continue;
                Case c{l.known && r.known, r.truth, joined(l.conditions, r.conditions)};
                if (!l.known && r.known && r.truth == stop)
                    c.known = true; // the right side alone decides it
                out.push_back(std::move(c));
            }
            out = folded(std::move(out));
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
    case GuardExpr::Kind::Order:
        return orderCases(e, scope, depth);
    case GuardExpr::Kind::Contains:
    case GuardExpr::Kind::NotContains:
        return containsCases(e, scope, depth);
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
        case Kind::Config:
        case Kind::Tuple: // never empty
            out.push_back({true, true, o.conditions});
            break;
        case Kind::Setting:
            if (v.fallback.empty()) {
                // No default (a model's configuration value): false when 0,
                // False or None, or when the checkpoint lacks it (`getattr(config, "x", None)`).
                Condition falsy = settingIs(v.text, "0");
                falsy.values = {"0", "absent", "false", "none"};
                Condition truthy = falsy;
                truthy.negated = true;
                out.push_back({true, true, joined(o.conditions, {truthy})});
                out.push_back({true, false, joined(o.conditions, {falsy})});
            } else if (v.fallback == "true" || v.fallback == "false") {
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
    }
    if (out.empty())
        out.push_back({false, false, {}});
    return folded(std::move(out));
}

GuardEvaluator::Cases GuardEvaluator::compare(const GuardExpr &e, const Scope &scope, int depth)
{
    const bool negated = e.kind == GuardExpr::Kind::IsNotNone || e.kind == GuardExpr::Kind::NotEqual
        || e.kind == GuardExpr::Kind::NotIn;
    std::vector<Abstract> literals;
    bool unknownSide = false; // compared with what no evaluation pins down
    if (e.kind == GuardExpr::Kind::IsNone || e.kind == GuardExpr::Kind::IsNotNone)
        literals.push_back({Kind::None, false, {}, {}});
    else
        for (size_t i = 1; i < e.operands.size(); ++i) {
            Abstract l = literal(e.operands[i]);
            if (l.kind == Kind::Unknown)
                if (std::optional<Abstract> named = constantOf(e.operands[i], scope, depth))
                    l = *named;
            unknownSide = unknownSide || l.kind == Kind::Unknown;
            literals.push_back(l);
        }
    auto valueText = [](const Abstract &a) {
        switch (a.kind) {
        case Kind::None: return std::string("none");
        case Kind::Bool: return std::string(a.truth ? "true" : "false");
        default: return a.text;
        }
    };
    const bool equality = e.kind == GuardExpr::Kind::Equal || e.kind == GuardExpr::Kind::NotEqual;
    // A None test left open by folding is evaluated again by None-ness (guard_none_test.cpp).
    const auto evaluate = [&]() {
        Cases out;
        for (const Outcome &o : values(e.operands[0], scope, depth + 1)) {
            const Abstract &v = o.value;
            if (equality && e.operands.size() == 2 && sameAs(v, e.operands[1])) {
                out.push_back({true, !negated, o.conditions});
            } else if (v.kind == Kind::Unknown || literals.empty() || unknownSide) {
                out.push_back({false, false, o.conditions});
            } else if (v.kind == Kind::Setting) {
                Condition in = settingIs(v.text, valueText(literals[0]));
                in.values.clear();
                for (const Abstract &l : literals) {
                    in.values.push_back(valueText(l));
                    // A key the checkpoint lacks reads as None (`getattr(config, "x", None)`).
                    if (l.kind == Kind::None && isConfigSetting(v.text))
                        in.values.push_back(kAbsentSetting);
                }
                Condition notIn = in;
                notIn.negated = true;
                out.push_back({true, !negated, joined(o.conditions, {in})});
                out.push_back({true, negated, joined(o.conditions, {notIn})});
            } else if (v.kind == Kind::Object || v.kind == Kind::Config || (v.kind == Kind::NotNone && literals[0].kind == Kind::None)) {
                out.push_back({true, negated, o.conditions});
            } else if (v.kind == Kind::NotNone) {
                out.push_back({false, false, o.conditions});
            } else {
                const bool equal = std::any_of(literals.begin(), literals.end(), [&](const Abstract &l) {
                    return l.kind == v.kind && valueText(l) == valueText(v);
                });
                out.push_back({true, equal != negated, o.conditions});
            }
        }
        if (out.empty())
            out.push_back({false, false, {}});
        return folded(std::move(out), caseBound());
    };
    const Cases out = evaluate();
    if ((e.kind == GuardExpr::Kind::IsNone || e.kind == GuardExpr::Kind::IsNotNone) && !m_noneTest
        && undecidedByNoneness(out))
        return noneTested(out, evaluate);
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

} // namespace katlas
