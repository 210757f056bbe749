// Call sites of the expressions a scope evaluates (see call_sites.h).
#include "parse/call_sites.h"

#include "parse/container_facts.h"
#include "parse/literal_kinds.h"

namespace katlas {

void CallSiteRecorder::addCall(TSNode n, const BodyContext &ctx)
{
    Chain callee = m_source.chainOf(field(n, "function"));
    if (!callee.empty())
        m_facts.calls.push_back({ctx.scope, std::move(callee), lineOf(n), ctx.guards,
            argumentShape(m_source, field(n, "arguments"), parameterNames(ctx, m_facts))});
    // map(f, xs), sorted(xs, key=f): calls of what may be functions.
    for (TSNode fn : calledArguments(m_source, n))
        if (Chain called = m_source.chainOf(fn); !called.empty())
            m_facts.calls.push_back({ctx.scope, std::move(called), lineOf(fn), ctx.guards, std::string(kMaybeCalled)});
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
