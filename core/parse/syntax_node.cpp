// Reading tree-sitter nodes (see syntax_node.h).
#include "parse/syntax_node.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <unordered_map>

namespace katlas {

bool isType(TSNode n, const char *type) { return std::strcmp(ts_node_type(n), type) == 0; }

TSNode field(TSNode n, const char *name)
{
    if (ts_node_is_null(n))
        return n;
    // Looking a field up by name compares it with every field name of the
    // grammar: do it once per name and thread.
    thread_local std::unordered_map<const char *, TSFieldId> ids;
    auto it = ids.find(name);
    if (it == ids.end())
        it = ids.emplace(name, ts_language_field_id_for_name(ts_tree_language(n.tree), name,
                                                             static_cast<uint32_t>(std::strlen(name)))).first;
    return it->second ? ts_node_child_by_field_id(n, it->second) : TSNode{};
}

NamedChildren::Iterator::Iterator(TSNode parent)
{
    if (ts_node_is_null(parent))
        return;
    m_cursor = ts_tree_cursor_new(parent);
    m_open = true;
    settle(ts_tree_cursor_goto_first_child(&m_cursor));
}

NamedChildren::Iterator::~Iterator()
{
    if (m_open)
        ts_tree_cursor_delete(&m_cursor);
}

NamedChildren::Iterator &NamedChildren::Iterator::operator++()
{
    settle(ts_tree_cursor_goto_next_sibling(&m_cursor));
    return *this;
}

void NamedChildren::Iterator::settle(bool moved)
{
    while (moved) {
        m_node = ts_tree_cursor_current_node(&m_cursor);
        if (ts_node_is_named(m_node) && !ts_node_is_extra(m_node)) { // a comment is no child
            m_valid = true;
            return;
        }
        moved = ts_tree_cursor_goto_next_sibling(&m_cursor);
    }
    m_valid = false;
}

int lineOf(TSNode n) { return static_cast<int>(ts_node_start_point(n).row) + 1; }
int endLineOf(TSNode n) { return static_cast<int>(ts_node_end_point(n).row) + 1; }

bool standsAsWord(std::string_view text, std::string_view name)
{
    const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (size_t at = text.find(name); at != std::string_view::npos; at = text.find(name, at + 1))
        if ((at == 0 || !word(text[at - 1])) && (at + name.size() >= text.size() || !word(text[at + name.size()])))
            return true;
    return false;
}

std::string normaliseSpace(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    bool space = false;
    // Where a string literal is open (its quote, tripled or not), a `#` is
    // text; elsewhere it starts a comment, which ends at the line's end
    // (`(# why\n a or b)` is `(a or b)`).
    char quote = 0;
    bool triple = false, escaped = false;
    int quotesLeft = 0; // of a triple quote, after its first
    for (size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (quotesLeft > 0) {
            --quotesLeft;
        } else if (quote) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == quote && (!triple || s.substr(i, 3) == std::string(3, quote))) {
                quote = 0;
                quotesLeft = triple ? 2 : 0;
            }
        } else if (c == '#') {
            while (i + 1 < s.size() && s[i + 1] != '\n')
                ++i;
            space = !out.empty();
            continue;
        } else if (c == '\'' || c == '"') {
            quote = c;
            triple = s.substr(i, 3) == std::string(3, c);
            quotesLeft = triple ? 2 : 0;
        }
        if (c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\\') {
            space = !out.empty();
            continue;
        }
        if (space) {
            const char last = out.back();
            // No space just inside brackets or before a closing one.
            if (last != '(' && last != '[' && last != '{' && c != ')' && c != ']' && c != '}' && c != ',')
                out.push_back(' ');
            space = false;
        }
        out.push_back(c);
    }
    return out;
}

std::string_view SyntaxSource::text(TSNode n) const
{
    const uint32_t b = ts_node_start_byte(n);
    const uint32_t e = ts_node_end_byte(n);
    if (b >= m_src.size() || e < b)
        return {};
    return m_src.substr(b, std::min<size_t>(e, m_src.size()) - b);
}

TSNode unparen(TSNode n)
{
    while (!ts_node_is_null(n) && isType(n, "parenthesized_expression") && ts_node_named_child_count(n) == 1)
        n = ts_node_named_child(n, 0);
    return n;
}

const char *builtinTypeOfLiteral(TSNode n)
{
    static const std::pair<const char *, const char *> kTypes[] = {
        {"string", "str"}, {"concatenated_string", "str"}, {"integer", "int"}, {"float", "float"},
        {"list", "list"}, {"list_comprehension", "list"}, {"dictionary", "dict"}, {"dictionary_comprehension", "dict"},
        {"set", "set"}, {"set_comprehension", "set"}, {"tuple", "tuple"}};
    if (ts_node_is_null(n))
        return nullptr;
    for (const auto &[node, type] : kTypes)
        if (!std::strcmp(ts_node_type(n), node))
            return type;
    return nullptr;
}

BuiltinType builtinTypeOfValue(TSNode n)
{
    if (!ts_node_is_null(n) && !std::strcmp(ts_node_type(n), "expression_list"))
        return BuiltinType::Tuple;
    const char *type = builtinTypeOfLiteral(n);
    static const std::pair<const char *, BuiltinType> kTypes[] = {{"list", BuiltinType::List}, {"tuple", BuiltinType::Tuple},
                                                                  {"set", BuiltinType::Set},   {"dict", BuiltinType::Dict},
                                                                  {"str", BuiltinType::Str}};
    for (const auto &[name, t] : kTypes)
        if (type && !std::strcmp(type, name))
            return t;
    return BuiltinType::None;
}

const char *builtinTypeName(BuiltinType type)
{
    switch (type) {
    case BuiltinType::List: return "list";
    case BuiltinType::Tuple: return "tuple";
    case BuiltinType::Set: return "set";
    case BuiltinType::Dict: return "dict";
    case BuiltinType::Str: return "str";
    case BuiltinType::None: break;
    }
    return nullptr;
}

namespace {

// `name.lower()` (also `upper`, `casefold`, `strip`) as `name`, for a plain
// name; anything else as it is.
TSNode withoutCaseFolding(const SyntaxSource &source, TSNode n)
{
    if (!isType(n, "call") || ts_node_named_child_count(field(n, "arguments")) != 0)
        return n;
    const TSNode callee = field(n, "function");
    if (!isType(callee, "attribute"))
        return n;
    const std::string_view method = source.text(field(callee, "attribute"));
    const TSNode object = field(callee, "object");
    const bool folds = method == "lower" || method == "upper" || method == "casefold" || method == "strip";
    return folds && isType(object, "identifier") ? object : n;
}

} // namespace

Chain SyntaxSource::chainOf(TSNode n, int depth) const
{
    if (ts_node_is_null(n) || depth > 64)
        return {};
    const char *t = ts_node_type(n);
    if (!std::strcmp(t, "identifier"))
        return std::string(text(n));
    if (!std::strcmp(t, "attribute")) {
        // A method of a literal is its built-in type's: `" ".join` is `str.join`.
        const TSNode object = unparen(field(n, "object"));
        const char *literalType = builtinTypeOfLiteral(object);
        Chain obj = literalType ? Chain(literalType) : chainOf(object, depth + 1);
        TSNode attr = field(n, "attribute");
        if (obj.empty() || ts_node_is_null(attr))
            return {};
        return obj + "." + std::string(text(attr));
    }
    if (!std::strcmp(t, "call")) {
        const TSNode callee = field(n, "function");
        // getattr(obj, "name") without a default is obj.name; getattr(obj,
        // name) with a name is obj.{name}: the attributes the literals the
        // name may hold name (resolve/chain.h).
        if (isType(callee, "identifier") && text(callee) == "getattr") {
            std::vector<TSNode> args = namedChildrenOf(field(n, "arguments"));
            // `getattr(obj, name.lower())`: the names the local may hold (their case as written).
            if (args.size() >= 2)
                args[1] = withoutCaseFolding(*this, args[1]);
            const bool twoArgs = args.size() == 2 && !isType(args[0], "keyword_argument");
            const bool withDefault = args.size() == 3 && !isType(args[0], "keyword_argument") && !isType(args[2], "keyword_argument");
            // A name built from a literal part (`"visit_" + kind`): obj.{visit_*}, each attribute it may spell.
            if (const std::string pattern = twoArgs || withDefault ? attributePattern(args[1]) : std::string(); !pattern.empty())
                if (const Chain obj = chainOf(args[0], depth + 1); !obj.empty())
                    return obj + ".{" + pattern + "}";
            if (twoArgs) {
                const std::string name = stringContent(args[1]);
                const Chain obj = chainOf(args[0], depth + 1);
                if (!obj.empty() && !name.empty() && name.find_first_of(".([ ") == std::string::npos)
                    return obj + "." + name;
                if (!obj.empty() && isType(args[1], "identifier") && ts_node_end_byte(args[1]) - ts_node_start_byte(args[1]) <= 64)
                    return obj + ".{" + std::string(text(args[1])) + "}";
            }
            // getattr(obj, name, fallback): obj.{name}; the fallback is an alternative of its own (value_facts.cpp).
            if (withDefault && isType(args[1], "identifier") && ts_node_end_byte(args[1]) - ts_node_start_byte(args[1]) <= 64)
                if (const Chain obj = chainOf(args[0], depth + 1); !obj.empty())
                    return obj + ".{" + std::string(text(args[1])) + "}";
        }
        // type(obj) is the class of obj: obj.__class__.
        if (isType(callee, "identifier") && text(callee) == "type") {
            const std::vector<TSNode> args = namedChildrenOf(field(n, "arguments"));
            if (args.size() == 1 && !isType(args[0], "keyword_argument") && !isType(args[0], "list_splat"))
                if (const Chain obj = chainOf(args[0], depth + 1); !obj.empty())
                    return obj + ".__class__";
        }
        Chain fn = chainOf(callee, depth + 1);
        return fn.empty() ? Chain{} : fn + "()";
    }
    if (!std::strcmp(t, "subscript")) {
        Chain v = chainOf(field(n, "value"), depth + 1);
        // A name as the key is kept (`xs[i]`): the resolver may know the literals it holds.
        const TSNode key = unparen(field(n, "subscript"));
        const std::string literal = subscriptKey(key);
        const bool named = literal.empty() && isType(key, "identifier") && ts_node_end_byte(key) - ts_node_start_byte(key) <= 64;
        return v.empty() ? Chain{} : v + "[" + (named ? std::string(text(key)) : literal) + "]";
    }
    if (!std::strcmp(t, "lambda")) {
        const std::string *name = expressionName(n);
        return name ? *name : Chain{};
    }
    if (!std::strcmp(t, "parenthesized_expression") || !std::strcmp(t, "await"))
        return ts_node_named_child_count(n) == 1 ? chainOf(ts_node_named_child(n, 0), depth + 1) : Chain{};
    return {};
}

namespace {
bool source_starts_with_colon(std::string_view t) { return !t.empty() && t.front() == ':'; }
} // namespace

std::string SyntaxSource::subscriptKey(TSNode n) const
{
    n = unparen(n);
    if (ts_node_is_null(n))
        return {};
    const auto plain = [](std::string_view k) {
        return !k.empty() && k.size() <= 64 && std::all_of(k.begin(), k.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
        });
    };
    if (isType(n, "integer") && plain(text(n)))
        return std::string(text(n));
    if (isType(n, "slice")) { // `xs[1:]`: ":1", the container from that position on
        const TSNode start = ts_node_named_child_count(n) > 0 ? ts_node_named_child(n, 0) : TSNode{};
        const bool fromStart = ts_node_is_null(start) || source_starts_with_colon(text(n));
        return ":" + (fromStart || !isType(start, "integer") ? std::string("0") : std::string(text(start)));
    }
    if (isType(n, "string")) {
        const std::string content = stringContent(n);
        if (plain(content))
            return "'" + content + "'";
    }
    return {};
}

std::string SyntaxSource::stringContent(TSNode n) const
{
    if (ts_node_is_null(n) || !isType(n, "string"))
        return {};
    std::string out;
    const uint32_t count = ts_node_named_child_count(n);
    for (uint32_t i = 0; i < count; ++i) {
        TSNode c = ts_node_named_child(n, i);
        if (isType(c, "string_content"))
            out += text(c);
        else if (isType(c, "interpolation"))
            return {}; // an f-string with a field is not a literal
    }
    return out;
}

std::vector<TSNode> namedChildrenOf(TSNode parent)
{
    std::vector<TSNode> out;
    for (TSNode c : NamedChildren(parent))
        out.push_back(c);
    return out;
}

} // namespace katlas
