// Values per building site: which classes keep what their constructor is
// passed (`self.norm = norm` in `__init__`), so that an instance built at one
// place sees only what that place passed (graph/allocation_condition.h,
// docs/guard-evaluation.md "Values per building site").
#pragma once

#include "resolve/symbol_table.h"

#include <optional>
#include <string>
#include <unordered_map>

namespace katlas {

class AllocationSites {
public:
    explicit AllocationSites(const SymbolTable &table) : m_table(table) {}
    // Does `cls`'s `__init__` store one of its parameters on self as it is,
    // set an attribute under a guard that reads one, or build a member of a
    // sensitive class passing one on as it is?
    bool sensitive(SymbolId cls);
    // The condition an instance of `cls` built in `function` of `module` (0:
    // at module level), and what that call passes, carry; nullopt when `cls`
    // is not sensitive. The place is named by its function, not its line, so
    // an edit elsewhere in the file does not move it; the builds of one class
    // in one function are one place. A subclass of a sensitive class keeps
    // its places in its base-most sensitive class's dimension, the place
    // named with the subclass.
    std::optional<Condition> condition(SymbolId cls, int module, SymbolId function);
    // The dimension the places of `cls`'s instances are kept in.
    std::string dimension(SymbolId cls);

private:
    // The base-most sensitive class of `cls`'s MRO (`cls` itself where none
    // of its bases is): the dimension its instances' places are kept in.
    SymbolId root(SymbolId cls);
    bool buildsSensitiveWith(const ValueFact &value, const std::vector<Param> &params);

    const SymbolTable &m_table;
    std::unordered_map<SymbolId, bool> m_sensitive;
};

} // namespace katlas
