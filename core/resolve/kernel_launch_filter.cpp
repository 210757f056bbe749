// Launch tests and reachability of the kernel libraries' entries (see
// kernel_launch_filter.h).
#include "resolve/kernel_launch_filter.h"

#include <algorithm>

namespace katlas {

KernelLaunchFilter::KernelLaunchFilter(const Profile &profile) : m_rules(profile.launches)
{
    for (const KernelRule &rule : profile.kernels)
        m_libraries.push_back(rule.modulePrefix); // empty for other rules: never matches
}

int KernelLaunchFilter::libraryOf(const std::string &module) const
{
    for (size_t i = 0; i < m_libraries.size(); ++i) {
        const std::string &prefix = m_libraries[i];
        if (prefix.empty())
            continue;
        if (module == prefix || (module.size() > prefix.size() && module.compare(0, prefix.size(), prefix) == 0
                                 && module[prefix.size()] == '.'))
            return static_cast<int>(i) + 1;
    }
    return 0;
}

bool KernelLaunchFilter::launchesByText(const std::string &callee) const
{
    return std::any_of(m_rules.calls.begin(), m_rules.calls.end(), [&](const ProfilePattern &p) { return p.search(callee); });
}

bool KernelLaunchFilter::launchesThroughLocal(const std::string &callee, const BindingMap &locals) const
{
    if (callee.find_first_of(".()[") != std::string::npos)
        return false;
    const auto it = locals.find(callee);
    return it != locals.end() && std::any_of(it->second.begin(), it->second.end(), [&](const Binding &b) {
               return b.kind == Binding::Kind::Assignment && launchesByText(b.assignment->value.chain);
           });
}

bool KernelLaunchFilter::launchesExternal(const std::string &externalName) const
{
    for (const std::string &prefix : m_rules.callPrefixes)
        if (externalName.compare(0, prefix.size(), prefix) == 0)
            return true;
    return launchesByText(externalName);
}

bool KernelLaunchFilter::launchDecorator(const std::string &decorator) const
{
    return std::find(m_rules.decorators.begin(), m_rules.decorators.end(), decorator) != m_rules.decorators.end();
}

bool KernelLaunchFilter::isHelper(const std::string &externalName) const
{
    return std::any_of(m_rules.helpers.begin(), m_rules.helpers.end(), [&](const ProfilePattern &p) { return p.search(externalName); });
}

bool KernelLaunchFilter::launches(SymbolId function)
{
    if (!m_solved) {
        // Backwards from the direct launches over the noted calls, once.
        std::unordered_map<SymbolId, std::vector<SymbolId>> callers;
        for (const auto &[caller, callees] : m_calls)
            for (SymbolId callee : callees)
                callers[callee].push_back(caller);
        std::vector<SymbolId> todo(m_direct.begin(), m_direct.end());
        m_reaching = m_direct;
        while (!todo.empty()) {
            const SymbolId id = todo.back();
            todo.pop_back();
            if (auto it = callers.find(id); it != callers.end())
                for (SymbolId caller : it->second)
                    if (m_reaching.insert(caller).second)
                        todo.push_back(caller);
        }
        m_calls.clear();
        m_solved = true;
    }
    return m_reaching.count(function) > 0;
}

} // namespace katlas
