// A small recursive-descent reader of Python integer expressions; see
// shape_expression.h. Anything it does not know becomes symbolic text.
#include "shapes/shape_expression.h"

#include <QJsonValue>

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <optional>
#include <utility>
#include <vector>

namespace katlas {

namespace {

struct Token {
    enum class Kind { Number, Name, String, Op, End } kind = Kind::End;
    std::string text;
};

std::vector<Token> tokenize(const std::string &s)
{
    std::vector<Token> out;
    size_t i = 0;
    while (i < s.size()) {
        const char c = s[i];
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            size_t j = i;
            while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_'))
                ++j;
            out.push_back({Token::Kind::Number, s.substr(i, j - i)});
            i = j;
        } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            size_t j = i;
            while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_'))
                ++j;
            out.push_back({Token::Kind::Name, s.substr(i, j - i)});
            i = j;
        } else if (c == '"' || c == '\'') {
            const size_t end = s.find(c, i + 1);
            const size_t stop = end == std::string::npos ? s.size() : end;
            out.push_back({Token::Kind::String, s.substr(i + 1, stop - i - 1)});
            i = stop + 1;
        } else if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
            out.push_back({Token::Kind::Op, "//"});
            i += 2;
        } else {
            out.push_back({Token::Kind::Op, std::string(1, c)});
            ++i;
        }
    }
    return out;
}

// An intermediate value: a shape value, a string literal, or a dotted name
// not yet resolved (so that `getattr(config, ...)` sees `config` itself).
struct Operand {
    ShapeValue shape;
    std::optional<std::string> string; // a string literal
    std::string chain;                  // a bare dotted name as written
    bool compound = false;              // symbolic text of a binary operation
};

Operand of(ShapeValue v)
{
    Operand o;
    o.shape = std::move(v);
    return o;
}

class Reader {
public:
    Reader(const std::string &text, const ShapeEnvironment &env) : m_whole(text), m_tokens(tokenize(text)), m_env(env) {}

    ShapeValue read()
    {
        Operand v = expression();
        const ShapeValue out = resolved(v).shape;
        if (m_failed || !atEnd() || out.text.empty()) // not an expression, or a string literal
            return ShapeValue::symbol(m_whole);
        return out;
    }

private:
    std::string m_whole;
    std::vector<Token> m_tokens;
    size_t m_at = 0;
    bool m_failed = false; // not an expression this reader knows: the whole text stays
    const ShapeEnvironment &m_env;

    bool atEnd() const { return m_at >= m_tokens.size(); }
    const Token &peek() const
    {
        static const Token end;
        return atEnd() ? end : m_tokens[m_at];
    }
    bool accept(const char *op)
    {
        if (!atEnd() && peek().kind == Token::Kind::Op && peek().text == op) {
            ++m_at;
            return true;
        }
        return false;
    }

    std::optional<Operand> configValue(const std::string &key) const
    {
        if (!m_env.config.contains(QString::fromStdString(key)))
            return std::nullopt;
        const QJsonValue v = m_env.config.value(QString::fromStdString(key));
        Operand o;
        if (v.isDouble() && v.toDouble() == static_cast<double>(v.toInteger()))
            o.shape = ShapeValue::number(v.toInteger());
        else if (v.isBool())
            o.shape = ShapeValue::number(v.toBool() ? 1 : 0);
        else
            o.shape = ShapeValue::symbol("config." + key); // text, a list, a nested object
        return o;
    }

    // A dotted name's value: the config's key, a known name, or itself.
    Operand resolved(Operand o) const
    {
        if (o.chain.empty())
            return o;
        if (o.chain.rfind("config.", 0) == 0 && o.chain.find('.', 7) == std::string::npos)
            if (auto c = configValue(o.chain.substr(7)))
                return *c;
        if (const auto it = m_env.names.find(o.chain); it != m_env.names.end())
            return of(it->second);
        return of(ShapeValue::symbol(o.chain));
    }

    // The operator at the reader's place when it is one of `ops`, consumed.
    std::string acceptOneOf(std::initializer_list<const char *> ops)
    {
        for (const char *op : ops)
            if (accept(op))
                return op;
        return {};
    }

    Operand expression()
    {
        Operand lhs = term();
        for (std::string op; !(op = acceptOneOf({"+", "-"})).empty();)
            lhs = combine(resolved(lhs), op, resolved(term()));
        return lhs;
    }

    Operand term()
    {
        Operand lhs = unary();
        for (std::string op; !(op = acceptOneOf({"*", "//", "/", "%"})).empty();)
            lhs = combine(resolved(lhs), op, resolved(unary()));
        return lhs;
    }

    Operand unary()
    {
        if (accept("-"))
            return combine(of(ShapeValue::number(0)), "-", resolved(unary()));
        return postfix();
    }

    Operand postfix()
    {
        Operand v = primary();
        while (!atEnd()) {
            if (!v.chain.empty() && accept(".")) {
                if (peek().kind != Token::Kind::Name)
                    return symbolic();
                v.chain += "." + m_tokens[m_at++].text;
            } else if (!v.chain.empty() && accept("(")) {
                std::vector<Operand> args;
                while (!atEnd() && !accept(")")) {
                    args.push_back(expression());
                    accept(",");
                }
                v = call(v.chain, args);
            } else {
                break;
            }
        }
        return v;
    }

    Operand primary()
    {
        if (atEnd())
            return symbolic();
        const Token t = m_tokens[m_at++];
        switch (t.kind) {
        case Token::Kind::Number:
            try {
                return of(ShapeValue::number(std::stoll(t.text)));
            } catch (...) {
                return symbolic();
            }
        case Token::Kind::Name:
            return Operand{{}, {}, t.text, false};
        case Token::Kind::String:
            return Operand{{}, t.text, {}, false};
        case Token::Kind::Op:
            if (t.text == "(") {
                Operand inner = expression();
                if (!accept(")"))
                    return symbolic();
                inner = resolved(inner);
                inner.compound = false;
                if (!inner.shape.known() && inner.shape.text.find(' ') != std::string::npos)
                    inner.shape.text = "(" + inner.shape.text + ")";
                return inner;
            }
            return symbolic();
        default:
            return symbolic();
        }
    }

    Operand symbolic()
    {
        m_at = m_tokens.size();
        m_failed = true;
        return of(ShapeValue::symbol("?"));
    }

    Operand call(const std::string &callee, std::vector<Operand> args)
    {
        if (callee == "getattr" && args.size() >= 2 && !args[0].chain.empty() && args[1].string) {
            Operand attr{{}, {}, args[0].chain + "." + *args[1].string, false};
            const bool found = (args[0].chain == "config" && m_env.config.contains(QString::fromStdString(*args[1].string)))
                || m_env.names.count(attr.chain);
            if (!found && args.size() >= 3)
                return resolved(args[2]);
            return resolved(attr);
        }
        if (args.empty())
            if (const auto it = m_env.names.find(callee + "()"); it != m_env.names.end())
                return of(it->second); // a call the deployment answers: get_attention_tp_size()
        for (Operand &a : args)
            a = resolved(a);
        if ((callee == "int" || callee == "math.floor") && args.size() == 1)
            return args[0];
        if ((callee == "min" || callee == "max") && args.size() == 2 && args[0].shape.known() && args[1].shape.known()) {
            const std::int64_t a = *args[0].shape.value, b = *args[1].shape.value;
            return of(ShapeValue::number(callee == "min" ? std::min(a, b) : std::max(a, b)));
        }
        std::string text = callee + "(";
        for (size_t i = 0; i < args.size(); ++i)
            text += (i ? ", " : "") + (args[i].string ? "\"" + *args[i].string + "\"" : args[i].shape.text);
        return of(ShapeValue::symbol(text + ")"));
    }

    static Operand combine(const Operand &a, const std::string &op, const Operand &b)
    {
        const ShapeValue &x = a.shape, &y = b.shape;
        if (x.known() && y.known()) {
            const std::int64_t p = *x.value, q = *y.value;
            if (op == "+")
                return of(ShapeValue::number(p + q));
            if (op == "-")
                return of(ShapeValue::number(p - q));
            if (op == "*")
                return of(ShapeValue::number(p * q));
            if (q != 0 && (op == "//" || (op == "/" && p % q == 0))) {
                std::int64_t d = p / q;
                if ((p % q != 0) && ((p < 0) != (q < 0)))
                    --d; // Python floors
                return of(ShapeValue::number(d));
            }
            if (q != 0 && op == "%")
                return of(ShapeValue::number(((p % q) + q) % q));
        }
        const bool strong = op != "+" && op != "-";
        const auto side = [&](const Operand &o) {
            return strong && o.compound ? "(" + o.shape.text + ")" : o.shape.text;
        };
        Operand out = of(ShapeValue::symbol(side(a) + " " + op + " " + side(b)));
        out.compound = !strong;
        return out;
    }
};

// Splits `value if condition else other` at its top level (outside
// brackets and strings); false when the text is no conditional expression.
bool splitConditional(const std::string &s, std::string *value, std::string *condition, std::string *other)
{
    int depth = 0;
    char quote = 0;
    size_t ifAt = std::string::npos;
    for (size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (quote) {
            quote = c == quote ? 0 : quote;
            continue;
        }
        if (c == '"' || c == '\'') {
            quote = c;
        } else if (c == '(' || c == '[' || c == '{') {
            ++depth;
        } else if (c == ')' || c == ']' || c == '}') {
            --depth;
        } else if (depth == 0 && ifAt == std::string::npos && s.compare(i, 4, " if ") == 0) {
            ifAt = i;
        } else if (depth == 0 && ifAt != std::string::npos && s.compare(i, 6, " else ") == 0) {
            *value = s.substr(0, ifAt);
            *condition = s.substr(ifAt + 4, i - ifAt - 4);
            *other = s.substr(i + 6);
            return true;
        }
    }
    return false;
}

// `(a if c else b)` without the parentheses around the whole; else the text.
std::string withoutOuterParentheses(const std::string &s)
{
    const size_t first = s.find_first_not_of(' ');
    const size_t last = s.find_last_not_of(' ');
    if (first == std::string::npos || s[first] != '(' || s[last] != ')')
        return s;
    int depth = 0;
    for (size_t i = first; i <= last; ++i) {
        depth += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
        if (depth == 0 && i < last)
            return s; // `(a) + (b)`
    }
    return withoutOuterParentheses(s.substr(first + 1, last - first - 1));
}

// Whether a condition holds: `hasattr(config, "k")`, `x is None`, `x is not
// None` or a number; nullopt when it is not known.
std::optional<bool> conditionHolds(const std::string &condition, const ShapeEnvironment &env)
{
    static const std::string hasattr = "hasattr(config, ";
    if (condition.rfind(hasattr, 0) == 0 && condition.size() > hasattr.size() + 3 && condition.back() == ')') {
        const std::string key = condition.substr(hasattr.size() + 1, condition.size() - hasattr.size() - 3);
        return env.config.contains(QString::fromStdString(key));
    }
    for (const auto &[suffix, holdsWhenKnown] : {std::pair<std::string, bool>{" is not None", true}, {" is None", false}})
        if (condition.size() > suffix.size() && condition.compare(condition.size() - suffix.size(), suffix.size(), suffix) == 0) {
            if (evaluateShape(condition.substr(0, condition.size() - suffix.size()), env).known())
                return holdsWhenKnown;
            return std::nullopt;
        }
    const ShapeValue v = evaluateShape(condition, env);
    if (v.known())
        return *v.value != 0;
    return std::nullopt;
}

} // namespace

ShapeValue evaluateShape(const std::string &expression, const ShapeEnvironment &env)
{
    std::string value, condition, other;
    const std::string inner = withoutOuterParentheses(expression);
    if (splitConditional(inner, &value, &condition, &other)) {
        const std::optional<bool> holds = conditionHolds(condition, env);
        if (!holds)
            return ShapeValue::symbol(expression);
        return evaluateShape(*holds ? value : other, env);
    }
    return Reader(expression, env).read();
}

} // namespace katlas
