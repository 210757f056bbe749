// Call sites (CallFact) of the expressions a scope evaluates: a call of its
// callee's chain, with the shape of its arguments; the functions that
// higher-order built-ins call (`map(f, xs)`); `raise E`, which builds E;
// the attribute names `setattr` and `register_parameter` calls set.
#pragma once

#include "parse/body_context.h"
#include "parse/syntax_node.h"

namespace katlas {

class CallSiteRecorder {
public:
    CallSiteRecorder(const SyntaxSource &source, ModuleFacts &facts) : m_source(source), m_facts(facts) { }

    // A `call` node (the calls in its arguments are not its own).
    void addCall(TSNode call, const BodyContext &ctx);
    // A `raise_statement`: `raise E` with a class (not a call) builds it, a call of E.
    void addRaise(TSNode raise, const BodyContext &ctx);

private:
    void addNamedAttributes(const Chain &callee, TSNode arguments);

    const SyntaxSource &m_source;
    ModuleFacts &m_facts;
};

} // namespace katlas
