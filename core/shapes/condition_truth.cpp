// See condition_truth.h.
#include "shapes/condition_truth.h"

#include "parse/guard_expression.h"

#include <charconv>
#include <vector>

namespace katlas {
namespace {

using Kind = GuardExpr::Kind;

struct Value {
    enum class Type { Unknown, Number, Name, Truth } type = Type::Unknown;
    std::int64_t number = 0;
    std::string name;
    bool truth = false;
    static Value ofTruth(bool b) { return {Type::Truth, 0, {}, b}; }
    static Value ofNumber(std::int64_t n) { return {Type::Number, n, {}, false}; }
    static Value ofName(std::string s) { return {Type::Name, 0, std::move(s), false}; }
    bool known() const { return type != Type::Unknown; }
};

class Evaluator {
public:
    explicit Evaluator(const ValueLookup &lookup) : m_lookup(lookup) {}

    Value eval(const GuardExpr &e) const
    {
        switch (e.kind) {
        case Kind::Literal:
            return literal(e);
        case Kind::Chain:
        case Kind::Subscript:
            return looked(e.text);
        case Kind::Not: {
            const Value v = eval(e.operands[0]);
            return v.type == Value::Type::Truth ? Value::ofTruth(!v.truth) : Value{};
        }
        case Kind::And:
        case Kind::Or:
            return logical(e, e.kind == Kind::And);
        case Kind::Equal:
        case Kind::NotEqual: {
            const std::optional<bool> same = equal(eval(e.operands[0]), eval(e.operands[1]));
            return same ? Value::ofTruth(*same == (e.kind == Kind::Equal)) : Value{};
        }
        case Kind::In:
        case Kind::NotIn:
            return membership(e);
        case Kind::Order:
            return order(e);
        case Kind::Arith:
            return arith(e);
        case Kind::IfElse: {
            const Value c = eval(e.operands[1]);
            return c.type == Value::Type::Truth ? eval(e.operands[c.truth ? 0 : 2]) : Value{};
        }
        default:
            return {};
        }
    }

private:
    const ValueLookup &m_lookup;

    static Value literal(const GuardExpr &e)
    {
        if (e.isLiteral(GuardExpr::Literal::True) || e.isLiteral(GuardExpr::Literal::False))
            return Value::ofTruth(e.isLiteral(GuardExpr::Literal::True));
        std::int64_t n = 0;
        if (e.isLiteral(GuardExpr::Literal::Number)
            && std::from_chars(e.text.data(), e.text.data() + e.text.size(), n).ptr == e.text.data() + e.text.size())
            return Value::ofNumber(n);
        return {};
    }

    Value looked(const std::string &text) const
    {
        if (const std::optional<KnownValue> v = m_lookup(text))
            return v->number ? Value::ofNumber(*v->number) : v->truth ? Value::ofTruth(*v->truth) : Value::ofName(v->name);
        if (text.rfind("torch.", 0) == 0 && text.find_first_of("([") == std::string::npos)
            return Value::ofName(text);
        return {};
    }

    static std::optional<bool> equal(const Value &a, const Value &b)
    {
        if (!a.known() || !b.known() || a.type != b.type)
            return std::nullopt;
        switch (a.type) {
        case Value::Type::Number:
            return a.number == b.number;
        case Value::Type::Name:
            return a.name == b.name;
        default:
            return a.truth == b.truth;
        }
    }

    Value logical(const GuardExpr &e, bool isAnd) const
    {
        bool unknown = false;
        for (const GuardExpr &operand : e.operands) {
            const Value v = eval(operand);
            if (v.type != Value::Type::Truth)
                unknown = true;
            else if (v.truth != isAnd)
                return Value::ofTruth(!isAnd); // decided by this side alone
        }
        return unknown ? Value{} : Value::ofTruth(isAnd);
    }

    Value membership(const GuardExpr &e) const
    {
        const Value left = eval(e.operands[0]);
        bool unknown = !left.known();
        bool found = false;
        for (size_t i = 1; i < e.operands.size() && !unknown; ++i) {
            const std::optional<bool> same = equal(left, eval(e.operands[i]));
            if (!same)
                unknown = true;
            else
                found = found || *same;
        }
        if (unknown)
            return {};
        return Value::ofTruth(found == (e.kind == Kind::In));
    }

    Value order(const GuardExpr &e) const
    {
        const Value a = eval(e.operands[0]);
        const Value b = eval(e.operands[1]);
        if (a.type != Value::Type::Number || b.type != Value::Type::Number)
            return {};
        const std::string &op = e.op;
        return Value::ofTruth(op == "<" ? a.number < b.number
                              : op == "<=" ? a.number <= b.number
                              : op == ">" ? a.number > b.number
                                          : a.number >= b.number);
    }

    Value arith(const GuardExpr &e) const
    {
        const Value a = eval(e.operands[0]);
        const Value b = eval(e.operands[1]);
        if (a.type != Value::Type::Number || b.type != Value::Type::Number)
            return {};
        const std::int64_t x = a.number;
        const std::int64_t y = b.number;
        if (e.op == "+")
            return Value::ofNumber(x + y);
        if (e.op == "-")
            return Value::ofNumber(x - y);
        if (e.op == "*")
            return Value::ofNumber(x * y);
        if (e.op == "|")
            return Value::ofNumber(x | y);
        if (y == 0)
            return {};
        // Python's floor division and modulo: the remainder takes the divisor's sign.
        std::int64_t q = x / y;
        if ((x % y != 0) && ((x < 0) != (y < 0)))
            --q;
        return Value::ofNumber(e.op == "//" ? q : x - q * y);
    }
};

} // namespace

std::optional<bool> conditionTruth(const std::string &text, const ValueLookup &lookup)
{
    return conditionTruth(parseGuardExpression(text), lookup);
}

std::optional<bool> conditionTruth(const GuardExpr &e, const ValueLookup &lookup)
{
    const Value v = Evaluator(lookup).eval(e);
    if (v.type != Value::Type::Truth)
        return std::nullopt;
    return v.truth;
}

} // namespace katlas
