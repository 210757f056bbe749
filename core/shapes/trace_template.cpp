// See trace_template.h.
#include "shapes/trace_template.h"

#include "parse/python_parser.h"
#include "parse/syntax_node.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <set>

namespace katlas {

namespace {

// The assignment a statement is (`x = v`, `d["k"] = v`); a null node otherwise.
TSNode assignmentOf(TSNode statement)
{
    if (!isType(statement, "expression_statement") || ts_node_named_child_count(statement) == 0)
        return {};
    const TSNode a = ts_node_named_child(statement, 0);
    return isType(a, "assignment") ? a : TSNode{};
}

template <typename F>
void forEachIdentifier(TSNode n, const F &visit)
{
    if (ts_node_is_null(n))
        return;
    if (isType(n, "identifier")) {
        visit(n);
        return;
    }
    for (TSNode child : namedChildrenOf(n))
        forEachIdentifier(child, visit);
}

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
        n = resolved(n);
        if (isType(n, "binary_operator") && raw(field(n, "operator")) == "+") {
            const std::optional<std::string> left = string(field(n, "left")), right = string(field(n, "right"));
            if (!left || !right)
                return std::nullopt;
            return *left + *right;
        }
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
    // Inside a factory (readFactory), its parameters and locals come first;
    // `a if flag else b` is the branch the flag, bound to a literal, takes.
    TSNode resolved(TSNode n) const
    {
        for (int hops = 0; hops < 8 && !ts_node_is_null(n); ++hops) {
            n = unparen(n);
            if (isType(n, "identifier")) {
                if (m_scope)
                    if (const auto local = m_scope->names.find(raw(n)); local != m_scope->names.end()) {
                        n = local->second;
                        continue;
                    }
                const auto it = m_bindings.find(raw(n));
                if (it == m_bindings.end())
                    return n;
                n = it->second;
            } else if (isType(n, "conditional_expression") && ts_node_named_child_count(n) == 3) {
                const std::optional<bool> holds = truth(ts_node_named_child(n, 1));
                if (!holds)
                    return n;
                n = ts_node_named_child(n, *holds ? 0 : 2);
            } else if (isType(n, "call") && (raw(field(n, "function")) == "dict" || raw(field(n, "function")) == "list"
                                              || raw(field(n, "function")) == "tuple")
                       && ts_node_named_child_count(field(n, "arguments")) == 1) {
                n = ts_node_named_child(field(n, "arguments"), 0);
            } else {
                return n;
            }
        }
        return n;
    }

    // The truth of a condition over literals and a factory's flags; nullopt when not known.
    std::optional<bool> truth(TSNode n) const
    {
        n = resolved(n);
        if (isType(n, "true") || isType(n, "false"))
            return isType(n, "true");
        if (isType(n, "none"))
            return false;
        if (isType(n, "not_operator"))
            if (const std::optional<bool> inner = truth(field(n, "argument")))
                return !*inner;
        if (const std::optional<std::int64_t> v = integer(n))
            return *v != 0;
        return std::nullopt;
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
                const TSNode splat = unparen(ts_node_named_child(item, 0));
                if (const auto *filled = m_scope && isType(splat, "identifier") ? m_scope->filled(raw(splat)) : nullptr) {
                    for (const auto &[key, value] : *filled)
                        if (std::optional<Call> c = call(value))
                            out.emplace_back(key, std::move(*c));
                    continue;
                }
                for (auto &entry : entries(splat, depth + 1))
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
            if (const TSNode a = assignmentOf(statement); !ts_node_is_null(a))
                if (const TSNode left = field(a, "left"), right = field(a, "right"); !ts_node_is_null(right) && isType(left, "identifier"))
                    m_bindings[raw(left)] = right;
        for (TSNode statement : namedChildrenOf(root)) {
            if (isType(statement, "decorated_definition") || isType(statement, "function_definition")) {
                const TSNode fn = isType(statement, "decorated_definition") ? field(statement, "definition") : statement;
                if (isType(fn, "function_definition")) {
                    m_functions[raw(field(fn, "name"))] = raw(statement);
                    m_functionNodes[raw(field(fn, "name"))] = fn;
                }
                continue;
            }
            const TSNode assignment = assignmentOf(statement);
            if (ts_node_is_null(assignment))
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
            if (!c)
                continue;
            std::optional<TraceTemplate> t = lastComponent(c->callee) == "TraceTemplate" ? templateOf(*c) : readFactory(*c);
            if (!t)
                continue;
            t->variable = raw(left);
            t->line = lineOf(statement);
            m_templates.push_back(std::move(*t));
        }
        for (TraceTemplate &t : m_templates)
            t.reference = referenceSource(t.referenceFunction);
    }

    std::vector<TraceTemplate> takeTemplates() { return std::move(m_templates); }

    // The module's functions that name its templates, directly or through a
    // module-level dict, list or tuple of them (`_BY_ROUTING.get(routing)`):
    // a dispatch choosing one at run time; each with the templates it names.
    std::map<std::string, std::vector<std::string>> dispatches() const
    {
        std::set<std::string> templates;
        for (const TraceTemplate &t : m_templates)
            templates.insert(t.variable);
        std::map<std::string, std::vector<std::string>> out;
        for (const auto &[name, fn] : m_functionNodes) {
            std::vector<std::string> named;
            const auto add = [&](const std::string &variable) {
                if (templates.count(variable) && std::find(named.begin(), named.end(), variable) == named.end())
                    named.push_back(variable);
            };
            forEachIdentifier(field(fn, "body"), [&](TSNode id) {
                const std::string text = raw(id);
                add(text);
                if (const auto bound = m_bindings.find(text); bound != m_bindings.end())
                    if (const TSNode v = unparen(bound->second); isType(v, "dictionary") || isType(v, "list") || isType(v, "tuple"))
                        forEachIdentifier(v, [&](TSNode inner) { add(raw(inner)); });
            });
            if (!named.empty())
                out[name] = std::move(named);
        }
        return out;
    }

private:
    // What a factory call binds while its `return TraceTemplate(...)` is read:
    // the parameters (to the call's arguments or their defaults) and the
    // locals assigned before the return, with the entries `d["k"] = v`
    // statements put into a dict local.
    struct FactoryScope {
        std::map<std::string, TSNode> names;
        std::map<std::string, std::vector<std::pair<std::string, TSNode>>> dicts;
        const std::vector<std::pair<std::string, TSNode>> *filled(const std::string &name) const
        {
            const auto it = dicts.find(name);
            return it == dicts.end() ? nullptr : &it->second;
        }
    };

    TraceTemplate templateOf(const Call &c) const
    {
        TraceTemplate t;
        t.opType = stringArgument(c, "op_type");
        if (const TSNode prefix = argument(c, "name_prefix"); !ts_node_is_null(prefix))
            t.namePrefix = string(prefix);
        t.description = stringArgument(c, "description");
        t.axes = axes(argument(c, "axes"));
        t.inputs = tensors(argument(c, "inputs"));
        t.outputs = tensors(argument(c, "outputs"));
        t.tags = strings(argument(c, "tags"));
        t.constraints = strings(argument(c, "constraints"));
        if (const TSNode reference = resolved(argument(c, "reference")); !ts_node_is_null(reference) && isType(reference, "identifier"))
            t.referenceFunction = raw(reference);
        return t;
    }

    // `x = make_trace(flag=True, name_prefix="...")`: a module-level function
    // whose body ends in `return TraceTemplate(...)`, read with its
    // parameters bound to the call's literal arguments (or their defaults).
    std::optional<TraceTemplate> readFactory(const Call &c)
    {
        const auto fn = m_functionNodes.find(c.callee);
        if (fn == m_functionNodes.end() || m_scope)
            return std::nullopt;
        const TSNode body = field(fn->second, "body");
        const std::vector<TSNode> statements = namedChildrenOf(body);
        if (statements.empty() || !isType(statements.back(), "return_statement") || ts_node_named_child_count(statements.back()) != 1)
            return std::nullopt;
        const std::optional<Call> made = call(ts_node_named_child(statements.back(), 0));
        if (!made || lastComponent(made->callee) != "TraceTemplate")
            return std::nullopt;
        FactoryScope scope;
        size_t position = 0;
        for (TSNode param : namedChildrenOf(field(fn->second, "parameters"))) {
            const bool keywordOnlyMark = isType(param, "keyword_separator") || isType(param, "list_splat_pattern");
            if (keywordOnlyMark) {
                position = SIZE_MAX;
                continue;
            }
            const TSNode nameNode = isType(param, "identifier") ? param : isType(param, "typed_parameter") ? ts_node_named_child(param, 0) : field(param, "name");
            if (ts_node_is_null(nameNode))
                return std::nullopt;
            const std::string name = raw(nameNode);
            TSNode value = argument(c, name.c_str(), position);
            if (ts_node_is_null(value))
                value = field(param, "value"); // the default
            if (ts_node_is_null(value))
                return std::nullopt;
            scope.names[name] = value;
            if (position != SIZE_MAX)
                ++position;
        }
        m_scope = &scope;
        for (size_t i = 0; i + 1 < statements.size(); ++i)
            bindLocals(statements[i], scope);
        TraceTemplate t = templateOf(*made);
        m_scope = nullptr;
        return t;
    }

    // The bindings a factory's statement makes: `x = v`, `d = {}`, `d["k"] = v`,
    // and those of the branch of an `if` its flags decide.
    void bindLocals(TSNode statement, FactoryScope &scope) const
    {
        if (isType(statement, "if_statement")) {
            const std::optional<bool> holds = truth(field(statement, "condition"));
            if (!holds)
                return;
            TSNode branch = field(statement, "consequence");
            if (!*holds) {
                branch = TSNode{};
                for (TSNode part : namedChildrenOf(statement))
                    if (isType(part, "else_clause"))
                        branch = field(part, "body");
            }
            if (!ts_node_is_null(branch))
                for (TSNode inner : namedChildrenOf(branch))
                    bindLocals(inner, scope);
            return;
        }
        const TSNode a = assignmentOf(statement);
        if (ts_node_is_null(a))
            return;
        const TSNode left = field(a, "left"), right = field(a, "right");
        if (isType(left, "identifier")) {
            const TSNode value = unparen(right);
            if (isType(value, "dictionary") && ts_node_named_child_count(value) == 0)
                scope.dicts[raw(left)];
            else
                scope.names[raw(left)] = right;
        } else if (isType(left, "subscript")) {
            const auto dict = scope.dicts.find(raw(field(left, "value")));
            if (const std::optional<std::string> key = string(field(left, "subscript")); dict != scope.dicts.end() && key)
                dict->second.emplace_back(*key, right);
        }
    }

    std::string_view m_source;
    const FactoryScope *m_scope = nullptr;
    std::map<std::string, TSNode> m_functionNodes; // module-level functions by name
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

// The method a method only hands its call on to: `return self.run(...)`
// after nothing but a docstring and assignments to its own attributes (a
// deprecated alias keeping its old arguments in `self._x`); empty otherwise.
std::string delegate(const TemplateReader &reader, TSNode function)
{
    std::vector<TSNode> body = namedChildrenOf(field(function, "body"));
    if (!body.empty() && isType(body.front(), "expression_statement") && ts_node_named_child_count(body.front()) == 1
        && isType(ts_node_named_child(body.front(), 0), "string"))
        body.erase(body.begin());
    while (body.size() > 1) {
        const TSNode a = assignmentOf(body.front());
        if (ts_node_is_null(a))
            break;
        const TSNode left = field(a, "left");
        if (ts_node_is_null(left) || !isType(left, "attribute") || reader.raw(field(left, "object")) != "self")
            break;
        body.erase(body.begin());
    }
    if (body.size() != 1 || !isType(body.front(), "return_statement") || ts_node_named_child_count(body.front()) != 1)
        return {};
    const TSNode call = ts_node_named_child(body.front(), 0);
    if (!isType(call, "call"))
        return {};
    const std::string callee = reader.raw(field(call, "function"));
    return callee.rfind("self.", 0) == 0 && callee.find('.', 5) == std::string::npos ? callee.substr(5) : std::string();
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
    // A method of a class that only calls another with a trace (`forward`
    // calling `run`) runs that API: it is written by the same template.
    if (!isType(node, "block") || !isType(ts_node_parent(node), "class_definition"))
        return;
    std::map<std::string, std::string> traced; // method -> its trace
    std::vector<std::pair<TSNode, TSNode>> methods; // (statement, function)
    for (TSNode statement : namedChildrenOf(node)) {
        const TSNode fn = isType(statement, "decorated_definition") ? field(statement, "definition") : statement;
        if (!isType(fn, "function_definition"))
            continue;
        methods.emplace_back(statement, fn);
        if (const auto t = out.find(lineOf(fn)); t != out.end())
            traced[reader.raw(field(fn, "name"))] = t->second;
    }
    for (const auto &[statement, fn] : methods)
        if (!out.count(lineOf(fn)))
            if (const auto t = traced.find(delegate(reader, fn)); t != traced.end()) {
                out[lineOf(fn)] = t->second;
                out[lineOf(statement)] = t->second;
            }
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

TemplateModule readTemplateModule(std::string_view source)
{
    PythonParser parser;
    const SyntaxTree tree = parser.parse(source);
    if (!tree)
        return {};
    TemplateReader reader(source);
    reader.readModule(ts_tree_root_node(tree.get()));
    TemplateModule out;
    out.dispatches = reader.dispatches();
    out.templates = reader.takeTemplates();
    return out;
}

std::vector<TraceTemplate> readTraceTemplates(std::string_view source)
{
    return readTemplateModule(source).templates;
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
