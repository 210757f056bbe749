// Set-up calls (see setup_calls.h).
#include "resolve/setup_calls.h"

#include <algorithm>

namespace katlas {

namespace {

// Does the guard hold only while `self.<attr>` is false, or (an early
// `if self.<attr> and ...: return`) at least where it is? `if not self.ready:`,
// `if self.ready: return`, `if self.ready and same_size: return`. A test
// that also holds with the flag raised (`if self.x or other.x:`) does not.
bool testsLowered(const Guard &g, const std::string &attr)
{
    const std::string flag = "self." + attr;
    if (g.negated)
        return g.text == flag || g.text.rfind(flag + " and ", 0) == 0;
    return g.text == "not " + flag;
}

// Does an assignment under `outer` run wherever a call under `guards` does?
bool enclosing(const GuardList &outer, const GuardList &guards)
{
    return outer.size() <= guards.size() && std::equal(outer.begin(), outer.end(), guards.begin());
}

} // namespace

std::optional<Condition> setupCondition(const SymbolTable &table, SymbolId function, const GuardList &guards, int line)
{
    if (guards.empty() || line <= 0)
        return std::nullopt;
    const FunctionInfo *fn = table.function(function);
    const ClassInfo *cls = fn && fn->cls && !fn->isStatic ? table.cls(fn->cls) : nullptr;
    if (!cls)
        return std::nullopt;
    // The first flag by name, so that the index is the same on every run.
    const std::string *flag = nullptr;
    for (const auto &[attr, assignments] : cls->selfAttrs) {
        if ((flag && *flag < attr)
            || std::none_of(guards.begin(), guards.end(), [&](const Guard &g) { return testsLowered(g, attr); }))
            continue;
        const bool raised = std::any_of(assignments.begin(), assignments.end(), [&](const auto &a) {
            const ValueFact &v = a.first->value;
            return a.second == function && v.line > line && v.expr == "True" && enclosing(v.guards, guards);
        });
        if (raised)
            flag = &attr;
    }
    if (!flag)
        return std::nullopt;
    Condition c;
    c.dimension = kRunPhase;
    c.values = {kRunPhaseSetup};
    c.text = "until self." + *flag + " is set";
    return c;
}

} // namespace katlas
