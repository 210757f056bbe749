// Parsing guard and value text into GuardExpr (see guard_expression.h).
#include "parse/guard_expression.h"

#include "parse/python_parser.h"
#include "parse/syntax_node.h"

#include <algorithm>
#include <cstring>

namespace katlas {
namespace {

constexpr int kMaxDepth = 32;
constexpr size_t kMaxOperands = 8;

bool isOrdering(const std::string &op) { return op == "<" || op == "<=" || op == ">" || op == ">="; }

GuardExpr ordering(GuardExpr left, const std::string &op, GuardExpr right)
{
    GuardExpr e;
    e.kind = GuardExpr::Kind::Order;
    e.op = op;
    e.text = left.text + " " + op + " " + right.text;
    e.operands.push_back(std::move(left));
    e.operands.push_back(std::move(right));
    return e;
}

class GuardReader : private SyntaxSource {
public:
    explicit GuardReader(std::string_view source) : SyntaxSource(source) {}

    GuardExpr read(TSNode n, int depth = 0) const
    {
        GuardExpr e;
        n = unparen(n);
        if (ts_node_is_null(n) || depth > kMaxDepth)
            return e;
        // `(x := v)` is v, whatever it also binds.
        if (isType(n, "named_expression"))
            return read(field(n, "value"), depth + 1);
        e.text = normaliseSpace(text(n));
        const char *t = ts_node_type(n);
        if (!std::strcmp(t, "true") || !std::strcmp(t, "false") || !std::strcmp(t, "none")) {
            e.kind = GuardExpr::Kind::Literal;
            e.literal = t[0] == 't' ? GuardExpr::Literal::True : t[0] == 'f' ? GuardExpr::Literal::False : GuardExpr::Literal::None;
        } else if (!std::strcmp(t, "integer") || !std::strcmp(t, "float")) {
            e.kind = GuardExpr::Kind::Literal;
            e.literal = GuardExpr::Literal::Number;
        } else if (!std::strcmp(t, "string")) {
            for (TSNode c : NamedChildren(n))
                if (isType(c, "interpolation"))
                    return e;
            e.kind = GuardExpr::Kind::Literal;
            e.literal = GuardExpr::Literal::String;
            e.text = stringContent(n);
        } else if (!std::strcmp(t, "not_operator")) {
            e.kind = GuardExpr::Kind::Not;
            e.operands.push_back(read(field(n, "argument"), depth + 1));
        } else if (!std::strcmp(t, "boolean_operator")) {
            e.kind = text(field(n, "operator")) == "and" ? GuardExpr::Kind::And : GuardExpr::Kind::Or;
            e.operands.push_back(read(field(n, "left"), depth + 1));
            e.operands.push_back(read(field(n, "right"), depth + 1));
        } else if (!std::strcmp(t, "conditional_expression")) {
            std::vector<TSNode> parts;
            for (TSNode c : NamedChildren(n))
                parts.push_back(c);
            if (parts.size() != 3)
                return e;
            e.kind = GuardExpr::Kind::IfElse;
            for (TSNode part : parts)
                e.operands.push_back(read(part, depth + 1));
        } else if (!std::strcmp(t, "comparison_operator")) {
            readComparison(n, e, depth);
        } else if (!std::strcmp(t, "binary_operator")) {
            const std::string op = normaliseSpace(text(field(n, "operator")));
            if (op != "+" && op != "-" && op != "*" && op != "//" && op != "%" && op != "|")
                return e;
            e.kind = GuardExpr::Kind::Arith;
            e.op = op;
            e.operands.push_back(read(field(n, "left"), depth + 1));
            e.operands.push_back(read(field(n, "right"), depth + 1));
        } else if (!std::strcmp(t, "tuple")) {
            for (TSNode c : NamedChildren(n)) {
                if (e.operands.size() >= kMaxOperands)
                    return GuardExpr{};
                e.operands.push_back(read(c, depth + 1));
            }
            e.kind = GuardExpr::Kind::Tuple;
        } else if (!std::strcmp(t, "subscript") && isType(field(n, "subscript"), "integer")) {
            e.kind = GuardExpr::Kind::Subscript;
            e.operands.push_back(read(field(n, "value"), depth + 1));
            e.operands.push_back(read(field(n, "subscript"), depth + 1));
        } else if (!std::strcmp(t, "call")) {
            e.chain = chainOf(field(n, "function"));
            if (e.chain.empty())
                return e;
            e.kind = GuardExpr::Kind::Call;
            for (TSNode a : NamedChildren(field(n, "arguments"))) {
                if (e.operands.size() + e.keywords.size() >= kMaxOperands)
                    break;
                if (isType(a, "keyword_argument"))
                    e.keywords.push_back({std::string(text(field(a, "name"))), read(field(a, "value"), depth + 1)});
                else
                    e.operands.push_back(read(a, depth + 1));
            }
        } else {
            e.chain = chainOf(n);
            if (!e.chain.empty())
                e.kind = GuardExpr::Kind::Chain;
        }
        return e;
    }

private:
    // One comparison of two operands: `a is None`, `a == "x"`, `a in (...)`,
    // `a < b`; a chain of orderings (`80 <= sm < 89`) is the And of its links.
    void readComparison(TSNode n, GuardExpr &e, int depth) const
    {
        std::vector<TSNode> operands;
        std::vector<std::string> ops;
        const uint32_t count = ts_node_child_count(n);
        for (uint32_t i = 0; i < count; ++i) {
            TSNode c = ts_node_child(n, i);
            if (ts_node_is_named(c))
                operands.push_back(c);
            else if (ops.size() < operands.size())
                ops.push_back(normaliseSpace(text(c)));
            else
                ops.back() += " " + normaliseSpace(text(c)); // `is not`, `not in`
        }
        if (operands.size() > 2 && ops.size() == operands.size() - 1 && operands.size() <= kMaxOperands) {
            if (!std::all_of(ops.begin(), ops.end(), isOrdering))
                return; // other chained comparisons stay Other
            GuardExpr chained = ordering(read(operands[0], depth + 1), ops[0], read(operands[1], depth + 1));
            for (size_t i = 1; i < ops.size(); ++i) {
                GuardExpr both;
                both.kind = GuardExpr::Kind::And;
                both.text = e.text;
                both.operands.push_back(std::move(chained));
                both.operands.push_back(ordering(read(operands[i], depth + 1), ops[i], read(operands[i + 1], depth + 1)));
                chained = std::move(both);
            }
            chained.text = e.text;
            e = std::move(chained);
            return;
        }
        if (operands.size() != 2 || ops.size() != 1)
            return;
        const std::string op = ops[0];
        GuardExpr left = read(operands[0], depth + 1);
        GuardExpr right = read(operands[1], depth + 1);
        if (isOrdering(op)) {
            const std::string text = e.text;
            e = ordering(std::move(left), op, std::move(right));
            e.text = text;
        } else if (op == "is" || op == "is not") {
            if (!right.isLiteral(GuardExpr::Literal::None))
                return;
            e.kind = op == "is" ? GuardExpr::Kind::IsNone : GuardExpr::Kind::IsNotNone;
            e.operands.push_back(std::move(left));
        } else if (op == "==" || op == "!=") {
            if (left.kind == GuardExpr::Kind::Literal)
                std::swap(left, right);
            // A literal, or a name standing for one (`Backend.TRITON`), which
            // evaluation may pin down.
            if (right.kind != GuardExpr::Kind::Literal && right.kind != GuardExpr::Kind::Chain)
                return;
            e.kind = op == "==" ? GuardExpr::Kind::Equal : GuardExpr::Kind::NotEqual;
            e.operands.push_back(std::move(left));
            e.operands.push_back(std::move(right));
        } else if (op == "in" || op == "not in") {
            TSNode list = unparen(operands[1]);
            if (!isType(list, "tuple") && !isType(list, "list") && !isType(list, "set")) {
                // A literal looked for in a name's string: `"mxfp4" in quant_format`.
                GuardExpr in = read(list, depth + 1);
                if (!left.isLiteral(GuardExpr::Literal::String) || in.kind != GuardExpr::Kind::Chain)
                    return;
                e.operands.push_back(std::move(in));
                e.operands.push_back(std::move(left));
                e.kind = op == "in" ? GuardExpr::Kind::Contains : GuardExpr::Kind::NotContains;
                return;
            }
            e.operands.push_back(std::move(left));
            for (TSNode item : NamedChildren(list)) {
                GuardExpr x = read(item, depth + 1);
                if ((x.kind != GuardExpr::Kind::Literal && x.kind != GuardExpr::Kind::Chain) || e.operands.size() > kMaxOperands)
                    return;
                e.operands.push_back(std::move(x));
            }
            e.kind = op == "in" ? GuardExpr::Kind::In : GuardExpr::Kind::NotIn;
        }
    }
};

} // namespace

GuardExpr parseGuardExpression(const std::string &text)
{
    thread_local PythonParser parser;
    const std::string source = "(" + text + ")\n";
    SyntaxTree tree = parser.parse(source);
    if (!tree)
        return {};
    TSNode root = ts_tree_root_node(tree.get());
    if (ts_node_has_error(root) || ts_node_named_child_count(root) != 1)
        return {};
    TSNode stmt = ts_node_named_child(root, 0);
    if (!isType(stmt, "expression_statement") || ts_node_named_child_count(stmt) != 1)
        return {};
    GuardExpr e = GuardReader(source).read(ts_node_named_child(stmt, 0));
    return e;
}

std::vector<GuardExpr> testedClasses(const GuardExpr &tested)
{
    if (tested.kind == GuardExpr::Kind::Tuple)
        return tested.operands;
    if (tested.kind == GuardExpr::Kind::Arith && tested.op == "|" && tested.operands.size() == 2) {
        std::vector<GuardExpr> out = testedClasses(tested.operands[0]);
        for (GuardExpr &e : testedClasses(tested.operands[1]))
            out.push_back(std::move(e));
        return out;
    }
    return {tested};
}

} // namespace katlas
