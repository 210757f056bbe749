// See constructor_calls.h.
#include "shapes/constructor_calls.h"

#include "parse/python_parser.h"
#include "parse/syntax_node.h"

#include <cctype>

namespace katlas {

namespace {

class Reader {
public:
    explicit Reader(std::string_view source) : m_source(source) {}

    void walk(TSNode node, const std::string &cls, bool inInit, std::vector<ConstructorCall> &out)
    {
        if (isType(node, "class_definition")) {
            const std::string name = text(field(node, "name"));
            walk(field(node, "body"), name, false, out);
            return;
        }
        if (isType(node, "function_definition")) {
            walk(field(node, "body"), cls, !cls.empty() && text(field(node, "name")) == "__init__", out);
            return;
        }
        if (inInit && isType(node, "assignment"))
            read(node, cls, out);
        const uint32_t n = ts_node_named_child_count(node);
        for (uint32_t i = 0; i < n; ++i)
            walk(ts_node_named_child(node, i), cls, inInit, out);
    }

private:
    std::string_view m_source;

    std::string text(TSNode n) const
    {
        if (ts_node_is_null(n))
            return {};
        return normaliseSpace(m_source.substr(ts_node_start_byte(n), ts_node_end_byte(n) - ts_node_start_byte(n)));
    }

    void read(TSNode assignment, const std::string &cls, std::vector<ConstructorCall> &out) const
    {
        const TSNode left = field(assignment, "left");
        const TSNode right = unparen(field(assignment, "right"));
        if (ts_node_is_null(right) || !isType(left, "attribute") || !isType(right, "call"))
            return;
        const std::string callee = text(field(right, "function"));
        const size_t dot = callee.rfind('.');
        const std::string last = dot == std::string::npos ? callee : callee.substr(dot + 1);
        if (last.empty() || !std::isupper(static_cast<unsigned char>(last[0])))
            return;
        ConstructorCall c;
        c.ownerClass = cls;
        c.target = text(left);
        c.line = lineOf(assignment);
        c.call.cls = last;
        const TSNode args = field(right, "arguments");
        const uint32_t n = ts_node_is_null(args) ? 0 : ts_node_named_child_count(args);
        for (uint32_t i = 0; i < n; ++i) {
            const TSNode a = ts_node_named_child(args, i);
            if (isType(a, "keyword_argument"))
                c.call.keywords[text(field(a, "name"))] = text(field(a, "value"));
            else if (isType(a, "comment"))
                continue;
            else
                c.call.positional.push_back(text(a));
        }
        out.push_back(std::move(c));
    }
};

} // namespace

std::vector<ConstructorCall> constructorCalls(std::string_view source)
{
    PythonParser parser;
    const SyntaxTree tree = parser.parse(source);
    std::vector<ConstructorCall> out;
    if (!tree)
        return out;
    Reader(source).walk(ts_tree_root_node(tree.get()), {}, false, out);
    return out;
}

} // namespace katlas
