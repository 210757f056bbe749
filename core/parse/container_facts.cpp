// Containers in the syntax facts (see container_facts.h).
#include "parse/container_facts.h"

#include <algorithm>
#include <array>
#include <string_view>
#include <unordered_map>

namespace katlas {
namespace {

constexpr size_t kMaxElements = 64;

bool isDisplay(TSNode n)
{
    return isType(n, "list") || isType(n, "tuple") || isType(n, "set") || isType(n, "dictionary")
        || isType(n, "expression_list");
}

bool isComprehension(TSNode n)
{
    return isType(n, "list_comprehension") || isType(n, "set_comprehension") || isType(n, "generator_expression")
        || isType(n, "dictionary_comprehension");
}

// The chain of `n`, with a loop variable of the comprehension read as an
// element of what it walks.
Chain elementChain(const SyntaxSource &source, TSNode n, const std::unordered_map<std::string, Chain> &loopVars)
{
    Chain c = source.chainOf(n);
    const size_t headEnd = c.find_first_of(".([");
    const auto it = loopVars.find(c.substr(0, headEnd));
    return it == loopVars.end() ? c : it->second + (headEnd == Chain::npos ? Chain{} : c.substr(headEnd));
}

// An element under `key`, or a nested display's elements under their key
// paths (`[[f]]`: "0/0").
void addElement(const SyntaxSource &source, TSNode e, const std::string &key, ValueFact &v, int depth)
{
    constexpr int kMaxNesting = 4;
    e = unparen(e);
    if (isDisplay(e) && !isType(e, "expression_list") && depth < kMaxNesting) {
        ValueFact nested;
        addDisplayElements(source, e, nested, depth + 1);
        for (auto &[k, chain] : nested.elements)
            if (v.elements.size() < kMaxElements)
                v.elements.emplace_back(key + kKeyPathSeparator + k, std::move(chain));
        return;
    }
    if (const Chain element = source.chainOf(e); !element.empty())
        v.elements.emplace_back(key, element);
}

} // namespace

void addDisplayElements(const SyntaxSource &source, TSNode value, ValueFact &v, int depth)
{
    if (isDisplay(value)) {
        v.display = true;
        // A list's or tuple's elements are keyed by their index until a splat.
        const bool indexed = !isType(value, "set") && !isType(value, "dictionary");
        int index = 0;
        for (TSNode e : NamedChildren(value)) {
            if (v.elements.size() >= kMaxElements)
                break;
            if (isType(e, "pair")) {
                addElement(source, field(e, "value"), source.subscriptKey(field(e, "key")), v, depth);
            } else if (isType(e, "list_splat") || isType(e, "dictionary_splat")) {
                index = -1;
                if (ts_node_named_child_count(e) > 0)
                    if (const Chain inner = source.chainOf(ts_node_named_child(e, 0)); !inner.empty())
                        v.elements.emplace_back(std::string(), elementsOf(inner));
            } else {
                addElement(source, e, indexed && index >= 0 ? std::to_string(index) : std::string(), v, depth);
                index += index >= 0;
            }
        }
        return;
    }
    if (!isComprehension(value))
        return;
    v.display = true;
    std::unordered_map<std::string, Chain> loopVars;
    for (TSNode c : NamedChildren(value))
        if (isType(c, "for_in_clause")) {
            const TSNode left = field(c, "left");
            const Chain walked = source.chainOf(field(c, "right"));
            if (!ts_node_is_null(left) && isType(left, "identifier") && !walked.empty())
                loopVars[std::string(source.text(left))] = elementsOf(walked);
        }
    TSNode body = field(value, "body");
    if (!ts_node_is_null(body) && isType(body, "pair"))
        body = field(body, "value");
    if (const Chain element = elementChain(source, body, loopVars); !element.empty())
        v.elements.emplace_back(std::string(), element);
}

std::optional<std::vector<TSNode>> selectedElements(const SyntaxSource &source, TSNode subscript)
{
    if (!isType(subscript, "subscript"))
        return std::nullopt;
    const TSNode container = unparen(field(subscript, "value"));
    const bool dict = isType(container, "dictionary");
    if (!dict && !isType(container, "list") && !isType(container, "tuple"))
        return std::nullopt;
    std::vector<std::pair<std::string, TSNode>> elements;
    for (TSNode e : NamedChildren(container)) {
        if ((dict && !isType(e, "pair")) || isType(e, "list_splat"))
            return std::nullopt; // elements not all known
        elements.emplace_back(dict ? source.subscriptKey(field(e, "key")) : std::to_string(elements.size()),
                              dict ? field(e, "value") : e);
    }
    const std::string key = source.subscriptKey(field(subscript, "subscript"));
    const bool named = !key.empty() && std::any_of(elements.begin(), elements.end(), [&](const auto &e) { return e.first == key; });
    std::vector<TSNode> out;
    for (const auto &[k, e] : elements)
        if (!named || k == key)
            out.push_back(e);
    return out;
}

std::optional<ElementStore> elementStoreOf(const SyntaxSource &source, TSNode call)
{
    if (!isType(call, "call"))
        return std::nullopt;
    const TSNode fn = field(call, "function");
    if (!isType(fn, "attribute"))
        return std::nullopt;
    const std::string_view method = source.text(field(fn, "attribute"));
    const Chain container = source.chainOf(field(fn, "object"));
    if (container.empty())
        return std::nullopt;
    std::vector<TSNode> args;
    for (TSNode a : NamedChildren(field(call, "arguments")))
        if (!isType(a, "keyword_argument"))
            args.push_back(a);
    if ((method == "append" || method == "add" || method == "appendleft") && args.size() == 1)
        return ElementStore{container, args[0], false, {}};
    if (method == "insert" && args.size() == 2)
        return ElementStore{container, args[1], false, {}};
    if (method == "setdefault" && args.size() == 2)
        return ElementStore{container, args[1], false, source.subscriptKey(args[0])};
    if ((method == "extend" || method == "update" || method == "extendleft") && args.size() == 1)
        return ElementStore{container, args[0], true, {}};
    return std::nullopt;
}

bool isElementStoreMethod(std::string_view method)
{
    static constexpr std::string_view kStores[] = {"append", "add", "appendleft", "insert", "setdefault", "extend", "update", "extendleft"};
    return std::find(std::begin(kStores), std::end(kStores), method) != std::end(kStores);
}

Chain elementsOf(const Chain &iterable)
{
    return iterable.empty() ? Chain{} : iterable + "[]";
}

std::vector<ValueFact> elementFacts(const ValueFact &display)
{
    std::vector<ValueFact> out;
    for (const auto &[key, element] : display.elements) {
        if (key.find(kKeyPathSeparator) != std::string::npos)
            continue; // in a nested display: an element of an element
        ValueFact e;
        e.chain = element;
        e.line = display.line;
        e.guards = display.guards;
        out.push_back(std::move(e));
    }
    return out;
}

std::vector<TSNode> calledArguments(const SyntaxSource &source, TSNode call)
{
    // Who calls what it is handed: by position (`map(f, xs)`,
    // `executor.submit(f, x)`, `loop.run_in_executor(None, f)`), or by
    // keyword (`sorted(xs, key=f)`, `Thread(target=f)`).
    struct Caller {
        std::string_view name;
        int position;             // -1: every positional argument; -2: none
        std::string_view keyword; // empty: none
    };
    static constexpr std::array<Caller, 17> callers = {{
        {"map", -1, ""}, {"filter", -1, ""}, {"reduce", -1, ""}, {"starmap", 0, ""},
        {"sorted", -2, "key"}, {"min", -2, "key"}, {"max", -2, "key"}, {"sort", -2, "key"},
        {"submit", 0, ""}, {"apply_async", 0, ""}, {"run_in_executor", 1, ""}, {"call_soon", 0, ""},
        {"call_soon_threadsafe", 0, ""}, {"call_later", 1, ""}, {"Timer", 1, "function"},
        {"Thread", -2, "target"}, {"Process", -2, "target"},
    }};
    std::vector<TSNode> out;
    const Chain callee = source.chainOf(field(call, "function"));
    const std::string_view name = std::string_view(callee).substr(callee.rfind('.') == Chain::npos ? 0 : callee.rfind('.') + 1);
    const auto caller = std::find_if(callers.begin(), callers.end(), [&](const Caller &c) { return c.name == name; });
    if (caller == callers.end())
        return out;
    int position = 0;
    for (TSNode a : NamedChildren(field(call, "arguments"))) {
        TSNode value = a;
        if (isType(a, "keyword_argument")) {
            if (caller->keyword.empty() || source.text(field(a, "name")) != caller->keyword)
                continue;
            value = field(a, "value");
        } else if (isType(a, "list_splat") || isType(a, "dictionary_splat") || isType(a, "comment")) {
            continue;
        } else if (const int at = position++; caller->position != -1 && caller->position != at) {
            continue;
        }
        value = unparen(value);
        if (isType(value, "identifier") || isType(value, "attribute") || isType(value, "lambda"))
            out.push_back(value);
    }
    return out;
}

} // namespace katlas
