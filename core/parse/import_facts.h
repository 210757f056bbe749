// The names one import statement binds: `import a.b as c`,
// `from ..x import y as z`, `from m import *`.
#pragma once

#include "parse/syntax_facts.h"
#include "parse/syntax_node.h"

#include <vector>

namespace katlas {

// One fact per name bound, without line, scope or guards (the caller's).
std::vector<ImportFact> importsOf(const SyntaxSource &source, TSNode statement);

} // namespace katlas
