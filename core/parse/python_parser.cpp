// Tree-sitter parser wrapper (see python_parser.h).
#include "parse/python_parser.h"

#include <tree_sitter/api.h>

extern "C" const TSLanguage *tree_sitter_python(void);

namespace katlas {

SyntaxTree::SyntaxTree(TSTree *tree) : m_tree(tree) {}
SyntaxTree::~SyntaxTree()
{
    if (m_tree)
        ts_tree_delete(m_tree);
}
SyntaxTree::SyntaxTree(SyntaxTree &&other) noexcept : m_tree(other.m_tree) { other.m_tree = nullptr; }
SyntaxTree &SyntaxTree::operator=(SyntaxTree &&other) noexcept
{
    if (this != &other) {
        if (m_tree)
            ts_tree_delete(m_tree);
        m_tree = other.m_tree;
        other.m_tree = nullptr;
    }
    return *this;
}

PythonParser::PythonParser() : m_parser(ts_parser_new())
{
    ts_parser_set_language(m_parser, tree_sitter_python());
}

PythonParser::~PythonParser() { ts_parser_delete(m_parser); }

SyntaxTree PythonParser::parse(std::string_view source)
{
    return SyntaxTree(ts_parser_parse_string(m_parser, nullptr, source.data(),
                                             static_cast<uint32_t>(source.size())));
}

const TSLanguage *PythonParser::language() { return tree_sitter_python(); }

} // namespace katlas
