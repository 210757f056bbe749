// What a model class's `__init__` computes, in source order: its parameters
// (with their defaults), the names it assigns (`self.num_local_heads =
// num_heads // attn_tp_size`, `attn_tp_size = get_attention_tp_size()`) and
// every module it constructs, read with tree-sitter for the shape evaluator.
#pragma once

#include "shapes/constructor_calls.h"

#include <string>
#include <string_view>
#include <vector>

namespace katlas {

struct InitParameter {
    std::string name;
    std::string defaultText; // empty when it has none
};

struct InitAssignment {
    std::string target;      // "self.num_local_heads", "attn_tp_size"
    std::string value;       // the right-hand side as written
    bool conditional = false; // under an `if`, a loop or a `try` handler: a second opinion, not the rule
};

struct ClassInit {
    std::string cls;
    std::vector<InitParameter> params;        // without `self`
    std::vector<InitAssignment> assignments;  // in source order
    // Every call of a capitalised callee in the `__init__`, assigned to an
    // attribute or not (`make_layers(n, lambda i: Layer(config, i))`):
    // `target` is "" when the call is not the whole right-hand side of `self.X = ...`.
    // A call of what a call returns, assigned to an attribute
    // (`self.experts = get_moe_impl_class(quant_config)(...)`), has no `cls`:
    // the class it builds is read from the call graph.
    std::vector<ConstructorCall> builds;
};

std::vector<ClassInit> classInits(std::string_view source);

} // namespace katlas
