// Call sites of the expressions a scope evaluates (see call_sites.h).
#include "parse/call_sites.h"

#include "parse/condition_guards.h"
#include "parse/container_facts.h"
#include "parse/literal_kinds.h"
#include "parse/protocol_calls.h"

#include <algorithm>
#include <iterator>
#include <string_view>

namespace katlas {

namespace {

// What a called expression that is no chain may be, each under its guards:
// both arms of `(f if c else g)(x)`, the elements `{"a": f, "b": g}[k](x)`
// may select (only the one a literal key names).
void alternativeCallees(const SyntaxSource &source, TSNode fn, const GuardList &guards,
                        std::vector<std::pair<Chain, GuardList>> &out, int depth = 0)
{
    constexpr int kMaxDepth = 8;
    fn = unparen(fn);
    if (ts_node_is_null(fn) || depth > kMaxDepth)
        return;
    if (Chain chain = source.chainOf(fn); !chain.empty()) {
        out.emplace_back(std::move(chain), guards);
        return;
    }
    if (isType(fn, "conditional_expression") && ts_node_named_child_count(fn) == 3) {
        const TSNode cond = ts_node_named_child(fn, 1);
        for (const bool taken : {true, false}) {
            GuardList branch = guards;
            addGuards(source, cond, !taken, branch);
            alternativeCallees(source, ts_node_named_child(fn, taken ? 0 : 2), branch, out, depth + 1);
        }
        return;
    }
    if (const std::optional<std::vector<TSNode>> elements = selectedElements(source, fn))
        for (TSNode e : *elements)
            alternativeCallees(source, e, guards, out, depth + 1);
}

// The default of a lookup called where it stands: `b` of
// `HANDLERS.get(k, b)(x)`, `d.pop(k, b)(x)`, `getattr(obj, "run", b)(x)`,
// called where the key or attribute is missing. Empty when `fn` is none.
Chain calledDefault(const SyntaxSource &source, TSNode fn)
{
    fn = unparen(fn);
    if (!isType(fn, "call"))
        return {};
    const TSNode callee = field(fn, "function"), arguments = field(fn, "arguments");
    if (ts_node_is_null(arguments))
        return {};
    std::vector<TSNode> positional;
    for (TSNode a : NamedChildren(arguments)) {
        if (!isType(a, "keyword_argument") && !isType(a, "list_splat") && !isType(a, "dictionary_splat")
            && !isType(a, "comment"))
            positional.push_back(a);
        else if (!isType(a, "comment"))
            return {};
    }
    const bool lookup = isType(callee, "attribute") && positional.size() == 2
        && (source.text(field(callee, "attribute")) == "get" || source.text(field(callee, "attribute")) == "pop");
    const bool attribute = isType(callee, "identifier") && source.text(callee) == "getattr" && positional.size() == 3;
    if (!lookup && !attribute)
        return {};
    return source.chainOf(positional.back());
}

} // namespace

void CallSiteRecorder::addCall(TSNode n, const BodyContext &ctx)
{
    Chain callee = m_source.chainOf(field(n, "function"));
    addNamedAttributes(callee, field(n, "arguments"));
    std::vector<std::pair<Chain, GuardList>> callees;
    if (!callee.empty())
        callees.emplace_back(std::move(callee), ctx.guards);
    else
        alternativeCallees(m_source, field(n, "function"), ctx.guards, callees);
    if (Chain fallback = calledDefault(m_source, field(n, "function")); !fallback.empty())
        callees.emplace_back(std::move(fallback), ctx.guards);
    const FunctionFact *own = ownFunction(ctx, m_facts);
    for (auto &[chain, guards] : callees)
        m_facts.calls.push_back({callScope(ctx), std::move(chain), lineOf(n), std::move(guards),
            argumentShape(m_source, field(n, "arguments"), parameterNames(ctx, m_facts), own ? own->kwargs : std::string())});
    // map(f, xs), sorted(xs, key=f): calls of what may be functions.
    for (TSNode fn : calledArguments(m_source, n))
        if (Chain called = m_source.chainOf(fn); !called.empty())
            m_facts.calls.push_back({callScope(ctx), std::move(called), lineOf(fn), ctx.guards, std::string(kMaybeCalled)});
    // str(x), len(x), next(it): the argument's own method.
    if (Chain method = protocolCall(m_source, n); !method.empty())
        m_facts.calls.push_back({callScope(ctx), std::move(method), lineOf(n), ctx.guards, std::string(kMaybeCalled)});
}

// `setattr(obj, "x", v)` and `module.register_parameter("x", p)` give
// objects attributes no assignment names: their names are kept.
void CallSiteRecorder::addNamedAttributes(const Chain &callee, TSNode arguments)
{
    static constexpr std::string_view kSetters[] = {"setattr", "register_parameter", "register_buffer", "add_module",
                                                    "register_module", "__setattr__"};
    const std::string_view last = std::string_view(callee).substr(callee.rfind('.') == Chain::npos ? 0 : callee.rfind('.') + 1);
    if (ts_node_is_null(arguments) || std::find(std::begin(kSetters), std::end(kSetters), last) == std::end(kSetters))
        return;
    for (TSNode a : NamedChildren(arguments))
        if (std::string name = m_source.stringContent(a); !name.empty())
            m_facts.namedAttributes.push_back(std::move(name));
}

void CallSiteRecorder::addRaise(TSNode n, const BodyContext &ctx)
{
    TSNode raised = ts_node_named_child_count(n) ? unparen(ts_node_named_child(n, 0)) : TSNode{};
    if (!ts_node_is_null(raised) && (isType(raised, "identifier") || isType(raised, "attribute")))
        if (Chain callee = m_source.chainOf(raised); !callee.empty())
            // `raise E` builds E where E is a class of the index; `raise e`
            // (an instance, a re-raise) or an outside class calls nothing here.
            m_facts.calls.push_back({callScope(ctx), std::move(callee), lineOf(raised), ctx.guards, std::string(kMaybeCalled)});
}

} // namespace katlas
