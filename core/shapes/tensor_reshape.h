// Sizes read off a tensor's shape as written: `.shape[i]` (negative from the
// end), and the sizes a `.view(...)` / `.reshape(...)` gives its result
// (`input.view(-1, input.shape[-1]).shape[1]` is `input.shape[-1]`).
#pragma once

#include <optional>
#include <string>

namespace katlas {

// `2` of ".shape[2]", `-1` of ".shape[-1]"; nullopt for anything else.
std::optional<long> shapeIndex(const std::string &read);

// The size `read` (".shape[1]") takes of a tensor `made` as
// `x.view(a, b)` or `x.reshape(a, b)`: the argument at that index as
// written, where it is no -1; nullopt otherwise.
std::optional<std::string> reshapedSize(const std::string &made, const std::string &read);

} // namespace katlas
