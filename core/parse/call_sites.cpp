// Call sites of the expressions a scope evaluates (see call_sites.h).
#include "parse/call_sites.h"

#include "parse/container_facts.h"
#include "parse/literal_kinds.h"

#include <algorithm>
#include <iterator>
#include <string_view>

namespace katlas {

void CallSiteRecorder::addCall(TSNode n, const BodyContext &ctx)
{
    Chain callee = m_source.chainOf(field(n, "function"));
    addNamedAttributes(callee, field(n, "arguments"));
    if (!callee.empty()) {
        const FunctionFact *own = ownFunction(ctx, m_facts);
        m_facts.calls.push_back({ctx.scope, std::move(callee), lineOf(n), ctx.guards,
            argumentShape(m_source, field(n, "arguments"), parameterNames(ctx, m_facts), own ? own->kwargs : std::string())});
    }
    // map(f, xs), sorted(xs, key=f): calls of what may be functions.
    for (TSNode fn : calledArguments(m_source, n))
        if (Chain called = m_source.chainOf(fn); !called.empty())
            m_facts.calls.push_back({ctx.scope, std::move(called), lineOf(fn), ctx.guards, std::string(kMaybeCalled)});
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
            m_facts.calls.push_back({ctx.scope, std::move(callee), lineOf(raised), ctx.guards, std::string(kMaybeCalled)});
}

} // namespace katlas
