// The values an expression may take (see value_facts.h).
#include "parse/value_facts.h"

#include "parse/condition_guards.h"
#include "parse/container_facts.h"
#include "parse/literal_kinds.h"

#include <algorithm>
#include <cctype>

namespace katlas {
namespace {

constexpr size_t kMaxInnerChains = 16;
constexpr size_t kMaxPositionalArgs = 32;
constexpr size_t kMaxKeywordArgs = 32;

} // namespace

void markArgumentsCut(ValueFact &v, const std::string &keyword)
{
    const std::string key = kArgumentsCut + keyword;
    if (std::none_of(v.argExprs.begin(), v.argExprs.end(), [&](const auto &e) { return e.first == key; }))
        v.argExprs.emplace_back(key, std::string());
}

// An argument whose truth or value a guard in the callee may need: kept
// for calls that build a class (a capitalised name, as Python names
// classes), whose parameters guard evaluation follows to them.
void ValueReader::keepArgument(std::string key, TSNode value, ValueFact &v, bool statementCall) const
{
    constexpr size_t kMaxArgExprs = 8;
    const size_t dot = v.chain.rfind('.', v.chain.size() > 2 ? v.chain.size() - 3 : 0);
    const char first = v.chain.empty() ? 0 : v.chain[dot == Chain::npos ? 0 : dot + 1];
    // Another call keeps only its string literals (`self._run("dispatch")`):
    // the names a `getattr(obj, name)` or a subscript by a parameter may take.
    const bool stringLiteral = isType(unparen(value), "string") && ts_node_end_byte(value) - ts_node_start_byte(value) <= 66;
    // A class is built by its CapWords name, or as `cls(...)` in its own
    // classmethods (an alternative constructor).
    const bool builds = std::isupper(static_cast<unsigned char>(first)) || v.chain.starts_with("cls(");
    if (!builds && !statementCall && !stringLiteral)
        return;
    if (!keepsArgument(value))
        return;
    if (v.argExprs.size() < kMaxArgExprs)
        v.argExprs.emplace_back(std::move(key), normaliseSpace(m_source.text(unparen(value))));
    else
        markArgumentsCut(v, key.starts_with('#') ? std::string() : key);
}

// Splits a value into the alternatives it may take: both arms of a
// conditional expression (with the condition as a guard), both sides of
// `a or b`; each with the call chains nested in it.
void ValueReader::add(TSNode value, const GuardList &guards, std::vector<ValueFact> &out,
    const std::vector<Chain> &notNone, bool statementCall, int depth) const
{
    value = unparen(value);
    if (ts_node_is_null(value) || depth > 16)
        return;
    if (isType(value, "conditional_expression") && ts_node_named_child_count(value) == 3) {
        TSNode cond = ts_node_named_child(value, 1);
        GuardList yes = guards;
        addGuards(m_source, cond, false, yes);
        add(ts_node_named_child(value, 0), yes, out, notNone, statementCall, depth + 1);
        GuardList no = guards;
        addGuards(m_source, cond, true, no);
        add(ts_node_named_child(value, 2), no, out, notNone, statementCall, depth + 1);
        return;
    }
    if (isType(value, "boolean_operator") && m_source.text(field(value, "operator")) == "or") {
        // `a or b` is `a if a else b`: the left side where it is true, the
        // right side where the left is false.
        TSNode left = field(value, "left");
        GuardList yes = guards;
        addGuards(m_source, left, false, yes);
        add(left, yes, out, notNone, statementCall, depth + 1);
        GuardList no = guards;
        addGuards(m_source, left, true, no);
        add(field(value, "right"), no, out, notNone, statementCall, depth + 1);
        return;
    }
    if (addSelectedElements(value, guards, out, notNone, statementCall, depth))
        return;
    // getattr(obj, name, fallback), getattr(obj, "visit_" + kind, fallback):
    // an attribute the name may spell, or the fallback.
    if (const Chain lookup = isType(value, "call") ? m_source.chainOf(value) : Chain(); lookup.ends_with("}")) {
        const std::vector<TSNode> args = namedChildrenOf(field(value, "arguments"));
        if (args.size() == 3) {
            ValueFact v;
            v.chain = lookup;
            v.line = lineOf(value);
            v.guards = guards;
            out.push_back(std::move(v));
            add(args[2], guards, out, notNone, statementCall, depth + 1);
            return;
        }
    }
    ValueFact v;
    v.chain = m_source.chainOf(value);
    // A name built from a literal part (`"visit_" + kind`): its pattern, as
    // `{visit_*}`, for the attributes getattr may look up by it.
    // `"_process_{}".format(x)` too: a call, but of a str's format.
    if (v.chain.empty() || isType(value, "call"))
        if (const std::string pattern = m_source.attributePattern(value); !pattern.empty())
            v.chain = "{" + pattern + "}";
    v.line = lineOf(value);
    v.guards = guards;
    v.notNone = !v.chain.empty() && std::find(notNone.begin(), notNone.end(), v.chain) != notNone.end();
    // `E(x).value` keeps the call's arguments too: an enum member's value
    // is what picked it (docs/guard-evaluation.md, "Enum members").
    const TSNode call = isType(value, "attribute") && m_source.text(field(value, "attribute")) == "value"
        ? unparen(field(value, "object"))
        : value;
    if (isType(call, "call")) {
        TSNode args = field(call, "arguments");
        bool positional = true;
        size_t index = 0;
        size_t splats = 0;
        std::string keywordsFrom; // `**name`: the name (closed_dicts.h)
        for (TSNode a : NamedChildren(args)) {
            if (isType(a, "keyword_argument")) {
                positional = false;
                const Chain value = m_source.chainOf(field(a, "value"));
                const bool plain = !value.empty() && value.find_first_of("([") == Chain::npos;
                if (plain && v.keywordArgs.size() < kMaxKeywordArgs)
                    v.keywordArgs.emplace_back(m_source.text(field(a, "name")), value);
                else if (plain)
                    markArgumentsCut(v, std::string(m_source.text(field(a, "name")))); // passed, not kept: its default is not read
                else
                    keepArgument(std::string(m_source.text(field(a, "name"))), field(a, "value"), v, statementCall);
            } else if (isType(a, "list_splat") || isType(a, "dictionary_splat")) {
                positional = false;
                ++splats;
                const TSNode inner = ts_node_named_child_count(a) == 1 ? ts_node_named_child(a, 0) : TSNode{};
                if (isType(a, "dictionary_splat") && isType(inner, "identifier"))
                    keywordsFrom = std::string(m_source.text(inner));
                if (v.argExprs.empty() || v.argExprs.back().first != "*")
                    v.argExprs.emplace_back("*", std::string()); // what it passes is not known
            } else if (positional && v.args.size() < kMaxPositionalArgs) {
                v.args.push_back(m_source.chainOf(a));
                if (v.args.back().empty() || v.args.back().find_first_of("([") != Chain::npos)
                    keepArgument("#" + std::to_string(index), a, v, statementCall);
            } else if (positional) {
                markArgumentsCut(v);
            }
            ++index;
        }
        if (splats == 1 && !keywordsFrom.empty())
            v.argExprs.emplace_back("**", keywordsFrom);
    }
    collectInner(value, v.inner, 0, true);
    addDisplayElements(m_source, value, v);
    v.builtinType = builtinTypeOfValue(unparen(value));
    if (keepsExpression(value))
        v.expr = normaliseSpace(m_source.text(value));
    if (!v.chain.empty() || !v.inner.empty() || !v.expr.empty() || v.display || v.builtinType != BuiltinType::None)
        out.push_back(std::move(v));
}

bool ValueReader::addSelectedElements(TSNode value, const GuardList &guards, std::vector<ValueFact> &out,
    const std::vector<Chain> &notNone, bool statementCall, int depth) const
{
    const std::optional<std::vector<TSNode>> elements = selectedElements(m_source, value);
    if (!elements)
        return false;
    for (TSNode e : *elements)
        add(e, guards, out, notNone, statementCall, depth + 1);
    return true;
}

void ValueReader::collectInner(TSNode n, std::vector<Chain> &out, int depth, bool top) const
{
    if (depth > 32 || out.size() >= kMaxInnerChains)
        return;
    if (!top && isType(n, "call")) {
        Chain c = m_source.chainOf(n);
        if (!c.empty())
            out.push_back(c);
    }
    for (TSNode child : NamedChildren(n))
        collectInner(child, out, depth + 1, false);
}

} // namespace katlas
