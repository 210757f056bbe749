// A thin RAII wrapper over a tree-sitter parser for Python. One per thread:
// tree-sitter parsers are not thread-safe, trees are immutable once built.
#pragma once

#include <memory>
#include <string_view>

struct TSParser;
struct TSTree;
struct TSLanguage;

namespace katlas {

class SyntaxTree {
public:
    SyntaxTree() = default;
    explicit SyntaxTree(TSTree *tree);
    ~SyntaxTree();
    SyntaxTree(SyntaxTree &&other) noexcept;
    SyntaxTree &operator=(SyntaxTree &&other) noexcept;
    SyntaxTree(const SyntaxTree &) = delete;
    SyntaxTree &operator=(const SyntaxTree &) = delete;

    TSTree *get() const { return m_tree; }
    explicit operator bool() const { return m_tree != nullptr; }

private:
    TSTree *m_tree = nullptr;
};

class PythonParser {
public:
    PythonParser();
    ~PythonParser();
    PythonParser(const PythonParser &) = delete;
    PythonParser &operator=(const PythonParser &) = delete;

    // Parses UTF-8 source. Returns an empty tree only if tree-sitter gave up
    // (it does not for ordinary syntax errors: those become ERROR nodes).
    SyntaxTree parse(std::string_view source);

    static const TSLanguage *language();

private:
    TSParser *m_parser;
};

} // namespace katlas
