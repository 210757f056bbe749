// Globals set at start-up (see global_lifetimes.h).
#include "resolve/global_lifetimes.h"

#include <map>

namespace katlas {

GlobalLifetimes::GlobalLifetimes(const ModuleFacts &module, const std::set<std::string> &startup)
{
    if (startup.empty())
        return;
    // A name bound whenever the function runs: by a statement under no
    // guard, or under both sides of one test (`G = a if c else b`, or
    // `if c: G = a` / `else: G = b`).
    std::map<std::string, std::set<std::pair<std::string, bool>>> sides;
    std::set<std::string> always, mayBeNone;
    for (const AssignmentFact &a : module.assignments) {
        if (a.globalIn.empty() || !startup.count(module.module + "." + a.globalIn))
            continue;
        if (a.value.expr == "None")
            mayBeNone.insert(a.target);
        if (a.value.guards.empty())
            always.insert(a.target);
        else if (a.value.guards.size() == 1)
            sides[a.target].insert({a.value.guards[0].text, a.value.guards[0].negated});
    }
    for (const auto &[name, tests] : sides)
        for (const auto &[text, negated] : tests)
            if (!negated && tests.count({text, true}))
                always.insert(name);
    for (const std::string &name : always)
        if (!mayBeNone.count(name))
            m_configured.insert(name);
}

bool GlobalLifetimes::seen(const AssignmentFact &a) const
{
    if (!m_configured.count(a.target))
        return true;
    if (a.globalIn.empty())
        return !a.scope.empty(); // the module's first binding (a function's local of the same name stays)
    // The lazy default: `if G is None: G = X`, around the assignment itself.
    const GuardList &g = a.value.guards;
    return g.empty() || g.back().negated || g.back().text != a.target + " is None";
}

} // namespace katlas
