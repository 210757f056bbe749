// See trace_template.h.
#include "shapes/trace_template.h"

#include "parse/python_parser.h"
#include "parse/syntax_node.h"

#include <algorithm>
#include <charconv>
#include <map>

namespace katlas {

namespace {

class TemplateReader {
public:
    explicit TemplateReader(std::string_view source) : m_source(source) {}

    std::string raw(TSNode n) const
    {
        return ts_node_is_null(n) ? std::string()
                                  : std::string(m_source.substr(ts_node_start_byte(n), ts_node_end_byte(n) - ts_node_start_byte(n)));
    }

    // A string literal's value: implicit concatenation and parentheses
    // followed; nullopt for anything else (an f-string's fields stay as written).
    std::optional<std::string> string(TSNode n) const
    {
        if (ts_node_is_null(n))
            return std::nullopt;
        n = unparen(n);
        if (isType(n, "concatenated_string")) {
            std::string out;
            for (TSNode part : namedChildrenOf(n))
                if (std::optional<std::string> s = string(part))
                    out += *s;
            return out;
        }
        if (!isType(n, "string"))
            return std::nullopt;
        const std::string text = raw(n);
        const size_t open = text.find_first_of("\"'");
        if (open == std::string::npos)
            return std::nullopt;
        const size_t quote = text.compare(open, 3, std::string(3, text[open])) == 0 ? 3 : 1;
        if (text.size() < open + 2 * quote)
            return std::nullopt;
        const std::string_view body(text.data() + open + quote, text.size() - open - 2 * quote);
        std::string out;
        for (size_t i = 0; i < body.size(); ++i) {
            if (body[i] != '\\' || i + 1 == body.size()) {
                out += body[i];
                continue;
            }
            const char e = body[++i];
            out += e == 'n' ? '\n' : e == 't' ? '\t' : e;
        }
        return out;
    }

    std::optional<std::int64_t> integer(TSNode n) const
    {
        if (ts_node_is_null(n))
            return std::nullopt;
        n = unparen(n);
        if (!isType(n, "integer"))
            return std::nullopt;
        const std::string text = raw(n);
        std::int64_t v = 0;
        if (std::from_chars(text.data(), text.data() + text.size(), v).ec != std::errc())
            return std::nullopt;
        return v;
    }

    // A module-level name bound to a literal (`axes=dict(_common_axes)`,
    // `axes=_common_axes`): the literal it is bound to.
    TSNode resolved(TSNode n) const
    {
        for (int hops = 0; hops < 4 && !ts_node_is_null(n); ++hops) {
            n = unparen(n);
            if (isType(n, "identifier")) {
                const auto it = m_bindings.find(raw(n));
                if (it == m_bindings.end())
                    return n;
                n = it->second;
            } else if (isType(n, "call") && raw(field(n, "function")) == "dict"
                       && ts_node_named_child_count(field(n, "arguments")) == 1) {
                n = ts_node_named_child(field(n, "arguments"), 0);
            } else {
                return n;
            }
        }
        return n;
    }

    std::vector<std::string> strings(TSNode n) const
    {
        std::vector<std::string> out;
        n = resolved(n);
        if (ts_node_is_null(n))
            return out;
        if (isType(n, "list") || isType(n, "tuple"))
            for (TSNode item : namedChildrenOf(n))
                if (std::optional<std::string> s = string(item))
                    out.push_back(*s);
        return out;
    }

    struct Call {
        std::string callee;
        std::vector<TSNode> positional;
        std::map<std::string, TSNode> keywords;
    };

    std::optional<Call> call(TSNode n) const
    {
        if (ts_node_is_null(n))
            return std::nullopt;
        n = unparen(n);
        if (!isType(n, "call"))
            return std::nullopt;
        Call c;
        c.callee = raw(field(n, "function"));
        for (TSNode a : namedChildrenOf(field(n, "arguments"))) {
            if (isType(a, "keyword_argument"))
                c.keywords[raw(field(a, "name"))] = field(a, "value");
            else if (!isType(a, "comment"))
                c.positional.push_back(a);
        }
        return c;
    }

    // A keyword argument, else the `position`-th positional one.
    static TSNode argument(const Call &c, const char *name, size_t position = SIZE_MAX)
    {
        if (const auto it = c.keywords.find(name); it != c.keywords.end())
            return it->second;
        return position < c.positional.size() ? c.positional[position] : TSNode{};
    }

    std::string stringArgument(const Call &c, const char *name, size_t position = SIZE_MAX) const
    {
        const TSNode n = argument(c, name, position);
        return ts_node_is_null(n) ? std::string() : string(n).value_or(std::string());
    }

    static std::string lastComponent(const std::string &callee)
    {
        const size_t dot = callee.rfind('.');
        return dot == std::string::npos ? callee : callee.substr(dot + 1);
    }

    // The `"key": Marker(...)` entries of a dict literal, in order; a
    // `**name` among them brings in the entries of the dict it names.
    std::vector<std::pair<std::string, Call>> entries(TSNode dict, int depth = 0) const
    {
        std::vector<std::pair<std::string, Call>> out;
        dict = resolved(dict);
        if (ts_node_is_null(dict) || depth > 4)
            return out;
        for (TSNode item : namedChildrenOf(dict)) {
            if (isType(item, "dictionary_splat") && ts_node_named_child_count(item) == 1) {
                for (auto &entry : entries(ts_node_named_child(item, 0), depth + 1))
                    out.push_back(std::move(entry));
                continue;
            }
            if (!isType(item, "pair"))
                continue;
            const std::optional<std::string> key = string(field(item, "key"));
            std::optional<Call> value = call(field(item, "value"));
            if (key && value)
                out.emplace_back(*key, std::move(*value));
        }
        return out;
    }

    std::vector<TemplateAxis> axes(TSNode dict) const
    {
        std::vector<TemplateAxis> out;
        for (const auto &[key, marker] : entries(dict)) {
            TemplateAxis a;
            a.name = key;
            a.constant = lastComponent(marker.callee) == "Const";
            a.description = stringArgument(marker, "description", 0);
            if (a.constant) {
                if (const TSNode abbrev = argument(marker, "abbrev", 1); !ts_node_is_null(abbrev))
                    a.abbrev = string(abbrev);
                if (const TSNode value = argument(marker, "value", 2); !ts_node_is_null(value))
                    a.value = integer(value);
            }
            out.push_back(std::move(a));
        }
        return out;
    }

    std::vector<TemplateTensor> tensors(TSNode dict) const
    {
        std::vector<TemplateTensor> out;
        for (const auto &[key, descriptor] : entries(dict)) {
            TemplateTensor t;
            t.name = key;
            t.scalar = lastComponent(descriptor.callee) == "Scalar";
            if (t.scalar)
                t.dtype = stringArgument(descriptor, "dtype", 0);
            else {
                t.shape = strings(argument(descriptor, "dim_names", 0));
                t.dtype = stringArgument(descriptor, "dtype");
                t.dtypeFrom = stringArgument(descriptor, "dtype_from");
            }
            if (t.scalar && t.dtype.empty() && ts_node_is_null(argument(descriptor, "dtype", 0)))
                t.dtype = "float32"; // Scalar's default
            t.param = stringArgument(descriptor, "param");
            t.optional = raw(argument(descriptor, "optional")) == "True";
            t.description = stringArgument(descriptor, "description");
            out.push_back(std::move(t));
        }
        return out;
    }

    // Module-level statements: functions by name (decorators included),
    // `x = TraceTemplate(...)`, and `f._trace_reference_dependencies = (...)`.
    void readModule(TSNode root)
    {
        for (TSNode statement : namedChildrenOf(root))
            if (isType(statement, "expression_statement") && ts_node_named_child_count(statement) > 0)
                if (const TSNode a = ts_node_named_child(statement, 0); isType(a, "assignment"))
                    if (const TSNode left = field(a, "left"), right = field(a, "right");
                        !ts_node_is_null(right) && isType(left, "identifier"))
                        m_bindings[raw(left)] = right;
        for (TSNode statement : namedChildrenOf(root)) {
            if (isType(statement, "decorated_definition") || isType(statement, "function_definition")) {
                const TSNode fn = isType(statement, "decorated_definition") ? field(statement, "definition") : statement;
                if (isType(fn, "function_definition"))
                    m_functions[raw(field(fn, "name"))] = raw(statement);
                continue;
            }
            if (!isType(statement, "expression_statement") || ts_node_named_child_count(statement) == 0)
                continue;
            const TSNode assignment = ts_node_named_child(statement, 0);
            if (!isType(assignment, "assignment"))
                continue;
            const TSNode left = field(assignment, "left"), right = field(assignment, "right");
            if (isType(left, "attribute") && raw(field(left, "attribute")) == "_trace_reference_dependencies") {
                TSNode object = field(left, "object");
                if (const std::optional<Call> cast = call(object); cast && cast->positional.size() == 2)
                    object = cast->positional[1]; // cast(Any, f)._trace_reference_dependencies
                std::vector<std::string> &deps = m_dependencies[raw(object)];
                for (TSNode d : namedChildrenOf(unparen(right)))
                    deps.push_back(raw(d));
                continue;
            }
            if (!isType(left, "identifier"))
                continue;
            const std::optional<Call> c = call(right);
            if (!c || lastComponent(c->callee) != "TraceTemplate")
                continue;
            TraceTemplate t;
            t.variable = raw(left);
            t.line = lineOf(statement);
            t.opType = stringArgument(*c, "op_type");
            if (const TSNode prefix = argument(*c, "name_prefix"); !ts_node_is_null(prefix))
                t.namePrefix = string(prefix);
            t.description = stringArgument(*c, "description");
            t.axes = axes(argument(*c, "axes"));
            t.inputs = tensors(argument(*c, "inputs"));
            t.outputs = tensors(argument(*c, "outputs"));
            t.tags = strings(argument(*c, "tags"));
            t.constraints = strings(argument(*c, "constraints"));
            if (const TSNode reference = argument(*c, "reference"); !ts_node_is_null(reference) && isType(reference, "identifier"))
                t.referenceFunction = raw(reference);
            m_templates.push_back(std::move(t));
        }
        for (TraceTemplate &t : m_templates)
            t.reference = referenceSource(t.referenceFunction);
    }

    std::vector<TraceTemplate> takeTemplates() { return std::move(m_templates); }

private:
    std::string_view m_source;
    std::map<std::string, std::string> m_functions;
    std::map<std::string, TSNode> m_bindings; // module-level `name = value`
    std::map<std::string, std::vector<std::string>> m_dependencies;
    std::vector<TraceTemplate> m_templates;

    // The reference's source after the helpers it lists, each once.
    std::string referenceSource(const std::string &function) const
    {
        const auto it = m_functions.find(function);
        if (it == m_functions.end())
            return {};
        std::string out;
        if (const auto deps = m_dependencies.find(function); deps != m_dependencies.end())
            for (const std::string &d : deps->second)
                if (const auto dep = m_functions.find(d); dep != m_functions.end())
                    out += dep->second + "\n\n";
        return out + it->second + "\n";
    }
};

// The `trace=` of a flashinfer_api decorator among `decorated`'s.
std::string traceArgument(const TemplateReader &reader, TSNode decorated)
{
    for (TSNode d : namedChildrenOf(decorated)) {
        if (!isType(d, "decorator") || ts_node_named_child_count(d) == 0)
            continue;
        const TSNode expression = ts_node_named_child(d, 0);
        if (!isType(expression, "call"))
            continue;
        const std::string callee = reader.raw(field(expression, "function"));
        if (callee != "flashinfer_api" && !callee.ends_with(".flashinfer_api"))
            continue;
        for (TSNode a : namedChildrenOf(field(expression, "arguments")))
            if (isType(a, "keyword_argument") && reader.raw(field(a, "name")) == "trace" && !ts_node_is_null(field(a, "value"))
                && isType(field(a, "value"), "identifier"))
                return reader.raw(field(a, "value"));
    }
    return {};
}

void findTraces(const TemplateReader &reader, TSNode node, std::map<int, std::string> &out)
{
    if (isType(node, "decorated_definition"))
        if (std::string trace = traceArgument(reader, node); !trace.empty()) {
            out[lineOf(field(node, "definition"))] = trace;
            out[lineOf(node)] = std::move(trace);
        }
    for (TSNode child : namedChildrenOf(node))
        findTraces(reader, child, out);
}

} // namespace

const TemplateAxis *TraceTemplate::axis(const std::string &name) const
{
    for (const TemplateAxis &a : axes)
        if (a.name == name)
            return &a;
    return nullptr;
}

std::string TraceTemplate::definitionName(const std::vector<std::pair<std::string, std::int64_t>> &values) const
{
    std::string out = namePrefix.value_or(opType);
    for (const TemplateAxis &a : axes) {
        if (!a.constant)
            continue;
        const auto v = std::find_if(values.begin(), values.end(), [&](const auto &p) { return p.first == a.name; });
        const std::string prefix = a.abbrev.value_or(a.name);
        if (v == values.end() || prefix.empty())
            continue;
        out += "_" + prefix + std::to_string(v->second);
    }
    return out;
}

std::vector<TraceTemplate> readTraceTemplates(std::string_view source)
{
    PythonParser parser;
    const SyntaxTree tree = parser.parse(source);
    if (!tree)
        return {};
    TemplateReader reader(source);
    reader.readModule(ts_tree_root_node(tree.get()));
    return reader.takeTemplates();
}

std::map<int, std::string> tracesOfFunctions(std::string_view source)
{
    std::map<int, std::string> out;
    PythonParser parser;
    const SyntaxTree tree = parser.parse(source);
    if (tree)
        findTraces(TemplateReader(source), ts_tree_root_node(tree.get()), out);
    return out;
}

} // namespace katlas
