// Highlight spans from a tree-sitter parse (see syntax_highlighter_spans.h).
#include "parse/syntax_highlighter_spans.h"

#include "parse/python_parser.h"

#include <tree_sitter/api.h>

#include <cctype>
#include <cstring>

namespace katlas {
namespace {

void walk(TSNode n, std::vector<HighlightSpan> &out, int depth)
{
    if (depth > 200)
        return;
    const char *t = ts_node_type(n);
    const unsigned b = ts_node_start_byte(n), e = ts_node_end_byte(n);
    auto add = [&](HighlightSpan::Kind k) { out.push_back({b, e - b, k}); };
    if (!ts_node_is_named(n)) {
        // Anonymous nodes whose text is a word are keywords: def, if, return, ...
        if (std::isalpha(static_cast<unsigned char>(t[0])))
            add(HighlightSpan::Kind::Keyword);
        return;
    }
    if (!std::strcmp(t, "string")) {
        add(HighlightSpan::Kind::String);
        return;
    }
    if (!std::strcmp(t, "comment"))
        return add(HighlightSpan::Kind::Comment);
    if (!std::strcmp(t, "integer") || !std::strcmp(t, "float"))
        return add(HighlightSpan::Kind::Number);
    if (!std::strcmp(t, "true") || !std::strcmp(t, "false") || !std::strcmp(t, "none"))
        return add(HighlightSpan::Kind::Builtin);
    if (!std::strcmp(t, "decorator"))
        return add(HighlightSpan::Kind::Decorator);
    if (!std::strcmp(t, "function_definition") || !std::strcmp(t, "class_definition")) {
        TSNode name = ts_node_child_by_field_name(n, "name", 4);
        if (!ts_node_is_null(name))
            out.push_back({ts_node_start_byte(name), ts_node_end_byte(name) - ts_node_start_byte(name),
                           HighlightSpan::Kind::Function});
    }
    const uint32_t count = ts_node_child_count(n);
    for (uint32_t i = 0; i < count; ++i)
        walk(ts_node_child(n, i), out, depth + 1);
}

} // namespace

std::vector<HighlightSpan> highlightPython(std::string_view source)
{
    PythonParser parser;
    SyntaxTree tree = parser.parse(source);
    std::vector<HighlightSpan> out;
    if (tree)
        walk(ts_tree_root_node(tree.get()), out, 0);
    return out;
}

} // namespace katlas
