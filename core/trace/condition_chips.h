// A path's conditions as short labels ("chips") for the path list: one per
// dimension it requires or excludes, one per unmapped guard.
#pragma once

#include "trace/dimension_filter.h"

#include <string>
#include <vector>

namespace katlas {

struct ConditionChip {
    std::string dimension; // empty for guard text no rule maps
    std::string text;      // "quantization=fp8|w8a8_fp8", "platform≠hip", "not (x is None)"
    bool runtime = false;  // guard text only the running batch decides (runtime_condition.h)
};

std::vector<ConditionChip> conditionChips(const PathConditions &conditions);

} // namespace katlas
