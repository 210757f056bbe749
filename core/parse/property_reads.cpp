// Attribute reads that run a property's getter (see property_reads.h).
#include "parse/property_reads.h"

#include <array>
#include <cstring>
#include <string_view>

namespace katlas {
namespace {

bool isPropertyDecorator(const SyntaxSource &source, TSNode decorator)
{
    if (ts_node_named_child_count(decorator) == 0)
        return false;
    const std::string_view name = source.text(ts_node_named_child(decorator, 0));
    return name == "property" || name == "cached_property" || name == "functools.cached_property";
}

void collect(const SyntaxSource &source, TSNode n, std::set<std::string, std::less<>> &out, int depth)
{
    // Statements that hold statements; a function body is not walked.
    static constexpr std::array<const char *, 13> kContainers = {
        "module",         "block",        "class_definition", "if_statement",  "elif_clause",
        "else_clause",    "try_statement", "except_clause",   "finally_clause", "with_statement",
        "for_statement",  "while_statement", "decorated_definition"};
    constexpr int kMaxDepth = 64;
    if (depth > kMaxDepth)
        return;
    for (TSNode child : NamedChildren(n)) {
        const char *type = ts_node_type(child);
        if (!std::strcmp(type, "decorated_definition")) {
            const TSNode def = field(child, "definition");
            bool property = false;
            for (TSNode d : NamedChildren(child))
                property = property || (isType(d, "decorator") && isPropertyDecorator(source, d));
            if (property && !ts_node_is_null(def) && isType(def, "function_definition"))
                out.emplace(source.text(field(def, "name")));
            else if (!ts_node_is_null(def) && isType(def, "class_definition"))
                collect(source, def, out, depth + 1);
            continue;
        }
        for (const char *c : kContainers)
            if (!std::strcmp(type, c)) {
                collect(source, child, out, depth + 1);
                break;
            }
    }
}

} // namespace

std::set<std::string, std::less<>> propertyNames(const SyntaxSource &source, TSNode root)
{
    std::set<std::string, std::less<>> out;
    collect(source, root, out, 0);
    return out;
}

Chain propertyRead(const SyntaxSource &source, TSNode attribute, const std::set<std::string, std::less<>> &names)
{
    if (names.empty() || !isType(attribute, "attribute"))
        return {};
    const TSNode name = field(attribute, "attribute");
    if (ts_node_is_null(name) || !names.count(source.text(name)))
        return {};
    return source.chainOf(attribute);
}

} // namespace katlas
