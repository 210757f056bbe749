// The number a module's `__init__` gives one of its attributes
// (`self.num_local_heads = num_heads // attn_tp_size`: 128 heads over an
// attention TP of 8 is 16), for guards that compare it
// (`self.num_local_heads == 128` picks sglang's CUDA `concat_mla_k`). The
// module is the one a path's call is made on (a member of its owner) or the
// one whose method makes the path's first call; its `__init__` is evaluated
// by the op-shape evaluator (shapes/model_shapes.h) with what its building
// call passes, under one deployment.
#pragma once

#include "shapes/condition_truth.h"
#include "shapes/model_shapes.h"
#include "shapes/path_tensor_binding.h"

#include <optional>

namespace katlas {

// nullopt unless `origin` is an attribute of a module read as it is (no
// `.shape` or subscript after it) that the `__init__` sets to a known number.
std::optional<KnownValue> moduleAttribute(ModelShapes &shapes, const TensorOrigin &origin);

} // namespace katlas
