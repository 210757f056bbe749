// Reading tree-sitter nodes of one Python source: node types and fields,
// their text, and "chains" (a.b().c[]) as the syntax facts record them.
#pragma once

#include "parse/syntax_facts.h"

#include <tree_sitter/api.h>

#include <string>
#include <string_view>

namespace katlas {

bool isType(TSNode n, const char *type);
TSNode field(TSNode n, const char *name);
int lineOf(TSNode n);
int endLineOf(TSNode n);
// Whitespace and line continuations collapsed to single spaces.
std::string normaliseSpace(std::string_view s);
// The expression inside redundant parentheses.
TSNode unparen(TSNode n);

class SyntaxSource {
public:
    explicit SyntaxSource(std::string_view source) : m_src(source) {}

    std::string_view text(TSNode n) const;
    // "self.quant_method.apply", "get_impl()()", "kernel[]"; empty for other expressions.
    Chain chainOf(TSNode n, int depth = 0) const;
    // The content of a plain string literal, else empty.
    std::string stringContent(TSNode n) const;

private:
    std::string_view m_src;
};

} // namespace katlas
