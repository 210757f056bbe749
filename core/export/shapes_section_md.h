// The op traces report's "Shapes and Definitions" section: for each
// (op, kernel) that runs, the flashinfer-trace definition it gives and its
// constant axes, under the checkpoint and deployment named; without a model
// config, how to give one.
#pragma once

#include "shapes/model_definitions.h"

#include <string>

namespace katlas {

// "N=3072, K=1536" (the definition's const axes, in the order written).
std::string constAxesText(const KernelDefinition &definition);

// `definitions` null: the section says how to add a model config.
// `setup`: the checkpoint and deployment in a few words ("DeepSeek-V3, TP 8").
std::string shapesSectionMarkdown(const ModelDefinitions *definitions, const std::string &setup);

} // namespace katlas
