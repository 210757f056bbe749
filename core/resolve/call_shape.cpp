// A call's argument shape in one copy of its caller (see call_shape.h).
#include "resolve/call_shape.h"

#include "resolve/argument_shape.h"

namespace katlas {

std::string CallShapes::of(const CallFact &call, const Scope &scope, const std::vector<const CallFact *> &calls)
{
    const FunctionInfo *caller = m_table.function(scope.function);
    if (!caller)
        return shapeInCopy(call.args, nullptr, false, scope.variant, {});
    return shapeInCopy(call.args, caller->fact, caller->cls && !caller->isStatic, scope.variant,
                       scope.variant ? m_table.paramsAssignedAgain(*caller) : std::vector<std::string>{},
                       m_declared.at(call, *caller, scope, calls))
        + m_handed.itemsFor(call, scope, calls);
}

} // namespace katlas
