// What assignments bind (docs/call-resolution.md): names, self's attributes
// and other objects' attributes (`*.attr`), unpacked and nested targets,
// loop variables, the elements a statement stores into a container and the
// calls a statement makes for their effect, each as an AssignmentFact of the
// module (ModuleFacts::assignments) or of a function body (locals).
#pragma once

#include "parse/body_context.h"
#include "parse/syntax_node.h"
#include "parse/value_facts.h"

#include <string>
#include <vector>

namespace katlas {

class AssignmentRecorder {
public:
    AssignmentRecorder(const SyntaxSource &source, const ValueReader &values, ModuleFacts &facts)
        : m_source(source), m_values(values), m_facts(facts)
    { }

    // An `assignment` node: `a = v`, `a: T = v`, `a = b = v`, `a, b = v`,
    // `d["k"] = v`. Returns the value the statement evaluates (the last of
    // a chain), whose calls are the caller's to collect; null for none.
    TSNode addAssignment(TSNode assignment, const BodyContext &ctx);
    // `target` holds what `value` is (`unpacked`: the `part`th element of it).
    void assign(const std::string &target, TSNode value, const BodyContext &ctx, bool unpacked = false, int part = -1);
    // `except Err as e`: `target` holds an instance of `type`, as `e: Err` says.
    void annotate(const std::string &target, const std::string &type, int line, const BodyContext &ctx);
    // `for x in xs`: x holds the elements of xs (each element of a display).
    void assignElements(const std::string &target, TSNode iterable, const BodyContext &ctx);
    // `d["k"] = f`, `xs.append(f)`, `d.update(e)`: an element of the container
    // named `container` (a name or self.attr), assigned to `container[]`,
    // and with a literal key also to `container['k']` (which then replaces
    // the display's element of that key). A name neither a parameter nor
    // assigned in the function is the module's.
    void storeElement(
        const Chain &container, TSNode value, bool spread, const std::string &key, const BodyContext &ctx);
    // A call made for its effect in a function body or at module level
    // (`set_flag(args.x)`) is kept among the locals with no target: what it
    // passes is what the callee's parameters receive there
    // (docs/guard-evaluation.md).
    void keepStatementCall(TSNode e, const BodyContext &ctx);
    // The calls whose result a statement, an assigned or a returned value
    // calls, kept as statement calls are: the receiver built by
    // `A(cb).run()`, the call given `x` in `pick(x)(y)`; what they pass is
    // what their callees' parameters receive.
    void keepReceiverCalls(TSNode e, const BodyContext &ctx);

private:
    std::string targetName(TSNode target, const BodyContext &ctx) const;
    void noteForeignAttribute(TSNode target, const BodyContext &ctx, TSNode value = TSNode{});
    void assignTargets(TSNode left, TSNode right, const BodyContext &ctx, int depth = 0);
    void storeAt(
        const std::string &target, ValueFact v, bool selfAttr, const BodyContext &ctx, const std::string &owner);
    std::vector<AssignmentFact> &assignmentsFor(const std::string &target, const BodyContext &ctx);

    const SyntaxSource &m_source;
    const ValueReader &m_values;
    ModuleFacts &m_facts;
};

} // namespace katlas
