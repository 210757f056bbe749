// A local bound from an attribute of `self` holds that attribute's value,
// known or not (see docs/guard-evaluation.md, "A value compared with where
// it came from"):
//
//     end = self.end_layer            # unknown: set by a tuple unpacking
//     if tbo: end = self.first_k_dense_replace
//     ...
//     if end != self.end_layer:       # false where `end` is still self.end_layer
//         run_rest(...)
//
// Each value such a binding gives (unknown or not: the attribute may hold
// several) is marked with the attribute it came from, and a comparison of it
// with that same attribute is decided: equal.
#include "resolve/guard_evaluator.h"

#include <algorithm>

namespace katlas {
namespace {

// `self.x` (one attribute of self, no call), else empty.
std::string selfAttribute(const std::string &chain)
{
    if (chain.rfind("self.", 0) != 0 || chain.find_first_of(".([", 5) != std::string::npos || chain.size() == 5)
        return {};
    return chain.substr(5);
}

} // namespace

void GuardEvaluator::markSameAs(Outcomes &outcomes, const ValueFact &fact, const Scope &scope)
{
    if (fact.unpacked || !fact.expr.empty() || !scope.function)
        return;
    const std::string attr = selfAttribute(fact.chain);
    if (attr.empty())
        return;
    // The function itself sets the attribute: a later read may see another value.
    const std::vector<std::string> &assigned = attributesAssignedIn(scope.function);
    if (std::find(assigned.begin(), assigned.end(), attr) != assigned.end())
        return;
    for (Outcome &o : outcomes)
        o.value.readFrom = fact.chain;
}

bool GuardEvaluator::sameAs(const Abstract &value, const GuardExpr &other)
{
    return other.kind == GuardExpr::Kind::Chain && !value.readFrom.empty() && value.readFrom == other.text;
}

} // namespace katlas
