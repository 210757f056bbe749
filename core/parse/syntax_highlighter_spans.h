// Token classes of Python source for syntax highlighting, from the same
// tree-sitter grammar the indexer uses (no regexes).
#pragma once

#include <string_view>
#include <vector>

namespace katlas {

struct HighlightSpan {
    enum class Kind { Keyword, String, Comment, Number, Function, Decorator, Builtin };
    unsigned start = 0;  // byte offset
    unsigned length = 0; // bytes
    Kind kind = Kind::Keyword;
};

std::vector<HighlightSpan> highlightPython(std::string_view source);

} // namespace katlas
