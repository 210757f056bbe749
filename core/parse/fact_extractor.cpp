// Collects ModuleFacts from a tree-sitter Python syntax tree (see
// fact_extractor.h): the statement walk adds the facts, then the syntax
// errors the tree holds become diagnostics.
#include "parse/fact_extractor.h"

#include "parse/python_parser.h"
#include "parse/statement_visitor.h"
#include "parse/syntax_node.h"

#include <tree_sitter/api.h>

#include <algorithm>

namespace katlas {
namespace {

void collectErrors(const SyntaxSource &source, TSNode n, int depth, ModuleFacts &facts)
{
    if (facts.diagnostics.size() >= 20 || depth > kMaxNestingDepth || !ts_node_has_error(n))
        return;
    if (ts_node_is_missing(n)) {
        facts.diagnostics.push_back({lineOf(n), "syntax error: missing " + std::string(ts_node_type(n))});
        return;
    }
    if (isType(n, "ERROR")) {
        std::string snippet = normaliseSpace(source.text(n).substr(0, 40));
        facts.diagnostics.push_back({lineOf(n), "syntax error near '" + snippet + "'"});
        return;
    }
    const uint32_t count = ts_node_child_count(n);
    for (uint32_t i = 0; i < count; ++i)
        collectErrors(source, ts_node_child(n, i), depth + 1, facts);
}

} // namespace

void extractFacts(PythonParser &parser, std::string_view source, ModuleFacts &facts)
{
    SyntaxTree tree = parser.parse(source);
    if (!tree) {
        facts.diagnostics.push_back({1, "the parser gave up on this file"});
        return;
    }
    facts.lineCount = static_cast<int>(std::count(source.begin(), source.end(), '\n'))
        + (source.empty() || source.back() == '\n' ? 0 : 1);
    const TSNode root = ts_tree_root_node(tree.get());
    visitModule(source, root, facts);
    collectErrors(SyntaxSource(source), root, 0, facts);
    markCallsOnSelf(facts);
    summariseLocalCalls(facts);
}

} // namespace katlas
