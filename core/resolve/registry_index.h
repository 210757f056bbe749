// Registries that select a configuration: decorator registries
// (`@register_backend("x")` on factories) and dict registries
// (`METHODS = {"fp8": Fp8Config}`), as declared in the profile. Each
// registered class and factory gets the registry key as a condition.
#pragma once

#include "graph/call_graph.h"
#include "profile/profile.h"
#include "resolve/symbol_table.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace katlas {

class Evaluator;

class RegistryIndex {
public:
    // Finds the registry decorators of functions (no evaluation needed).
    RegistryIndex(const Profile &profile, const SymbolTable &table);
    // Evaluates factories' returns and dict values to find the registered classes.
    void collectClasses(Evaluator &evaluator);

    const ConditionSet *forFunction(SymbolId fn) const;
    // What a decorator registry's lookup (profile `lookup`, by the called
    // function's name) may return: each registered function with the
    // decorator's literal keys, in order; nullptr for no lookup.
    struct Registered {
        SymbolId function = 0;
        std::vector<std::string> keys;
    };
    const std::vector<Registered> *lookup(const std::string &functionName) const;
    const ConditionSet *forClass(SymbolId cls) const;
    bool dimensionHasClasses(const std::string &dimension) const;
    // The registry dimensions any class of this hierarchy (`classes`) is registered under.
    bool anyRegistered(const std::vector<SymbolId> &classes) const;

private:
    void add(std::unordered_map<SymbolId, ConditionSet> &map, SymbolId id, const std::string &dimension,
             const std::string &key, const std::string &registry);

    const Profile &m_profile;
    const SymbolTable &m_table;
    std::unordered_map<SymbolId, ConditionSet> m_functions;
    std::unordered_map<SymbolId, ConditionSet> m_classes;
    std::unordered_map<std::string, std::vector<Registered>> m_lookups;
};

} // namespace katlas
