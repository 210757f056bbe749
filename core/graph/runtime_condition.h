// Guard text that only the running batch decides: a tensor's shape, dtype or
// device, a length, an ordering. No setting fixes it; a path under it "may
// run", and is shown so (a chip style of its own).
#pragma once

#include <string_view>

namespace katlas {

bool isRuntimeCondition(std::string_view text);

} // namespace katlas
