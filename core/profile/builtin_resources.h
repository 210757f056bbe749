// The data embedded in the core library (profiles, demo workspace). A static
// library's resources must be registered explicitly before first use.
#pragma once

namespace katlas {

void ensureBuiltinResources();

} // namespace katlas
