// Blocks that leave their enclosing block: what follows an `if` whose
// branches all return (or raise, continue, break) runs only where their tests
// failed, and the extractor guards it so.
#pragma once

#include <tree_sitter/api.h>

namespace katlas {

// Does the block end with return, raise, continue or break?
bool terminates(TSNode block);
// Is it an if/elif chain without else whose every branch terminates?
bool returnsInEveryBranch(TSNode ifStatement);

} // namespace katlas
