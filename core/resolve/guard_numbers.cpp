// Numbers a configuration fixes (see guard_evaluator.h and
// docs/guard-evaluation.md): the profile says what a call such as
// `torch.cuda.get_device_capability()` returns under each value of a
// dimension, and guards that compute with it (`major * 10 + minor`,
// `80 <= sm < 89`, `get_device_capability()[0] >= 9`) are worked out per
// value. Anything else compared by order stays unknown.
#include "resolve/guard_evaluator.h"
#include "resolve/guard_limits.h"

#include <charconv>

namespace katlas {

using namespace guard_limits;
namespace {

using Abstract = GuardEvaluator::Abstract;
using Kind = Abstract::Kind;

constexpr long long kMaxMagnitude = 1LL << 40; // past it a number is not worth computing

// The whole numbers an abstract value holds: one for a Number, each element
// of a Tuple; nullopt for anything else.
std::optional<std::vector<long long>> numbersOf(const Abstract &a)
{
    if (a.kind != Kind::Number && a.kind != Kind::Tuple)
        return std::nullopt;
    std::vector<long long> out;
    size_t start = 0;
    while (start <= a.text.size()) {
        const size_t end = std::min(a.text.find(',', start), a.text.size());
        long long n = 0;
        const char *first = a.text.data() + start, *last = a.text.data() + end;
        const auto [ptr, ec] = std::from_chars(first, last, n);
        if (ec != std::errc() || ptr != last || n > kMaxMagnitude || n < -kMaxMagnitude)
            return std::nullopt;
        out.push_back(n);
        start = end + 1;
    }
    if (a.kind == Kind::Number && out.size() != 1)
        return std::nullopt;
    return out;
}

Abstract numbers(const std::vector<long long> &parts, bool tuple)
{
    Abstract a;
    a.kind = tuple ? Kind::Tuple : Kind::Number;
    for (long long n : parts)
        a.text += (a.text.empty() ? "" : ",") + std::to_string(n);
    return a;
}

std::optional<long long> apply(const std::string &op, long long l, long long r)
{
    if (op == "+")
        return l + r;
    if (op == "-")
        return l - r;
    if (op == "*")
        return l * r;
    if (op == "|")
        return l | r;
    if (r == 0)
        return std::nullopt;
    // Python floors integer division and takes the divisor's sign for `%`.
    const long long q = l / r - ((l % r != 0) && ((l < 0) != (r < 0)));
    return op == "//" ? q : l - q * r;
}

bool holds(const std::string &op, const std::vector<long long> &l, const std::vector<long long> &r)
{
    // Tuples order lexicographically, as Python orders them.
    if (op == "<")
        return l < r;
    if (op == "<=")
        return l <= r;
    if (op == ">")
        return l > r;
    return l >= r;
}

// Both sides' ways, each pair whose conditions may hold together.
template <typename F>
void eachPair(const GuardEvaluator::Outcomes &left, const GuardEvaluator::Outcomes &right, F &&f)
{
    for (const GuardEvaluator::Outcome &l : left)
        for (const GuardEvaluator::Outcome &r : right) {
            ConditionSet both = l.conditions;
            addConditions(both, r.conditions);
            if (!contradictory(both))
                f(l.value, r.value, std::move(both));
        }
}

} // namespace

std::optional<GuardEvaluator::Outcomes> GuardEvaluator::dimensionFixed(const GuardExpr &call) const
{
    for (const DimensionValueRule &rule : m_profile.dimensionValues) {
        if (!rule.call.search(call.chain))
            continue;
        Outcomes out;
        Condition other;
        other.dimension = rule.dimension;
        other.negated = true;
        for (const auto &[dimensionValue, value] : rule.values) {
            Condition c;
            c.dimension = rule.dimension;
            c.values = {dimensionValue};
            c.text = rule.dimension + " == " + dimensionValue;
            out.push_back({{value.find(',') == std::string::npos ? Kind::Number : Kind::Tuple, false, value, {}}, {c}});
            other.values.push_back(dimensionValue);
        }
        // Under a value the rule does not list, the call's value is not known.
        other.text = rule.dimension + " not in listed values";
        out.push_back({{}, {other}});
        return out;
    }
    return std::nullopt;
}

GuardEvaluator::Outcomes GuardEvaluator::arithmeticValues(const GuardExpr &e, const Scope &scope, int depth)
{
    Outcomes out;
    eachPair(values(e.operands[0], scope, depth + 1), values(e.operands[1], scope, depth + 1),
             [&](const Abstract &l, const Abstract &r, ConditionSet conditions) {
                 // What an operator gives is never None (on None it raises).
                 Abstract a{Kind::NotNone, false, {}, {}, {}};
                 const auto ln = numbersOf(l), rn = numbersOf(r);
                 if (l.kind == Kind::Number && r.kind == Kind::Number && ln && rn)
                     if (const std::optional<long long> n = apply(e.op, ln->front(), rn->front()))
                         a = numbers({*n}, false);
                 out.push_back({a, std::move(conditions)});
             });
    return finish(std::move(out));
}

GuardEvaluator::Outcomes GuardEvaluator::tupleValues(const GuardExpr &e, const Scope &scope, int depth)
{
    // Element by element, each way of the tuple so far with each of the next.
    Outcomes out{{numbers({}, true), {}}};
    for (const GuardExpr &element : e.operands) {
        Outcomes next;
        eachPair(out, values(element, scope, depth + 1), [&](const Abstract &sofar, const Abstract &x, ConditionSet c) {
            const auto parts = numbersOf(sofar), n = x.kind == Kind::Number ? numbersOf(x) : std::nullopt;
            // A tuple of anything but whole numbers is still a tuple: not None.
            Abstract a{Kind::NotNone, false, {}, {}, {}};
            if ((parts || sofar.text.empty()) && sofar.kind == Kind::Tuple && n) {
                std::vector<long long> all = parts.value_or(std::vector<long long>{});
                all.push_back(n->front());
                a = numbers(all, true);
            }
            next.push_back({a, std::move(c)});
        });
        out = finish(std::move(next));
    }
    return out;
}

GuardEvaluator::Outcomes GuardEvaluator::partOf(const Outcomes &whole, int part)
{
    Outcomes out;
    for (const Outcome &o : whole) {
        Abstract a;
        if (const auto parts = o.value.kind == Kind::Tuple ? numbersOf(o.value) : std::nullopt) {
            const long long i = part < 0 ? static_cast<long long>(parts->size()) + part : part;
            if (i >= 0 && i < static_cast<long long>(parts->size()))
                a = numbers({(*parts)[static_cast<size_t>(i)]}, false);
        }
        out.push_back({a, o.conditions});
    }
    return finished(std::move(out));
}

GuardEvaluator::Outcomes GuardEvaluator::subscriptValues(const GuardExpr &e, const Scope &scope, int depth)
{
    long long index = 0;
    const std::string &text = e.operands[1].text;
    if (std::from_chars(text.data(), text.data() + text.size(), index).ec != std::errc() || index > 64 || index < -64)
        return {{}};
    return partOf(values(e.operands[0], scope, depth + 1), static_cast<int>(index));
}

bool GuardEvaluator::settingOrdered(const std::string &op, const Abstract &l, const Abstract &r, const ConditionSet &conditions,
                                    Cases &out)
{
    // A setting ordered against a number: as its default is where the
    // deployment keeps it (a None default cannot be ordered, so that way does
    // not come out: `x or 0` gives the 0), unknown where it is set.
    const bool left = l.kind == Kind::Setting;
    const Abstract &setting = left ? l : r;
    const Abstract &other = left ? r : l;
    const auto number = other.kind == Kind::Number ? numbersOf(other) : std::nullopt;
    if (setting.kind != Kind::Setting || setting.fallback.empty() || !number)
        return false;
    Condition atDefault;
    atDefault.dimension = setting.text;
    atDefault.values = {setting.fallback};
    atDefault.text = setting.text + " == " + setting.fallback;
    Condition moved = atDefault;
    moved.negated = true;
    moved.text = setting.text + " != " + setting.fallback;
    const auto byDefault = numbersOf({Kind::Number, false, setting.fallback, {}});
    if (!byDefault && setting.fallback != "none")
        return false;
    if (byDefault) {
        ConditionSet c = conditions;
        addCondition(c, atDefault);
        out.push_back({true, left ? holds(op, *byDefault, *number) : holds(op, *number, *byDefault), std::move(c)});
    }
    ConditionSet c = conditions;
    addCondition(c, moved);
    out.push_back({false, false, std::move(c)});
    return true;
}

GuardEvaluator::Cases GuardEvaluator::orderCases(const GuardExpr &e, const Scope &scope, int depth)
{
    Cases out;
    eachPair(values(e.operands[0], scope, depth + 1), values(e.operands[1], scope, depth + 1),
             [&](const Abstract &l, const Abstract &r, ConditionSet conditions) {
                 const auto ln = numbersOf(l), rn = numbersOf(r);
                 if (ln && rn && l.kind == r.kind)
                     out.push_back({true, holds(e.op, *ln, *rn), std::move(conditions)});
                 else if (!settingOrdered(e.op, l, r, conditions, out))
                     out.push_back({false, false, std::move(conditions)});
             });
    if (out.empty())
        out.push_back({false, false, {}});
    return folded(std::move(out));
}

} // namespace katlas
