// Literals, argument kinds and shapes (see literal_kinds.h).
#include "parse/literal_kinds.h"

#include <algorithm>

#include <string_view>

namespace katlas {
namespace {

constexpr uint32_t kMaxExpressionText = 480;
constexpr size_t kMaxShape = 64;

bool hasChildOfType(TSNode n, const char *type)
{
    for (TSNode c : NamedChildren(n))
        if (isType(c, type))
            return true;
    return false;
}

// Integer arithmetic over names, calls and literals (`major * 10 + minor`),
// or a subscript by a literal index (`get_device_capability()[0]`): guard
// evaluation computes them where the configuration fixes the numbers.
bool isNumberExpression(TSNode n, int depth = 0)
{
    n = unparen(n);
    if (ts_node_is_null(n) || depth > 8)
        return false;
    if (isType(n, "subscript"))
        return isType(field(n, "subscript"), "integer");
    if (!isType(n, "binary_operator"))
        return false;
    TSNode op = field(n, "operator");
    const char *t = ts_node_is_null(op) ? "" : ts_node_type(op);
    if (std::string_view(t) != "+" && std::string_view(t) != "-" && std::string_view(t) != "*" && std::string_view(t) != "//"
        && std::string_view(t) != "%")
        return false;
    for (TSNode side : {field(n, "left"), field(n, "right")}) {
        side = unparen(side);
        if (!isType(side, "integer") && !isType(side, "identifier") && !isType(side, "attribute") && !isType(side, "call")
            && !isNumberExpression(side, depth + 1))
            return false;
    }
    return true;
}

} // namespace

bool isLiteral(TSNode n)
{
    return isType(n, "true") || isType(n, "false") || isType(n, "none") || isType(n, "integer") || isType(n, "float")
        || (isType(n, "string") && !hasChildOfType(n, "interpolation"));
}

ArgKind argKindOf(TSNode n)
{
    n = unparen(n);
    if (ts_node_is_null(n))
        return 'V';
    if (isType(n, "none"))
        return 'N';
    if (isType(n, "true"))
        return 'T';
    if (isType(n, "false"))
        return 'F';
    return isLiteral(n) || isType(n, "list") || isType(n, "dictionary") || isType(n, "tuple") || isType(n, "lambda")
            || isType(n, "list_comprehension") || isType(n, "binary_operator")
        ? 'C'
        : 'V';
}

std::string argumentShape(const SyntaxSource &source, TSNode arguments, const std::vector<std::string> &handedDown,
                          const std::string &ownKwargs)
{
    std::string positional, keywords, names;
    if (ts_node_is_null(arguments) || !isType(arguments, "argument_list"))
        return {};
    // The caller's own `self` passed on: its class may be bound in the callee.
    const auto kindOf = [&](TSNode a) {
        a = unparen(a);
        return isType(a, "identifier") && source.text(a) == "self" ? 'S' : argKindOf(a);
    };
    size_t count = 0;
    for (TSNode a : NamedChildren(arguments)) {
        // Past the bound, what the call passes is not known: a splat says so,
        // so that no parameter it passes is read at its default.
        if (++count > kMaxShape) {
            keywords += "|**";
            break;
        }
        if (isType(a, "keyword_argument")) {
            // `flag=flag` hands on the caller's own name: '=' (argument_shape.h).
            const std::string_view name = source.text(field(a, "name"));
            const TSNode value = unparen(field(a, "value"));
            const bool same = isType(value, "identifier") && source.text(value) == name && name != "self";
            keywords += "|" + std::string(name) + "=" + (same ? '=' : kindOf(value));
        }
        else if (isType(a, "dictionary_splat")) {
            keywords += "|**";
            const TSNode splatted = ts_node_named_child_count(a) ? unparen(ts_node_named_child(a, 0)) : TSNode{};
            if (!ownKwargs.empty() && !ts_node_is_null(splatted) && isType(splatted, "identifier") && source.text(splatted) == ownKwargs)
                names += "|^**";
        }
        else if (isType(a, "list_splat"))
            positional += '*';
        else {
            // A parameter of the caller handed on by position: its kind in the caller's copy may be known.
            const TSNode value = unparen(a);
            if (isType(value, "identifier") && positional.find('*') == std::string::npos
                && std::find(handedDown.begin(), handedDown.end(), source.text(value)) != handedDown.end()
                && source.text(value) != "self")
                names += "|#" + std::to_string(positional.size()) + ":" + std::string(source.text(value));
            positional += kindOf(a);
        }
    }
    return positional + keywords + names;
}

bool keepsExpression(TSNode value)
{
    if (ts_node_end_byte(value) - ts_node_start_byte(value) > kMaxExpressionText)
        return false;
    value = unparen(value);
    if (isLiteral(value) || isType(value, "boolean_operator") || isType(value, "not_operator")
        || isType(value, "comparison_operator") || isType(value, "conditional_expression") || isNumberExpression(value))
        return true;
    if (!isType(value, "call"))
        return false;
    for (TSNode a : NamedChildren(field(value, "arguments"))) {
        if (isType(a, "keyword_argument"))
            a = field(a, "value");
        if (isLiteral(a))
            return true;
    }
    return false;
}

bool keepsArgument(TSNode value)
{
    value = unparen(value);
    if (ts_node_is_null(value) || ts_node_end_byte(value) - ts_node_start_byte(value) > kMaxExpressionText)
        return false;
    return isLiteral(value) || isType(value, "boolean_operator") || isType(value, "not_operator")
        || isType(value, "comparison_operator") || isType(value, "conditional_expression") || isType(value, "call");
}

} // namespace katlas
