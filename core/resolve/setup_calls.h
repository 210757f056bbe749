// Calls made until their object raises a flag: set-up work, not the step's.
//
//     def initialize(self, ...):
//         if self.initialized and self.world_size == world_size:
//             return
//         self.handles = create_ipc_workspace(...)   # set-up
//         self.initialized = True
//
// A call in a method under a test that holds while `self.<flag>` is false
// (`if not self.flag:`, an early `if self.flag [and ...]: return`), followed in the same
// method (under no guard the call lacks) by `self.<flag> = True`, runs until
// that assignment has run once: the first step builds what later steps
// reuse. Its site carries `run.phase = setup`; a filter naming a deployment
// holds `run.phase` at its default, `step`, so the per-step answer leaves it
// out, and a filter naming `run.phase=setup` shows it
// (docs/guard-evaluation.md, "Set-up calls").
#pragma once

#include "graph/call_graph.h"
#include "parse/syntax_facts.h"
#include "resolve/symbol_table.h"

#include <optional>

namespace katlas {

inline constexpr const char *kRunPhase = "run.phase";
inline constexpr const char *kRunPhaseStep = "step";
inline constexpr const char *kRunPhaseSetup = "setup";

// The `run.phase = setup` condition of a call at `line` under `guards` in
// `function`, where the method raises a flag its guards read after it;
// nullopt for a call of every step.
std::optional<Condition> setupCondition(const SymbolTable &table, SymbolId function, const GuardList &guards, int line);

} // namespace katlas
