// Closed dicts (see closed_dicts.h).
#include "parse/closed_dicts.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace katlas {

namespace {

bool isDefinition(TSNode n)
{
    return isType(n, "function_definition") || isType(n, "class_definition") || isType(n, "lambda");
}

bool same(TSNode a, TSNode b)
{
    return !ts_node_is_null(a) && !ts_node_is_null(b) && ts_node_eq(a, b);
}

bool isEmptyDict(const SyntaxSource &source, TSNode value)
{
    value = unparen(value);
    if (ts_node_is_null(value))
        return false; // `x: dict` without a value
    if (isType(value, "dictionary"))
        return ts_node_named_child_count(value) == 0;
    if (!isType(value, "call"))
        return false;
    const TSNode args = field(value, "arguments");
    return source.text(field(value, "function")) == "dict" && !ts_node_is_null(args) && ts_node_named_child_count(args) == 0;
}

class DictUses {
public:
    DictUses(const SyntaxSource &source, const std::string &name) : m_source(source), m_name(name) { }

    // Walks `n`; nested definitions count as uses of another scope.
    void walk(TSNode n, bool nested)
    {
        if (!m_closed)
            return;
        if (isType(n, "identifier") && m_source.text(n) == m_name) {
            use(n, nested);
            return;
        }
        const bool inner = nested || isDefinition(n);
        for (TSNode c : NamedChildren(n))
            walk(c, inner);
    }

    // The keys, where every use was one of the allowed ones and the name
    // was bound once, to an empty dict.
    std::optional<std::vector<std::string>> keys() const
    {
        if (!m_closed || m_bindings != 1)
            return std::nullopt;
        return std::vector<std::string>(m_keys.begin(), m_keys.end());
    }

private:
    void use(TSNode id, bool nested)
    {
        const TSNode parent = ts_node_parent(id);
        if (nested || ts_node_is_null(parent))
            m_closed = false;
        else if (isType(parent, "assignment") && same(field(parent, "left"), id))
            bound(parent);
        else if (isType(parent, "subscript") && same(field(parent, "value"), id))
            subscripted(parent);
        else if (isType(parent, "attribute") && same(field(parent, "object"), id))
            method(parent);
        else if (!isType(parent, "dictionary_splat") && !isType(parent, "comparison_operator")
                 && !isType(parent, "not_operator") && !isType(parent, "boolean_operator"))
            m_closed = false; // handed on, aliased, returned, ...
    }

    void bound(TSNode assignment)
    {
        ++m_bindings;
        m_closed = m_closed && isEmptyDict(m_source, field(assignment, "right"));
    }

    // `d["k"] = v`, `d[key] = v` in `for key in ["a", "b"]`; a read otherwise.
    void subscripted(TSNode subscript)
    {
        const TSNode parent = ts_node_parent(subscript);
        const bool stored = !ts_node_is_null(parent) && (isType(parent, "assignment") || isType(parent, "augmented_assignment"))
            && same(field(parent, "left"), subscript);
        if (!stored)
            return;
        const TSNode key = unparen(field(subscript, "subscript"));
        if (ts_node_is_null(key)) {
            m_closed = false;
            return;
        }
        if (const std::string literal = m_source.stringContent(key); !literal.empty()) {
            m_keys.insert(literal);
            return;
        }
        if (!isType(key, "identifier") || !loopKeys(parent, m_source.text(key)))
            m_closed = false;
    }

    // The string literals the loop binding `name` around `n` walks.
    bool loopKeys(TSNode n, std::string_view name)
    {
        for (TSNode a = ts_node_parent(n); !ts_node_is_null(a) && !isDefinition(a); a = ts_node_parent(a)) {
            if (!isType(a, "for_statement"))
                continue;
            const TSNode target = field(a, "left");
            if (!isType(target, "identifier") || m_source.text(target) != name)
                continue;
            const TSNode over = unparen(field(a, "right"));
            if (ts_node_is_null(over) || (!isType(over, "list") && !isType(over, "tuple")) || rebinds(field(a, "body"), name))
                return false;
            for (TSNode e : NamedChildren(over)) {
                if (isType(e, "comment"))
                    continue;
                const std::string literal = m_source.stringContent(e);
                if (literal.empty())
                    return false;
                m_keys.insert(literal);
            }
            return true;
        }
        return false;
    }

    // Is `target` the name, or a pattern holding it (`key, value = ...`)?
    bool binds(TSNode target, std::string_view name) const
    {
        if (ts_node_is_null(target))
            return false;
        if (isType(target, "identifier"))
            return m_source.text(target) == name;
        if (!isType(target, "pattern_list") && !isType(target, "tuple_pattern") && !isType(target, "list_pattern"))
            return false;
        for (TSNode c : NamedChildren(target))
            if (binds(c, name))
                return true;
        return false;
    }

    // Does `n` bind `name` again (`key = other` inside the loop)?
    bool rebinds(TSNode n, std::string_view name) const
    {
        if (ts_node_is_null(n))
            return false;
        if ((isType(n, "assignment") || isType(n, "augmented_assignment") || isType(n, "for_statement"))
            && binds(field(n, "left"), name))
            return true;
        for (TSNode c : NamedChildren(n))
            if (rebinds(c, name))
                return true;
        return false;
    }

    void method(TSNode attribute)
    {
        const std::string_view name = m_source.text(field(attribute, "attribute"));
        const TSNode call = ts_node_parent(attribute);
        const bool called = !ts_node_is_null(call) && isType(call, "call") && same(field(call, "function"), attribute);
        static const std::set<std::string_view> kReads = {"get", "keys", "items", "values", "copy", "pop", "__contains__"};
        if (called && kReads.count(name))
            return;
        const TSNode args = called ? field(call, "arguments") : TSNode{};
        if (called && name == "update" && updateKeys(args))
            return;
        if (called && name == "setdefault" && ts_node_named_child_count(args) > 0) {
            if (const std::string literal = m_source.stringContent(ts_node_named_child(args, 0)); !literal.empty()) {
                m_keys.insert(literal);
                return;
            }
        }
        m_closed = false;
    }

    // `d.update(a=1)`, `d.update(dict(a=1))`, `d.update({"a": 1})`.
    bool updateKeys(TSNode args)
    {
        if (ts_node_is_null(args))
            return false;
        const auto keywords = [&](TSNode list) {
            for (TSNode a : NamedChildren(list)) {
                if (isType(a, "comment"))
                    continue;
                if (!isType(a, "keyword_argument"))
                    return false;
                m_keys.insert(std::string(m_source.text(field(a, "name"))));
            }
            return true;
        };
        std::vector<TSNode> items = namedChildrenOf(args);
        std::erase_if(items, [](TSNode n) { return isType(n, "comment"); });
        if (items.size() != 1 || isType(items[0], "keyword_argument"))
            return keywords(args);
        const TSNode arg = unparen(items[0]);
        if (ts_node_is_null(arg))
            return false;
        if (isType(arg, "call") && m_source.text(field(arg, "function")) == "dict")
            return keywords(field(arg, "arguments"));
        if (!isType(arg, "dictionary"))
            return false;
        for (TSNode pair : NamedChildren(arg)) {
            if (isType(pair, "comment"))
                continue;
            const std::string literal = isType(pair, "pair") ? m_source.stringContent(field(pair, "key")) : std::string();
            if (literal.empty())
                return false;
            m_keys.insert(literal);
        }
        return true;
    }

    const SyntaxSource &m_source;
    const std::string &m_name;
    bool m_closed = true;
    int m_bindings = 0;
    std::set<std::string> m_keys;
};

// The locals the body binds to an empty dict (without descending into definitions).
void emptyDictLocals(const SyntaxSource &source, TSNode n, std::set<std::string> &out)
{
    if (isDefinition(n))
        return;
    if (isType(n, "assignment") && isType(field(n, "left"), "identifier") && isEmptyDict(source, field(n, "right")))
        out.insert(std::string(source.text(field(n, "left"))));
    for (TSNode c : NamedChildren(n))
        emptyDictLocals(source, c, out);
}

} // namespace

void addClosedDicts(const SyntaxSource &source, TSNode body, const std::string &scope, ModuleFacts &facts)
{
    if (ts_node_is_null(body) || source.text(body).find("**") == std::string_view::npos)
        return; // only a splat makes the keys matter
    std::set<std::string> names;
    emptyDictLocals(source, body, names);
    for (const std::string &name : names) {
        DictUses uses(source, name);
        uses.walk(body, false);
        if (std::optional<std::vector<std::string>> keys = uses.keys())
            facts.closedDicts.push_back({scope, name, std::move(*keys)});
    }
}

} // namespace katlas
