// See init_scope.h.
#include "shapes/init_scope.h"

#include "parse/python_parser.h"
#include "parse/syntax_node.h"

#include <cctype>

namespace katlas {

namespace {

class Reader {
public:
    explicit Reader(std::string_view source) : m_source(source) {}

    void walk(TSNode node, std::vector<ClassInit> &out)
    {
        if (isType(node, "class_definition")) {
            const std::string cls = text(field(node, "name"));
            const TSNode body = field(node, "body");
            for (TSNode member : namedChildrenOf(body)) {
                TSNode fn = isType(member, "decorated_definition") ? field(member, "definition") : member;
                if (isType(fn, "function_definition") && text(field(fn, "name")) == "__init__") {
                    ClassInit init;
                    init.cls = cls;
                    readParameters(field(fn, "parameters"), init);
                    readBody(field(fn, "body"), false, init);
                    out.push_back(std::move(init));
                }
            }
            walk(body, out); // nested classes
            return;
        }
        for (TSNode child : namedChildrenOf(node))
            walk(child, out);
    }

private:
    std::string_view m_source;

    std::string text(TSNode n) const
    {
        if (ts_node_is_null(n))
            return {};
        return normaliseSpace(m_source.substr(ts_node_start_byte(n), ts_node_end_byte(n) - ts_node_start_byte(n)));
    }

    void readParameters(TSNode params, ClassInit &init) const
    {
        if (ts_node_is_null(params))
            return;
        for (TSNode p : namedChildrenOf(params)) {
            InitParameter ip;
            if (isType(p, "identifier")) {
                ip.name = text(p);
            } else if (isType(p, "typed_parameter")) {
                const std::vector<TSNode> kids = namedChildrenOf(p);
                if (!kids.empty() && isType(kids.front(), "identifier"))
                    ip.name = text(kids.front());
            } else if (isType(p, "default_parameter") || isType(p, "typed_default_parameter")) {
                ip.name = text(field(p, "name"));
                ip.defaultText = text(field(p, "value"));
            }
            if (!ip.name.empty() && ip.name != "self")
                init.params.push_back(std::move(ip));
        }
    }

    void readBody(TSNode node, bool conditional, ClassInit &init) const
    {
        if (ts_node_is_null(node))
            return;
        if (isType(node, "function_definition") || isType(node, "class_definition"))
            return; // nested definitions run later, if at all
        const bool branch = isType(node, "if_statement") || isType(node, "for_statement")
            || isType(node, "while_statement") || isType(node, "except_clause");
        if (isType(node, "assignment"))
            readAssignment(node, conditional, init);
        if (isType(node, "call"))
            readBuild(node, init);
        for (TSNode child : namedChildrenOf(node))
            readBody(child, conditional || branch, init);
    }

    void readAssignment(TSNode assignment, bool conditional, ClassInit &init) const
    {
        const TSNode left = field(assignment, "left");
        const TSNode right = field(assignment, "right");
        if (ts_node_is_null(right) || !(isType(left, "attribute") || isType(left, "identifier")))
            return;
        init.assignments.push_back({text(left), text(right), conditional});
    }

    void readBuild(TSNode call, ClassInit &init) const
    {
        const std::string callee = text(field(call, "function"));
        const size_t dot = callee.rfind('.');
        const std::string last = dot == std::string::npos ? callee : callee.substr(dot + 1);
        // `get_moe_impl_class(quant_config)(...)`: a class a function picks,
        // known from the call graph (ModelShapes::pickedClass).
        const bool picked = isType(field(call, "function"), "call");
        if (!picked && (last.empty() || !std::isupper(static_cast<unsigned char>(last[0]))))
            return;
        ConstructorCall c;
        c.ownerClass = init.cls;
        c.line = lineOf(call);
        c.call.cls = picked ? std::string() : last;
        const TSNode parent = ts_node_parent(call);
        if (!ts_node_is_null(parent) && isType(parent, "assignment") && isType(field(parent, "left"), "attribute")
            && ts_node_eq(unparen(field(parent, "right")), call))
            c.target = text(field(parent, "left"));
        if (picked && c.target.empty())
            return;
        for (TSNode a : namedChildrenOf(field(call, "arguments"))) {
            if (isType(a, "keyword_argument"))
                c.call.keywords[text(field(a, "name"))] = text(field(a, "value"));
            else if (!isType(a, "comment"))
                c.call.positional.push_back(text(a));
        }
        init.builds.push_back(std::move(c));
    }
};

} // namespace

std::vector<ClassInit> classInits(std::string_view source)
{
    PythonParser parser;
    const SyntaxTree tree = parser.parse(source);
    std::vector<ClassInit> out;
    if (!tree)
        return out;
    Reader(source).walk(ts_tree_root_node(tree.get()), out);
    return out;
}

} // namespace katlas
