// `alias = kernel` at module level in the kernel libraries: a kernel's
// second names (`rmsnorm = _rmsnorm_impl`), so a search by either finds it.
#pragma once

#include "parse/syntax_facts.h"
#include "resolve/symbol_table.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace katlas {

class Evaluator;

// For each of `kernels`, the `module.alias` names module-level assignments
// in the modules `isLibrary` accepts give it (public names only).
std::map<SymbolId, std::vector<std::string>> kernelAliases(const SymbolTable &table, const std::vector<ModuleFacts> &files,
                                                           Evaluator &evaluator, const std::map<SymbolId, std::string> &kernels,
                                                           const std::function<bool(int)> &isLibrary);

} // namespace katlas
