// Guard text that only the running batch decides: a tensor's shape, dtype or
// device, a length, an ordering. No setting fixes it; a path under it "may
// run", and is shown so (a chip style of its own).
#pragma once

#include <string_view>

namespace katlas {

bool isRuntimeCondition(std::string_view text);
// Does the text read what only a tensor or a container has (`.shape`,
// `.dtype`, `len(`)? An ordering alone may still compare numbers a
// configuration fixes (`get_device_sm() >= 90`) and is evaluated first.
bool readsRuntimeState(std::string_view text);

} // namespace katlas
