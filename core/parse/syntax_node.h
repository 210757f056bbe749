// Reading tree-sitter nodes of one Python source: node types and fields,
// their text, and "chains" (a.b().c[]) as the syntax facts record them.
#pragma once

#include "parse/syntax_facts.h"

#include <tree_sitter/api.h>

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace katlas {

bool isType(TSNode n, const char *type);
// `name` must be a string literal (its field id is cached by address).
TSNode field(TSNode n, const char *name);
int lineOf(TSNode n);
int endLineOf(TSNode n);
// Whitespace and line continuations collapsed to single spaces.
std::string normaliseSpace(std::string_view s);
// Does `name` stand as a whole word in `text` (no letter, digit or `_` on
// either side: `residual` in `residual is None`, not in `residual_2`)?
bool standsAsWord(std::string_view text, std::string_view name);
// The expression inside redundant parentheses.
TSNode unparen(TSNode n);
// The built-in type a literal or display node makes (`str` for a string,
// `dict` for a dict display...); null for other nodes.
const char *builtinTypeOfLiteral(TSNode n);
// The same as a value's type: a display, a comprehension building one, or a
// string (`a, b` is a tuple); None for numbers and other nodes.
BuiltinType builtinTypeOfValue(TSNode n);

// The named children of a node, in order, for range-for: a tree cursor
// walks them in linear time (ts_node_named_child(n, i) starts from the
// first child every time, which made long blocks quadratic).
class NamedChildren {
public:
    struct End {};
    class Iterator {
    public:
        explicit Iterator(TSNode parent);
        ~Iterator();
        Iterator(const Iterator &) = delete;
        Iterator &operator=(const Iterator &) = delete;
        TSNode operator*() const { return m_node; }
        Iterator &operator++();
        bool operator!=(End) const { return m_valid; }

    private:
        void settle(bool moved);
        TSTreeCursor m_cursor{};
        TSNode m_node{};
        bool m_open = false;
        bool m_valid = false;
    };

    explicit NamedChildren(TSNode parent) : m_parent(parent) {}
    Iterator begin() const { return Iterator(m_parent); }
    End end() const { return {}; }

private:
    TSNode m_parent;
};

// The named children of a node, as a list (to index or count them).
std::vector<TSNode> namedChildrenOf(TSNode parent);

class SyntaxSource {
public:
    explicit SyntaxSource(std::string_view source) : m_src(source) {}

    std::string_view text(TSNode n) const;
    // "self.quant_method.apply", "get_impl()()", "kernel[]", "d['a']"; empty for other expressions.
    Chain chainOf(TSNode n, int depth = 0) const;
    // A subscript's literal key as chains write it (`'a'`, `1`), else empty.
    std::string subscriptKey(TSNode n) const;
    // The content of a plain string literal, else empty.
    std::string stringContent(TSNode n) const;
    // The attribute names a string-building expression may spell, as a
    // pattern where `*` stands for what is not literal: `"visit_" + kind`
    // is `visit_*`, also `'_on_%s' % x`, `f"do_{x}"`, `"on_{}".format(x)`;
    // empty unless it has a literal part and spells an identifier
    // (attribute_pattern.cpp).
    std::string attributePattern(TSNode n) const;
    // Names given to expressions that define a function without a name (a
    // lambda is `<lambda1>` in its scope): their chain is that name.
    void nameExpression(TSNode n, std::string name) { m_names[ts_node_start_byte(n)] = std::move(name); }
    const std::string *expressionName(TSNode n) const
    {
        const auto it = m_names.find(ts_node_start_byte(n));
        return it == m_names.end() ? nullptr : &it->second;
    }

private:
    std::string stringPattern(TSNode n, int depth) const;

    std::string_view m_src;
    std::unordered_map<uint32_t, std::string> m_names; // by start byte
};

} // namespace katlas
