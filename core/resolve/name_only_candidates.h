// The last resort of a call through an attribute nothing resolved
// (`obj.method()` with `obj` unknown): the methods of the index with that
// name, when there are at most a few (docs/call-resolution.md, "name only").
#pragma once

#include "resolve/symbol_table.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace katlas {

class NameOnlyCandidates {
public:
    explicit NameOnlyCandidates(const SymbolTable &table) : m_table(table) {}

    // The methods `chain` (`a.b.name`, not ending in a call or subscript)
    // may name; empty when more than a few do.
    std::vector<SymbolId> of(const std::string &chain);

private:
    const SymbolTable &m_table;
    std::unordered_map<std::string, std::vector<SymbolId>> m_methodsByName;
};

} // namespace katlas
