// Where a tensor a path's guard reads comes from: the name is followed up
// the path's calls, parameter to argument (`weight` <- `layer.weight` <-
// `self.weight`), until it is a member of a module the model builds
// (`self.q_b_proj.weight` in `DeepseekV2AttentionMLA`) or what that module's
// `forward` is handed. Argument texts are read from the source
// (shapes/source_calls.h).
#pragma once

#include "shapes/source_calls.h"
#include "trace/path_finder.h"

#include <string>
#include <vector>

namespace katlas {

struct TensorOrigin {
    enum class Kind { Unknown, ModuleMember, ModuleInput };
    Kind kind = Kind::Unknown;
    std::string ownerClass; // the class whose instance holds the module: "DeepseekV2AttentionMLA"
    std::string target;     // the module as its owner names it: "self.q_b_proj"
    std::string member;     // ModuleMember: "weight"
    std::string rest;       // what is read of it: ".shape[0]", ".dtype"
};

// "layer.weight.shape[0]" -> "layer", ".weight.shape[0]"; an empty name when
// the text does not start with a plain name.
std::pair<std::string, std::string> splitName(const std::string &text);

// `expression` ("weight.shape[0]") is read in the function that makes the
// call of `frames[frame]`. Bound: 16 calls up.
TensorOrigin tensorOrigin(const CallIndex &index, const SourceCalls &calls, const std::vector<PathFrame> &frames,
                          size_t frame, const std::string &expression);

} // namespace katlas
