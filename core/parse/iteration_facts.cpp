// The iterator and context protocols and generators' yields (see iteration_facts.h).
#include "parse/iteration_facts.h"

#include "parse/container_facts.h"

namespace katlas {

void IterationFacts::addLoop(TSNode target, TSNode iterable, const BodyContext &ctx, bool async)
{
    if (!ts_node_is_null(target) && isType(target, "identifier"))
        m_assignments.assignElements(std::string(m_source.text(target)), iterable, ctx);
    if (async)
        addProtocolCalls(iterable, {"__aiter__", "__aiter__().__anext__"}, ctx);
    else
        addProtocolCalls(iterable, {"__iter__", "__iter__().__next__"}, ctx);
}

void IterationFacts::addProtocolCalls(TSNode value, std::initializer_list<const char *> methods, const BodyContext &ctx)
{
    const Chain chain = m_source.chainOf(unparen(value));
    if (chain.empty())
        return;
    for (const char *m : methods)
        m_facts.calls.push_back({callScope(ctx), chain + "." + m, lineOf(value), ctx.guards, std::string(kMaybeCalled)});
}

void IterationFacts::addYield(TSNode n, const BodyContext &ctx)
{
    if (!ownFunction(ctx, m_facts) || ts_node_named_child_count(n) == 0)
        return;
    std::vector<ValueFact> values;
    m_values.addValues(ts_node_named_child(n, 0), ctx.guards, values, ctx.notNone);
    const bool from = m_source.text(n).substr(0, 10) == "yield from";
    auto &yields = m_facts.functions[static_cast<size_t>(ctx.functionIndex)].yields;
    for (ValueFact &v : values) {
        if (from && v.display) { // `yield from [f, g]`: each element
            for (ValueFact &e : elementFacts(v))
                yields.push_back(std::move(e));
            continue;
        }
        if (from)
            v.chain = elementsOf(v.chain);
        if (!v.chain.empty() || v.display)
            yields.push_back(std::move(v));
    }
}

} // namespace katlas
