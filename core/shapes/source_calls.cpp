// See source_calls.h.
#include "shapes/source_calls.h"

#include "parse/python_parser.h"
#include "parse/syntax_node.h"
#include "shapes/indexed_source.h"

#include <algorithm>

namespace katlas {
namespace {

class Reader : private SyntaxSource {
public:
    explicit Reader(std::string_view source) : SyntaxSource(source) {}

    void walk(TSNode node, bool inClass, std::multimap<int, SourceCall> &calls, std::map<int, SourceFunction> &functions) const
    {
        if (isType(node, "call"))
            calls.emplace(lineOf(node), readCall(node));
        if (isType(node, "function_definition") || isType(node, "decorated_definition")) {
            const TSNode def = isType(node, "decorated_definition") ? field(node, "definition") : node;
            if (isType(def, "function_definition")) {
                SourceFunction fn = readFunction(def, inClass && !isStatic(node));
                functions.emplace(lineOf(def), fn);
                functions.emplace(lineOf(node), std::move(fn));
            }
        }
        const bool classBody = isType(node, "class_definition");
        const bool functionBody = isType(node, "function_definition");
        for (TSNode child : namedChildrenOf(node)) {
            const bool body = classBody && ts_node_eq(child, field(node, "body"));
            walk(child, body || (inClass && !functionBody && !classBody), calls, functions);
        }
    }

private:
    std::string text(TSNode n) const
    {
        return ts_node_is_null(n) ? std::string() : normaliseSpace(SyntaxSource::text(n));
    }

    bool isStatic(TSNode node) const
    {
        if (!isType(node, "decorated_definition"))
            return false;
        for (TSNode d : namedChildrenOf(node))
            if (isType(d, "decorator") && text(d) == "@staticmethod")
                return true;
        return false;
    }

    SourceCall readCall(TSNode call) const
    {
        SourceCall c;
        c.callee = text(field(call, "function"));
        for (TSNode a : namedChildrenOf(field(call, "arguments"))) {
            if (isType(a, "keyword_argument"))
                c.keywords[text(field(a, "name"))] = text(field(a, "value"));
            else if (isType(a, "list_splat") || isType(a, "dictionary_splat"))
                c.splat = true;
            else if (!isType(a, "comment"))
                c.positional.push_back(text(a));
        }
        return c;
    }

    // `*` for `*args` and `**kwargs`: what follows binds by keyword only.
    std::string parameterName(TSNode p) const
    {
        if (isType(p, "identifier"))
            return text(p);
        if (isType(p, "typed_parameter")) {
            const std::vector<TSNode> kids = namedChildrenOf(p);
            return !kids.empty() && isType(kids.front(), "identifier") ? text(kids.front()) : std::string(1, '*');
        }
        if (isType(p, "default_parameter") || isType(p, "typed_default_parameter"))
            return text(field(p, "name"));
        return std::string(1, '*');
    }

    void readAssignments(TSNode node, SourceFunction &fn) const
    {
        if (isType(node, "function_definition") || isType(node, "class_definition") || isType(node, "lambda"))
            return;
        if (isType(node, "assignment")) {
            const TSNode left = field(node, "left");
            const TSNode right = field(node, "right");
            if (isType(left, "identifier") && !ts_node_is_null(right))
                fn.assignments[text(left)].push_back(text(right));
        }
        for (TSNode child : namedChildrenOf(node))
            readAssignments(child, fn);
    }

    SourceFunction readFunction(TSNode def, bool method) const
    {
        SourceFunction fn;
        fn.name = text(field(def, "name"));
        fn.method = method;
        for (TSNode p : namedChildrenOf(field(def, "parameters")))
            if (!isType(p, "keyword_separator") && !isType(p, "positional_separator"))
                fn.params.push_back(parameterName(p));
        for (TSNode statement : namedChildrenOf(field(def, "body")))
            readAssignments(statement, fn);
        return fn;
    }
};

} // namespace

std::shared_ptr<const SourceCalls::FileCalls> SourceCalls::fileCalls(std::int64_t fileId) const
{
    {
        std::lock_guard lock(m_mutex);
        if (const auto it = m_files.find(fileId); it != m_files.end())
            return it->second;
    }
    auto calls = std::make_shared<FileCalls>();
    if (const std::optional<std::string> source = readIndexedSource(m_index, fileId)) {
        PythonParser parser;
        const SyntaxTree tree = parser.parse(*source);
        if (tree)
            Reader(*source).walk(ts_tree_root_node(tree.get()), false, calls->callsByLine, calls->functionsByLine);
    }
    std::lock_guard lock(m_mutex);
    return m_files.emplace(fileId, std::move(calls)).first->second;
}

std::optional<SourceCall> SourceCalls::call(std::int64_t siteId) const
{
    const CallSite &site = m_index.site(siteId);
    const std::shared_ptr<const FileCalls> file = fileCalls(site.fileId);
    const auto [from, to] = file->callsByLine.equal_range(site.line);
    std::optional<SourceCall> only;
    int count = 0;
    for (auto it = from; it != to; ++it) {
        if (it->second.callee == site.callee)
            return it->second;
        only = it->second;
        ++count;
    }
    return count == 1 ? only : std::nullopt;
}

std::optional<SourceFunction> SourceCalls::function(std::int64_t symbolId) const
{
    const Symbol &s = m_index.symbol(symbolId);
    if (!s.fileId)
        return std::nullopt;
    const std::shared_ptr<const FileCalls> file = fileCalls(s.fileId);
    const auto it = file->functionsByLine.find(s.line);
    if (it == file->functionsByLine.end() || it->second.name != s.name)
        return std::nullopt;
    return it->second;
}

std::optional<std::string> argumentFor(const SourceCall &call, const SourceFunction &callee, const std::string &name,
                                       bool bound)
{
    if (const auto kw = call.keywords.find(name); kw != call.keywords.end())
        return kw->second;
    const auto at = std::find(callee.params.begin(), callee.params.end(), name);
    if (at == callee.params.end())
        return std::nullopt;
    const auto star = std::find(callee.params.begin(), callee.params.end(), "*");
    if (star < at)
        return std::nullopt; // keyword-only
    size_t index = static_cast<size_t>(at - callee.params.begin());
    if (bound && callee.method) {
        if (index == 0)
            return std::nullopt; // the receiver itself
        --index;
    }
    if (index < call.positional.size())
        return call.positional[index];
    return std::nullopt; // a default, or a splat's
}

} // namespace katlas
