// A literal looked for in a string (see guard_evaluator.h and
// docs/guard-evaluation.md, "A literal in a string"): `"mxfp4" in
// quant_format` is decided wherever the name holds a known string, as the
// values a caller passes for it (`"mxfp4" if w.dtype == torch.uint8 else
// "fp8"`), each under its conditions; unknown elsewhere.
#include "resolve/guard_evaluator.h"
#include "resolve/guard_limits.h"

namespace katlas {

GuardEvaluator::Cases GuardEvaluator::containsCases(const GuardExpr &e, const Scope &scope, int depth)
{
    const bool negated = e.kind == GuardExpr::Kind::NotContains;
    Cases out;
    if (e.operands.size() != 2)
        return {{false, false, {}}};
    const std::string &sought = e.operands[1].text;
    for (const Outcome &o : values(e.operands[0], scope, depth + 1)) {
        if (o.value.kind == Abstract::Kind::String)
            out.push_back({true, (o.value.text.find(sought) != std::string::npos) != negated, o.conditions});
        else
            out.push_back({false, false, o.conditions});
    }
    if (out.empty())
        out.push_back({false, false, {}});
    return guard_limits::folded(std::move(out), caseBound());
}

} // namespace katlas
