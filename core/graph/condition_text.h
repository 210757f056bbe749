// Conditions as people read them: "quantization=fp8", "platform!=hip",
// "not (residual is None)".
#pragma once

#include "graph/call_graph.h"

#include <string>

namespace katlas {

std::string conditionText(const Condition &c);
std::string conditionsText(const ConditionSet &conditions, const char *separator = ", ");

// A dimension's values as one word: "fp8|w8a8_fp8" (or with another separator).
template<typename Values>
std::string valuesText(const Values &values, const char *separator = "|")
{
    std::string out;
    for (const std::string &v : values)
        out += (out.empty() ? "" : separator) + v;
    return out;
}

} // namespace katlas
