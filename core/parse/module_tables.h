// Module-level tables the facts keep as they are written: the entries of a
// registry dict (`METHODS = {"fp8": Fp8Config}`, `METHODS.update({...})`)
// and the names of `__all__`.
#pragma once

#include "parse/syntax_node.h"

#include <string>
#include <vector>

namespace katlas {

// The `"key": Value` pairs of a dict display, as entries of `dictName`.
void addDictEntries(const SyntaxSource &source, const std::string &dictName, TSNode dict, std::vector<DictEntryFact> &out);
// `NAME.update({...})`: its entries, as entries of NAME; nothing for another call.
void addDictUpdate(const SyntaxSource &source, TSNode call, std::vector<DictEntryFact> &out);
// The string literals of a list or tuple display (`__all__ = ["a", "b"]`).
void addAllNames(const SyntaxSource &source, TSNode list, std::vector<std::string> &out);

} // namespace katlas
