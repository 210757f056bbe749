#include "parse/block_exits.h"

#include "parse/syntax_node.h"

namespace katlas {

bool terminates(TSNode block)
{
    const uint32_t n = ts_node_named_child_count(block);
    if (n == 0)
        return false;
    TSNode last = ts_node_named_child(block, n - 1);
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

} // namespace katlas
