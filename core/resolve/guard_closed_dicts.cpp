// A keyword splat of a closed dict (parse/closed_dicts.h) in guard
// evaluation: `ForwardBatch(**output_dict)`, where the function fills
// `output_dict` under known keys only, passes no other keyword, so a field
// it leaves out holds its default there (docs/guard-evaluation.md, "Values
// per building site").
#include "resolve/guard_evaluator.h"

#include <algorithm>

namespace katlas {

bool GuardEvaluator::splatLeavesOut(const ValueFact &call, const Scope &scope, const std::string &name) const
{
    const auto splat = std::find_if(call.argExprs.begin(), call.argExprs.end(), [](const auto &a) { return a.first == "**"; });
    const FunctionInfo *fn = scope.function ? m_table.function(scope.function) : nullptr;
    if (splat == call.argExprs.end() || !fn)
        return false;
    const ModuleFacts &facts = m_table.files()[static_cast<size_t>(m_table.moduleAt(scope.module).fileIndex)];
    for (const ClosedDictFact &d : facts.closedDicts)
        if (d.scope == fn->scope && d.name == splat->second)
            return !std::binary_search(d.keys.begin(), d.keys.end(), name);
    return false;
}

} // namespace katlas
