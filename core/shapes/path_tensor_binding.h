// Where a tensor a path's guard reads comes from: the name is followed up
// the path's calls, parameter to argument (`weight` <- `layer.weight` <-
// `self.weight`), until it is a member of a module the model builds
// (`self.q_b_proj.weight` in `DeepseekV2AttentionMLA`) or what that module's
// `forward` is handed. Argument texts are read from the source
// (shapes/source_calls.h).
#pragma once

#include "shapes/source_calls.h"
#include "trace/path_finder.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace katlas {

struct TensorOrigin {
    // OwnMember: an attribute of the instance whose method makes the path's
    // first call (`self.num_local_heads` read in `_concat_and_cast_mha_k`),
    // its class in ownerClass, no target.
    enum class Kind { Unknown, ModuleMember, ModuleInput, OwnMember };
    Kind kind = Kind::Unknown;
    std::string ownerClass; // the class whose instance holds the module: "DeepseekV2AttentionMLA"
    std::string target;     // the module as its owner names it: "self.q_b_proj"
    std::string member;     // ModuleMember: "weight"
    std::string rest;       // what is read of it: ".shape[0]", ".dtype"
};

// "layer.weight.shape[0]" -> "layer", ".weight.shape[0]"; an empty name when
// the text does not start with a plain name.
std::pair<std::string, std::string> splitName(const std::string &text);

// What a local of the function making the call of `frames[frame]` stands
// for, as an expression of that function (`input_parallel.dtype` ->
// `input_.dtype`); nullopt where it is not known.
using LocalReading = std::function<std::optional<std::string>(size_t frame, const std::string &expression)>;

// `expression` ("weight.shape[0]") is read in the function that makes the
// call of `frames[frame]`; a local on the way is read through `locals`,
// where given. Bound: 16 steps.
TensorOrigin tensorOrigin(const CallIndex &index, const SourceCalls &calls, const std::vector<PathFrame> &frames,
                          size_t frame, const std::string &expression, const LocalReading &locals = {});

} // namespace katlas
