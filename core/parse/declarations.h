// Whether two versions of a file declare the same: the same classes,
// functions, imports, assignments, returns and dict entries, whatever their
// lines. Such versions differ in their call sites only, and nothing outside
// the file resolves differently for it: an incremental re-index resolves
// that file's calls again and nothing else.
#pragma once

#include "parse/syntax_facts.h"

namespace katlas {

bool sameDeclarations(const ModuleFacts &a, const ModuleFacts &b);

} // namespace katlas
