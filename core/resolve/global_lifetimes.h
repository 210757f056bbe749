// Which assignments of a module global the code that runs after start-up
// sees (docs/guard-evaluation.md, "Globals set at start-up"). A global a
// start-up function of the profile assigns whenever it runs
// (`MOE_A2A_BACKEND = MoeA2ABackend(server_args.moe_a2a_backend)` in
// `initialize_moe_config`) no longer holds what the module first bound it to
// (`MOE_A2A_BACKEND = None`), and its lazy default (`if MOE_A2A_BACKEND is
// None: MOE_A2A_BACKEND = MoeA2ABackend.NONE` in a getter) is never taken.
#pragma once

#include "parse/syntax_facts.h"

#include <set>
#include <string>

namespace katlas {

class GlobalLifetimes {
public:
    // `startup`: qualified names of the functions a deployment runs before
    // any model code (profile `startup`).
    GlobalLifetimes(const ModuleFacts &module, const std::set<std::string> &startup);
    // Whether `a`, one of the module's assignments, binds a value code after
    // start-up may read.
    bool seen(const AssignmentFact &a) const;

private:
    std::set<std::string> m_configured; // names every run of a start-up function binds, never to None
};

} // namespace katlas
