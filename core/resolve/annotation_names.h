// The dotted names a type annotation's text holds: "Optional[a.B]" ->
// Optional, a.B; each with whether it is what a `Callable[[...], R]` returns.
#pragma once

#include <string>
#include <vector>

namespace katlas {

struct AnnotationName {
    std::string name;
    bool returnedByCall = false;
};

std::vector<AnnotationName> dottedNames(const std::string &text);

} // namespace katlas
