// Enum members and named constants in guards (see guard_evaluator.h):
//
//     class Backend(Enum):
//         TRITON = "triton"
//         def is_triton(self):
//             return self == Backend.TRITON
//     BACKEND = Backend(server_args.moe_runner_backend)
//     ... BACKEND.is_triton() ...
//
// A member stands for its value (`Backend.TRITON` is "triton"), `Backend(x)`
// for x's (a setting's value picks the member), and a method called on a
// value holding members is evaluated once per member with `self` that
// member. See docs/guard-evaluation.md, "Enum members".
#include "resolve/guard_evaluator.h"
#include "resolve/guard_limits.h"

#include "resolve/chain.h"

#include <algorithm>

namespace katlas {

using namespace guard_limits;
using Kind = GuardEvaluator::Abstract::Kind;

namespace {

// A value a member can be: a literal, or a setting picking one.
bool memberLike(const GuardEvaluator::Abstract &a)
{
    return a.kind == Kind::String || a.kind == Kind::Number || a.kind == Kind::Bool || a.kind == Kind::None
        || a.kind == Kind::Setting;
}

} // namespace

bool GuardEvaluator::isEnumClass(SymbolId cls) const
{
    const ClassInfo *c = m_table.cls(cls);
    if (!c)
        return false;
    for (SymbolId k : c->mro)
        if (const ClassInfo *ki = m_table.cls(k))
            for (const std::string &base : ki->externalBases) {
                const std::string last = base.substr(base.rfind('.') == std::string::npos ? 0 : base.rfind('.') + 1);
                if (last == "Enum" || last == "IntEnum" || last == "StrEnum" || last == "Flag" || last == "IntFlag")
                    return true;
            }
    return false;
}

std::optional<GuardEvaluator::Abstract> GuardEvaluator::autoMember(SymbolId cls, const std::string &name) const
{
    if (!isEnumClass(cls))
        return std::nullopt;
    for (SymbolId k : m_table.cls(cls)->mro) {
        const ClassInfo *ki = m_table.cls(k);
        const auto it = ki ? ki->classAttrs.find(name) : BindingMap::const_iterator{};
        if (!ki || it == ki->classAttrs.end())
            continue;
        const bool automatic = !it->second.empty() && std::all_of(it->second.begin(), it->second.end(), [](const Binding &b) {
            const Chain &v = b.kind == Binding::Kind::Assignment ? b.assignment->value.chain : Chain{};
            return v == "auto()" || (v.size() > 7 && v.compare(v.size() - 7, 7, ".auto()") == 0);
        });
        if (!automatic)
            return std::nullopt;
        // Distinct from every other member and from any literal a setting holds.
        return Abstract{Kind::String, false, "<" + m_table.symbol(k).qualName + "." + name + ">", {}};
    }
    return std::nullopt;
}

std::optional<GuardEvaluator::Outcomes> GuardEvaluator::enumMember(const ValueFact &fact, const Scope &scope, int depth)
{
    // `E(x)`, or `E(x).value`: the member x picks stands for its value already.
    static const std::string kValue = ".value";
    const bool value = fact.chain.ends_with("()" + kValue);
    const Chain call = value ? fact.chain.substr(0, fact.chain.size() - kValue.size()) : fact.chain;
    if (fact.args.size() != 1 || fact.args.front().empty() || !fact.keywordArgs.empty() || call.size() < 3
        || !call.ends_with("()"))
        return std::nullopt;
    if (!callsEnumClass(call.substr(0, call.size() - 2), scope))
        return std::nullopt;
    const Outcomes members = chainValues(fact.args.front(), scope, depth + 1);
    return value ? memberValue(members) : members;
}

bool GuardEvaluator::callsEnumClass(const Chain &callee, const Scope &scope)
{
    const auto segs = splitChain(callee);
    const Values classes = m_evaluator.evalSegments(segs, segs.size(), scope);
    return !classes.empty() && std::all_of(classes.begin(), classes.end(), [&](const Value &v) {
        return v.kind == Value::Kind::Class && v.conditions.empty() && isEnumClass(v.id);
    });
}

std::optional<GuardEvaluator::Outcomes> GuardEvaluator::enumCall(const GuardExpr &call, const Scope &scope, int depth)
{
    if (call.operands.size() != 1 || call.chain.empty() || !callsEnumClass(call.chain, scope))
        return std::nullopt;
    return values(call.operands.front(), scope, depth + 1);
}

std::optional<GuardEvaluator::Outcomes> GuardEvaluator::methodOfMember(const GuardExpr &call, const Scope &scope, int depth)
{
    const auto segs = splitChain(call.chain);
    if (segs.size() < 2 || segs.back().kind != ChainSegment::Kind::Attr || !call.operands.empty())
        return std::nullopt;
    const Values methods = m_evaluator.evalSegments(segs, segs.size(), scope);
    if (methods.empty() || !std::all_of(methods.begin(), methods.end(), [&](const Value &v) {
            const FunctionInfo *fn = v.kind == Value::Kind::Function ? m_table.function(v.id) : nullptr;
            return fn && fn->cls && !fn->isStatic && isEnumClass(fn->cls) && !fn->fact->returns.empty();
        }))
        return std::nullopt;
    const Outcomes receiver = chainValues(call.chain.substr(0, call.chain.rfind('.')), scope, depth + 1);
    if (std::none_of(receiver.begin(), receiver.end(), [](const Outcome &o) { return memberLike(o.value); }))
        return std::nullopt;
    Outcomes out;
    const std::optional<BoundSelf> outer = m_boundSelf;
    for (const Value &m : methods) {
        const FunctionInfo *fn = m_table.function(m.id);
        for (const Outcome &self : receiver) {
            if (!memberLike(self.value)) { // a receiver not known here: neither is the result
                ConditionSet conds = self.conditions;
                addConditions(conds, m.conditions);
                out.push_back({{}, std::move(conds)});
                continue;
            }
            m_boundSelf = BoundSelf{m.id, self.value};
            for (const ValueFact &r : fn->fact->returns)
                for (Outcome o : factValues(r, {fn->module, m.id, fn->cls}, depth + 1)) {
                    addConditions(o.conditions, self.conditions);
                    addConditions(o.conditions, m.conditions);
                    out.push_back(std::move(o));
                }
        }
    }
    m_boundSelf = outer;
    return finish(std::move(out));
}

std::optional<GuardEvaluator::Abstract> GuardEvaluator::constantOf(const GuardExpr &e, const Scope &scope, int depth)
{
    if (e.kind != GuardExpr::Kind::Chain)
        return std::nullopt;
    const Outcomes held = chainValues(e.chain, scope, depth + 1);
    if (held.size() != 1 || !held.front().conditions.empty())
        return std::nullopt;
    const Abstract &a = held.front().value;
    if (a.kind == Kind::String || a.kind == Kind::Number || a.kind == Kind::Bool || a.kind == Kind::None)
        return a;
    return std::nullopt;
}

std::optional<GuardEvaluator::Outcomes> GuardEvaluator::memberValue(const Outcomes &members)
{
    // A member stands for its value already (`E.X` is "x", `E(setting)` the
    // setting), so `.value` of what holds members is what it holds; any other
    // value it may hold gives an unknown one.
    const auto member = [](const Outcome &o) {
        return o.value.kind == Abstract::Kind::String || o.value.kind == Abstract::Kind::Number
            || o.value.kind == Abstract::Kind::Setting;
    };
    if (std::none_of(members.begin(), members.end(), member))
        return std::nullopt;
    Outcomes out = members;
    for (Outcome &o : out)
        if (!member(o))
            o.value = {};
    return out;
}

} // namespace katlas
