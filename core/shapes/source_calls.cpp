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
    // `lineOffset`: the file's line of the text's first line, less one.
    Reader(std::string_view source, int lineOffset) : SyntaxSource(source), m_offset(lineOffset) {}

    void walk(TSNode node, bool inClass, std::multimap<int, SourceCall> &calls, std::map<int, SourceFunction> &functions) const
    {
        if (isType(node, "call"))
            calls.emplace(m_offset + lineOf(node), readCall(node));
        if (isType(node, "function_definition") || isType(node, "decorated_definition")) {
            const TSNode def = isType(node, "decorated_definition") ? field(node, "definition") : node;
            if (isType(def, "function_definition")) {
                SourceFunction fn = readFunction(def, inClass && !isStatic(node));
                functions.emplace(m_offset + lineOf(def), fn);
                functions.emplace(m_offset + lineOf(node), std::move(fn));
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
    int m_offset = 0;

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

    using Tests = std::vector<std::pair<std::string, bool>>;

    void readAssignments(TSNode node, const Tests &tests, SourceFunction &fn) const
    {
        if (isType(node, "function_definition") || isType(node, "class_definition") || isType(node, "lambda"))
            return;
        if (isType(node, "assignment")) {
            const TSNode left = field(node, "left");
            const TSNode right = field(node, "right");
            const bool ofSelf = isType(left, "attribute") && text(left).rfind("self.", 0) == 0;
            if ((isType(left, "identifier") || ofSelf) && !ts_node_is_null(right))
                fn.assignments[text(left)].push_back({text(right), tests, m_offset + lineOf(node)});
        }
        if (isType(node, "if_statement")) {
            // `if a: ... elif b: ... else: ...`: the branches under a, not a and b, neither.
            Tests before = tests;
            const std::string condition = text(field(node, "condition"));
            Tests taken = before;
            taken.emplace_back(condition, true);
            readBlock(field(node, "consequence"), taken, fn);
            before.emplace_back(condition, false);
            for (TSNode branch : namedChildrenOf(node)) {
                if (isType(branch, "elif_clause")) {
                    const std::string test = text(field(branch, "condition"));
                    Tests elif = before;
                    elif.emplace_back(test, true);
                    readBlock(field(branch, "consequence"), elif, fn);
                    before.emplace_back(test, false);
                } else if (isType(branch, "else_clause")) {
                    readBlock(field(branch, "body"), before, fn);
                }
            }
            return;
        }
        for (TSNode child : namedChildrenOf(node))
            readAssignments(child, tests, fn);
    }

    void readBlock(TSNode block, const Tests &tests, SourceFunction &fn) const
    {
        if (!ts_node_is_null(block))
            for (TSNode statement : namedChildrenOf(block))
                readAssignments(statement, tests, fn);
    }

    SourceFunction readFunction(TSNode def, bool method) const
    {
        SourceFunction fn;
        fn.name = text(field(def, "name"));
        fn.method = method;
        for (TSNode p : namedChildrenOf(field(def, "parameters")))
            if (!isType(p, "keyword_separator") && !isType(p, "positional_separator"))
                fn.params.push_back(parameterName(p));
        readBlock(field(def, "body"), {}, fn);
        return fn;
    }
};

} // namespace

std::shared_ptr<const SourceCalls::FileText> SourceCalls::fileText(std::int64_t fileId) const
{
    {
        std::lock_guard lock(m_mutex);
        if (const auto it = m_texts.find(fileId); it != m_texts.end())
            return it->second;
    }
    auto file = std::make_shared<FileText>();
    file->text = readIndexedSource(m_index, fileId).value_or(std::string());
    const std::string &all = file->text;
    for (size_t at = 0; at <= all.size();) {
        const size_t end = std::min(all.find('\n', at), all.size());
        file->lines.emplace_back(all.data() + at, end - at);
        at = end + 1;
    }
    std::shared_ptr<const FileText> text = std::move(file);
    std::lock_guard lock(m_mutex);
    return m_texts.emplace(fileId, std::move(text)).first->second;
}

std::shared_ptr<const SourceCalls::Parsed> SourceCalls::parsed(std::int64_t symbolId) const
{
    const Symbol &s = m_index.symbol(symbolId);
    const bool function = s.kind == SymbolKind::Function || s.kind == SymbolKind::Method;
    const std::int64_t key = function ? symbolId : -s.fileId;
    {
        std::lock_guard lock(m_mutex);
        if (const auto it = m_parsed.find(key); it != m_parsed.end())
            return it->second;
    }
    auto out = std::make_shared<Parsed>();
    const std::shared_ptr<const FileText> file = fileText(s.fileId);
    // The function's lines, its decorators' above, moved left to where its
    // `def` starts; line numbers stay the file's.
    const std::vector<std::string_view> &lines = file->lines;
    int first = 1;
    int last = static_cast<int>(lines.size());
    bool inClass = false;
    std::string text;
    if (function && s.line >= 1 && s.line <= last) {
        first = s.line;
        const std::string_view def = lines[static_cast<size_t>(s.line - 1)];
        const size_t indent = def.find_first_not_of(" \t");
        while (first > 1) {
            const std::string_view above = lines[static_cast<size_t>(first - 2)];
            const size_t start = above.find_first_not_of(" \t");
            if (start == std::string_view::npos || start != indent || above[start] != '@')
                break;
            --first;
        }
        last = std::clamp(s.endLine, s.line, last);
        for (int l = first; l <= last; ++l) {
            std::string_view line = lines[static_cast<size_t>(l - 1)];
            if (line.substr(0, indent).find_first_not_of(" \t") == std::string_view::npos)
                line.remove_prefix(std::min(indent, line.size()));
            text.append(line).push_back('\n');
        }
        inClass = s.parentId && m_index.symbol(s.parentId).kind == SymbolKind::Class;
    } else {
        text = file->text;
    }
    PythonParser parser;
    const SyntaxTree tree = parser.parse(text);
    if (tree)
        Reader(text, first - 1).walk(ts_tree_root_node(tree.get()), inClass, out->callsByLine, out->functionsByLine);
    std::lock_guard lock(m_mutex);
    return m_parsed.emplace(key, std::move(out)).first->second;
}

std::optional<SourceCall> SourceCalls::call(std::int64_t siteId) const
{
    const CallSite &site = m_index.site(siteId);
    const std::shared_ptr<const Parsed> in = parsed(site.callerId);
    const auto [from, to] = in->callsByLine.equal_range(site.line);
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
    if (!s.fileId || (s.kind != SymbolKind::Function && s.kind != SymbolKind::Method))
        return std::nullopt;
    const std::shared_ptr<const Parsed> in = parsed(symbolId);
    const auto it = in->functionsByLine.find(s.line);
    if (it == in->functionsByLine.end() || it->second.name != s.name)
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
