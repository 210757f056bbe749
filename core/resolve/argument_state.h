// State handed with an argument: an attribute a function sets on an object
// just before a call hands that object on (`batch.set_flag(False)` or
// `batch.flag = False`, then `self.attn(q, batch)`) is what the callee reads
// of it for that call. The call's shape names it (`|%3.flag=F`), and the
// copies it makes carry it down (argument_shape.h; docs/guard-evaluation.md,
// "State handed with an argument").
#pragma once

#include "parse/syntax_facts.h"
#include "resolve/symbol_table.h"
#include "resolve/value.h"

#include <functional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace katlas {

// Something a function does to an attribute of a name's object.
struct StateEffect {
    std::string object;               // the name (`batch`)
    std::string attr;                 // `flag`
    int line = 0;
    const GuardList *guards = nullptr; // the tests it is made under
    ArgKind kind = 'V';               // what it sets ('N', 'T', 'F', 'C'), 'V' when not known
};

// What a method called with arguments of `shape` assigns to its object's
// attributes under no test: `self.flag = flag` the kind the call passes,
// `self.flag = True` True, anything else an unknown.
std::vector<std::pair<std::string, ArgKind>> setterAssignments(const FunctionFact &method, const std::string &scope,
                                                               const std::vector<AssignmentFact> &assignments,
                                                               const std::string &shape);

// The state items a call hands on with the names it passes (`|#3:batch`,
// `batch=batch`): per attribute of such a name, the function's last effect
// above the call, where it is made on every way to the call (its tests are
// among the call's), sets a known kind, and no other of the function's
// `calls` hands the object on in between.
std::string handedStateItems(const CallFact &call, const std::vector<StateEffect> &effects, const std::vector<const CallFact *> &calls);

// The effects of each function, found once: its assignments to another
// object's attribute and its calls of that object's methods that set one.
class HandedStates
{
public:
    // The functions a call of a name's method (`batch.set_flag`) runs.
    using Methods = std::function<std::vector<const FunctionInfo *>(const CallFact &, const Scope &)>;

    HandedStates(const SymbolTable &table, Methods methods) : m_table(table), m_methods(std::move(methods)) {}

    // The items `call`, made in `scope`'s function among `calls`, hands on.
    std::string itemsFor(const CallFact &call, const Scope &scope, const std::vector<const CallFact *> &calls);

private:
    const std::vector<StateEffect> &effectsOf(const Scope &scope, const std::vector<const CallFact *> &calls);

    const SymbolTable &m_table;
    Methods m_methods;
    std::unordered_map<SymbolId, std::vector<StateEffect>> m_effects;
};

} // namespace katlas
