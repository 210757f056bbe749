// The names a string-building expression may spell, as a pattern: see
// SyntaxSource::attributePattern (syntax_node.h) and docs/call-resolution.md.
#include "parse/syntax_node.h"

#include <cstring>

namespace katlas {
namespace {

constexpr size_t kMaxPatternLength = 64;

bool identifierChar(char c)
{
    return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// `"_handle_%s"` as a pattern: each conversion (`%s`, `%d`, `%(name)s`) may be anything.
std::string percentPattern(std::string_view format)
{
    std::string out;
    for (size_t i = 0; i < format.size(); ++i) {
        if (format[i] != '%') {
            out += format[i];
            continue;
        }
        if (i + 1 < format.size() && format[i + 1] == '%') {
            out += '%';
            ++i;
            continue;
        }
        size_t j = i + 1;
        if (j < format.size() && format[j] == '(')
            j = format.find(')', j) == std::string_view::npos ? format.size() : format.find(')', j) + 1;
        while (j < format.size() && std::strchr("#0- +.*123456789", format[j]))
            ++j;
        out += '*';
        i = j; // the conversion letter
    }
    return out;
}

// `"on_{}"`, `"on_{0}_{name}"` as a pattern: each replacement field may be anything.
std::string bracePattern(std::string_view format)
{
    std::string out;
    for (size_t i = 0; i < format.size(); ++i) {
        if (format[i] == '{' && i + 1 < format.size() && format[i + 1] == '{') {
            out += '{';
            ++i;
        } else if (format[i] == '{') {
            const size_t close = format.find('}', i);
            out += '*';
            i = close == std::string_view::npos ? format.size() : close;
        } else if (format[i] == '}' && i + 1 < format.size() && format[i + 1] == '}') {
            out += '}';
            ++i;
        } else {
            out += format[i];
        }
    }
    return out;
}

} // namespace

std::string SyntaxSource::stringPattern(TSNode n, int depth) const
{
    n = unparen(n);
    if (ts_node_is_null(n) || depth > 8)
        return "*";
    if (isType(n, "string")) {
        std::string out;
        for (TSNode c : NamedChildren(n)) {
            if (isType(c, "string_content"))
                out += text(c);
            else if (isType(c, "interpolation"))
                out += '*'; // an f-string's field
            else if (!isType(c, "string_start") && !isType(c, "string_end"))
                return "*";
        }
        return out;
    }
    if (isType(n, "binary_operator")) {
        const TSNode op = field(n, "operator");
        const std::string_view opText = ts_node_is_null(op) ? std::string_view{} : text(op);
        if (opText == "+")
            return stringPattern(field(n, "left"), depth + 1) + stringPattern(field(n, "right"), depth + 1);
        if (opText == "%" && isType(unparen(field(n, "left")), "string"))
            return percentPattern(stringContent(unparen(field(n, "left"))));
        return "*";
    }
    if (isType(n, "call")) { // "on_{}".format(x)
        const TSNode callee = field(n, "function");
        if (isType(callee, "attribute") && text(field(callee, "attribute")) == "format"
            && isType(unparen(field(callee, "object")), "string"))
            return bracePattern(stringContent(unparen(field(callee, "object"))));
    }
    return "*";
}

std::string SyntaxSource::attributePattern(TSNode n) const
{
    std::string pattern = stringPattern(n, 0);
    std::string out;
    for (char c : pattern)
        if (c != '*' || out.empty() || out.back() != '*')
            out += c;
    if (out.size() > kMaxPatternLength || out.find('*') == std::string::npos || out == "*")
        return {};
    for (char c : out)
        if (c != '*' && !identifierChar(c))
            return {};
    return out;
}

} // namespace katlas
