// Methods whose receiver is open: nothing names the class of the object they
// run on (a framework calls them, `Thread.start()` calling `run`, or they are
// an entry point), so it is their class or any subclass of it, and a call
// through `self` runs every override of the method it names. A call whose
// receiver is known to be of the method's own class gets a copy of its own
// (as one of a subclass does), so only the open receivers see the overrides.
// See docs/call-resolution.md.
#pragma once

#include "resolve/symbol_table.h"

#include <string_view>
#include <unordered_map>
#include <vector>

namespace katlas {

struct CallFact;

class OpenReceivers {
public:
    explicit OpenReceivers(const SymbolTable &table) : m_table(table) {}

    // The method a call `self.name(...)` of method `fn` names: `name`, or
    // empty for any other callee.
    static std::string_view selfMethod(const FunctionInfo &fn, std::string_view callee);

    // Whether some subclass of `function`'s class overrides a method that
    // `function` (with `calls` its call sites) calls through self.
    bool overriddenBelow(SymbolId function, const std::vector<const CallFact *> &calls);

private:
    const SymbolTable &m_table;
    std::unordered_map<SymbolId, bool> m_open;
};

} // namespace katlas
