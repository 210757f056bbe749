// The Definitions of a model under a configuration: for each leaf op that
// runs, each kernel it launches there and the module the op calls, the
// profile family that describes the kernel, filled in with the module's
// shapes. One per distinct name; what cannot be written is said, with why.
#pragma once

#include "export/trace_report.h"
#include "shapes/kernel_definition.h"

#include <string>
#include <vector>

namespace katlas {

struct DefinitionUse {
    std::string op;        // "self.input_layernorm"
    std::string opClass;   // the class whose method calls it
    std::string kernel;    // the kernel's qualified name
    std::string module;    // the module class the op calls ("RMSNorm"); empty when not found
    std::string definition; // the definition's name; empty when none
    std::string note;      // why there is none, when a family matched
};

struct ModelDefinitions {
    std::vector<KernelDefinition> definitions; // distinct names, sorted by op type then name
    std::vector<DefinitionUse> uses;           // every (op, kernel) pair that runs
    std::vector<std::string> conflicts;        // one name, two contents
    Deployment deployment;                     // what they are for (a page size not given filled in)
};

// The torch calls the rules name (`compute_calls`) as path ends: build the
// report with them (buildTraceReport's `compute`) so ops doing only that
// work are there.
PathTargets computeTargets(const CallIndex &index, const DefinitionRules &rules);

// `compute`: computeTargets(), the ones `report` was built with.
ModelDefinitions modelDefinitions(const TraceReport &report, const CallIndex &index, const DefinitionRules &rules,
                                  ModelShapes &shapes, const DefinitionContext &context, const PathTargets &compute);

// The context of a configuration: its stage and quantization by the rules'
// names, when the effective filter holds each to one value.
DefinitionContext definitionContext(const DefinitionRules &rules, const DimensionFilter &effective,
                                    const std::string &model, const Deployment &deployment);

} // namespace katlas
