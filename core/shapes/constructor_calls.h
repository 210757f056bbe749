// The modules a model's classes build in their `__init__`
// (`self.q_a_proj = ReplicatedLinear(config.hidden_size, config.q_lora_rank)`):
// class, attribute, the called class and its argument texts, read from the
// source with tree-sitter, for the shape evaluator.
#pragma once

#include "shapes/module_shape.h"

#include <string>
#include <string_view>
#include <vector>

namespace katlas {

struct ConstructorCall {
    std::string ownerClass; // the class whose __init__ builds it: "DeepMiniAttention"
    std::string target;     // "self.q_a_proj"
    int line = 0;
    ModuleCall call;        // cls is the last component of the called name
};

std::vector<ConstructorCall> constructorCalls(std::string_view source);

} // namespace katlas
