// Instances a call passes that its caller built: the building place goes
// with the call. `quant_info = TritonMoeQuantInfo(use_fp8_w8a8=True)` then
// `self.runner.run(dispatch_output, quant_info)` in one quantization
// method: the call's edges carry `built:TritonMoeQuantInfo=<that method>`,
// so the fields the callee reads from its parameter (which hold, per
// building place, what each place passed) keep only this place's values on
// paths through the call (docs/guard-evaluation.md, "Values per building
// site").
#pragma once

#include "graph/call_graph.h"
#include "parse/syntax_facts.h"
#include "resolve/value.h"

#include <optional>
#include <string>
#include <vector>

namespace katlas {

class Evaluator;
class SymbolTable;

// The `built:` conditions of the instances the call passes by a plain local
// name, each class's one condition listing the places its instances may
// come from; none for a class some instance passed has no place for. Where
// one argument's instances came from different ways (`x = self.make(...)`,
// `make` a function chosen under conditions), one way per instance: its
// place with the conditions it was made under, so a path through the call
// takes one instance's place together with the way it was made (at most
// `kMaxPassedWays`; past that, and where none differ, one way). A callee
// whose parameter's annotation names a class takes only the ways of its
// instances (`run(self, runner_input: TritonRunnerInput)`).
constexpr size_t kMaxPassedWays = 8;
struct PassedWays {
    std::vector<ConditionSet> ways; // empty where the call passes no instance with a place
    // Where several: the argument they are the instances of.
    std::optional<size_t> position;
    std::string keyword;
    // The class of each way's instance (as `ways`), where several.
    std::vector<SymbolId> classes;
};
PassedWays placesOfPassedInstances(const SymbolTable &table, Evaluator &evaluator, const CallFact &call, const Scope &scope);
// Which of the ways `callee` takes: those whose instances its parameter's
// annotation takes (every way where it has none, names no class of the
// index, or would take none: a structural Protocol).
std::vector<bool> waysTakenBy(const SymbolTable &table, Evaluator &evaluator, SymbolId callee, const PassedWays &passed);

} // namespace katlas
