#include "parse/block_exits.h"

#include "parse/syntax_node.h"

namespace katlas {

namespace {

// The block's last statement (comments are not statements); null when none.
TSNode lastStatement(TSNode block)
{
    for (uint32_t i = ts_node_named_child_count(block); i > 0; --i) {
        TSNode c = ts_node_named_child(block, i - 1);
        if (!ts_node_is_extra(c))
            return c;
    }
    return TSNode{};
}

// `if a: ...return elif b: ...return else: ...return`: no way through.
bool everyBranchLeaves(TSNode ifStatement)
{
    bool otherwise = false;
    for (TSNode c : NamedChildren(ifStatement)) {
        if (isType(c, "elif_clause") && !terminates(field(c, "consequence")))
            return false;
        if (isType(c, "else_clause")) {
            otherwise = true;
            if (!terminates(field(c, "body")))
                return false;
        }
    }
    return otherwise && terminates(field(ifStatement, "consequence"));
}

} // namespace

bool terminates(TSNode block)
{
    if (ts_node_is_null(block))
        return false;
    TSNode last = lastStatement(block);
    if (ts_node_is_null(last))
        return false;
    if (isType(last, "if_statement"))
        return everyBranchLeaves(last);
    if (isType(last, "with_statement"))
        return terminates(field(last, "body"));
    return isType(last, "return_statement") || isType(last, "raise_statement") || isType(last, "continue_statement")
        || isType(last, "break_statement");
}

bool returnsInEveryBranch(TSNode ifStatement)
{
    TSNode body = field(ifStatement, "consequence");
    if (ts_node_is_null(body) || !terminates(body))
        return false;
    for (TSNode c : NamedChildren(ifStatement)) {
        if (isType(c, "else_clause"))
            return false;
        if (isType(c, "elif_clause")) {
            TSNode b = field(c, "consequence");
            if (ts_node_is_null(b) || !terminates(b))
                return false;
        }
    }
    return true;
}

std::string leftThroughInnerIf(const SyntaxSource &source, TSNode ifStatement)
{
    for (TSNode c : NamedChildren(ifStatement))
        if (isType(c, "elif_clause") || isType(c, "else_clause"))
            return {};
    TSNode body = field(ifStatement, "consequence");
    if (ts_node_is_null(body) || terminates(body))
        return {};
    TSNode inner = lastStatement(body);
    if (ts_node_is_null(inner) || !isType(inner, "if_statement") || !returnsInEveryBranch(inner))
        return {};
    const auto condition = [&](TSNode of) { return "(" + normaliseSpace(source.text(field(of, "condition"))) + ")"; };
    std::string any = condition(inner);
    for (TSNode c : NamedChildren(inner))
        if (isType(c, "elif_clause"))
            any += " or " + condition(c);
    return condition(ifStatement) + " and (" + any + ")";
}

void addNotNone(const GuardList &asserted, std::vector<Chain> &out)
{
    constexpr std::string_view kIsNotNone = " is not None";
    for (const Guard &g : asserted) {
        const std::string_view t = g.text;
        if (g.negated)
            continue;
        if (t.size() > kIsNotNone.size() && t.substr(t.size() - kIsNotNone.size()) == kIsNotNone)
            out.emplace_back(t.substr(0, t.size() - kIsNotNone.size()));
        else if (t.find_first_of(" ([") == std::string_view::npos)
            out.emplace_back(t);
    }
}

Chain defaultedWhenNone(const SyntaxSource &source, TSNode ifStatement)
{
    for (TSNode c : NamedChildren(ifStatement))
        if (isType(c, "elif_clause") || isType(c, "else_clause"))
            return {};
    TSNode test = unparen(field(ifStatement, "condition"));
    if (!isType(test, "comparison_operator") || ts_node_named_child_count(test) != 2
        || !isType(ts_node_named_child(test, 1), "none") || normaliseSpace(source.text(ts_node_child(test, 1))) != "is")
        return {};
    const Chain tested = source.chainOf(ts_node_named_child(test, 0));
    if (tested.empty() || tested.find_first_of("([") != Chain::npos)
        return {};
    // The block sets it, at its own level: whatever else it does, x is set.
    for (TSNode stmt : NamedChildren(field(ifStatement, "consequence"))) {
        if (!isType(stmt, "expression_statement") || ts_node_named_child_count(stmt) != 1)
            continue;
        TSNode a = ts_node_named_child(stmt, 0);
        if (isType(a, "assignment") && source.chainOf(field(a, "left")) == tested
            && !isType(unparen(field(a, "right")), "none"))
            return tested;
    }
    return {};
}

} // namespace katlas
