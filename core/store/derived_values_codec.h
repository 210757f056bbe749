// The values of derived dimensions as kept in the index's meta table
// ("derived_values"): a line per value, its fields separated by a control
// character that never occurs in Python source text.
#pragma once

#include "graph/call_graph.h"

#include <string>
#include <vector>

namespace katlas {

inline constexpr const char *kDerivedValuesKey = "derived_values";

std::string encodeDerivedValues(const std::vector<DerivedValue> &values);
std::vector<DerivedValue> decodeDerivedValues(const std::string &text);

} // namespace katlas
