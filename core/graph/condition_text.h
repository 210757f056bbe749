// Conditions as people read them: "quantization=fp8", "platform!=hip",
// "not (residual is None)".
#pragma once

#include "graph/call_graph.h"

#include <string>

namespace katlas {

std::string conditionText(const Condition &c);
std::string conditionsText(const ConditionSet &conditions, const char *separator = ", ");

} // namespace katlas
