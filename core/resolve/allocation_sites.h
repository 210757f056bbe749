// Values per building site: which classes keep what their constructor is
// passed (`self.norm = norm` in `__init__`), so that an instance built at one
// place sees only what that place passed (graph/allocation_condition.h,
// docs/guard-evaluation.md "Values per building site").
#pragma once

#include "resolve/symbol_table.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>

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
    // in one function are one place.
    std::optional<Condition> condition(SymbolId cls, int module, SymbolId function);
    // Is `dimension` the building place of a dataclass? Its instances travel
    // as arguments, and a call passing one its caller built carries the
    // place (passed_instances.h), so what its fields hold keeps the place
    // through the parameters it is handed on by.
    bool placeOfDataclass(const std::string &dimension) const { return m_dataclassPlaces.count(dimension) > 0; }

private:
    bool buildsSensitiveWith(const ValueFact &value, const std::vector<Param> &params);

    const SymbolTable &m_table;
    std::unordered_map<SymbolId, bool> m_sensitive;
    std::unordered_set<std::string> m_dataclassPlaces;
};

} // namespace katlas
