// Which entries of the kernel libraries (module_prefix kernel rules) launch
// device work: a post-pass over the resolved calls of the libraries' own
// functions. An entry is a kernel when, through calls inside the kernel
// libraries, it reaches a launch as the profile's `launches` section defines
// it (a torch.ops call, a Triton or CuTe launch, a call on a JIT-loaded
// module...). Helpers, workspace queries, enums and config classes are not.
// Also finds the module-level aliases of kernels (`alias = kernel`).
#pragma once

#include "graph/call_graph.h"
#include "profile/profile.h"
#include "resolve/symbol_table.h"

#include <functional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace katlas {


class KernelLaunchFilter {
public:
    explicit KernelLaunchFilter(const Profile &profile);

    // Off when the profile has no `launches` section: every entry the
    // kernel rules match is a kernel.
    bool enabled() const { return m_rules.enabled; }
    // 1 + the index of the module_prefix rule whose package holds `module`,
    // 0 when it is in no kernel library.
    int libraryOf(const std::string &module) const;

    // Launch tests on one call of a library function.
    bool launchesByText(const std::string &callee) const;          // the callee as written
    // A call of a local the function bound to what launches
    // (`run_func = get_fmha_module().trtllm_ragged_attention`, then
    // `run_func(...)`): `locals` are the calling function's.
    bool launchesThroughLocal(const std::string &callee, const BindingMap &locals) const;
    bool launchesExternal(const std::string &externalName) const;  // an external it resolved to
    bool launchDecorator(const std::string &decorator) const;
    // A kernel name (an external one of a call_prefix rule, or a library
    // entry's qualified name) that names a helper.
    bool isHelper(const std::string &externalName) const;

    // Facts noted while resolving: a library function launches directly, or
    // calls another library function.
    void noteLaunch(SymbolId caller) { m_direct.insert(caller); }
    void noteCall(SymbolId caller, SymbolId callee) { m_calls[caller].push_back(callee); }

    // True when `function` (a library function, or a per-receiver copy)
    // reaches a launch through the noted calls.
    bool launches(SymbolId function);

private:
    LaunchRules m_rules;
    std::vector<std::string> m_libraries; // module prefixes, by library number - 1
    std::unordered_set<SymbolId> m_direct;
    std::unordered_map<SymbolId, std::vector<SymbolId>> m_calls;
    std::unordered_set<SymbolId> m_reaching; // what reaches a launch, once asked
    bool m_solved = false;
};

} // namespace katlas
