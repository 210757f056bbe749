// The guards a condition puts on the code it governs (see condition_guards.h).
#include "parse/condition_guards.h"

namespace katlas {

void addGuards(const SyntaxSource &source, TSNode cond, bool negated, GuardList &out)
{
    cond = unparen(cond);
    if (ts_node_is_null(cond))
        return;
    if (isType(cond, "not_operator")) {
        addGuards(source, field(cond, "argument"), !negated, out);
        return;
    }
    if (isType(cond, "boolean_operator")) {
        const std::string_view op = source.text(field(cond, "operator"));
        // A conjunction that must hold (or a disjunction that must fail)
        // is several independent guards.
        if ((op == "and" && !negated) || (op == "or" && negated)) {
            addGuards(source, field(cond, "left"), negated, out);
            addGuards(source, field(cond, "right"), negated, out);
            return;
        }
    }
    out.push_back({normaliseSpace(source.text(cond)), negated});
}

} // namespace katlas
