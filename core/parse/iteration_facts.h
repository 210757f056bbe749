// What the iterator and context protocols and generators add: a loop over a
// value calls its `__iter__` and `__next__` and binds the loop variable to
// its elements, a `with` calls `__enter__` and `__exit__` (each where the
// value's class defines them), and `yield` adds to what a generator yields.
#pragma once

#include "parse/assignment_facts.h"
#include "parse/body_context.h"
#include "parse/syntax_node.h"
#include "parse/value_facts.h"

namespace katlas {

class IterationFacts {
public:
    IterationFacts(
        const SyntaxSource &source, const ValueReader &values, AssignmentRecorder &assignments, ModuleFacts &facts)
        : m_source(source), m_values(values), m_assignments(assignments), m_facts(facts)
    { }

    // `for target in iterable` (a statement or a comprehension's clause);
    // `async for` calls __aiter__ and __anext__.
    void addLoop(TSNode target, TSNode iterable, const BodyContext &ctx, bool async = false);
    // `with value [as ...]`: the calls of the context protocol.
    // `with v` calls v's __enter__ and __exit__; `async with v`, __aenter__ and __aexit__.
    void addContext(TSNode value, const BodyContext &ctx, bool async = false)
    {
        if (async)
            addProtocolCalls(value, {"__aenter__", "__aexit__"}, ctx);
        else
            addProtocolCalls(value, {"__enter__", "__exit__"}, ctx);
    }
    // `yield v` adds v to what the generator yields; `yield from xs`, xs's elements.
    void addYield(TSNode yield, const BodyContext &ctx);

private:
    void addProtocolCalls(TSNode value, std::initializer_list<const char *> methods, const BodyContext &ctx);

    const SyntaxSource &m_source;
    const ValueReader &m_values;
    AssignmentRecorder &m_assignments;
    ModuleFacts &m_facts;
};

} // namespace katlas
