// Where each class is built: the assignments and returns whose value is a
// call of a name (`self.comm = LayerCommunicator(norm=self.norm)`), by the
// called name's last component. It lets a constructor's parameters take the
// values passed to it (context-insensitively, as call graphs of Python do).
#pragma once

#include "resolve/symbol_table.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace katlas {

struct Instantiation {
    int module = 0;
    SymbolId function = 0;  // where the call is (0: module level)
    const ValueFact *call = nullptr; // or, for a local assignment:
    int local = -1;                  // its index in the file's locals
};

// The chain a call passes for the parameter `p`: by keyword, else at
// `positional` (empty where it passes no chain there).
Chain argumentFor(const ValueFact &call, const Param &p, size_t positional);

class InstantiationIndex {
public:
    explicit InstantiationIndex(const SymbolTable &table);
    // Calls of a name whose last component is `name` with at least one argument.
    const std::vector<Instantiation> &callsOf(const std::string &name) const;
    // The names a module or class assignment gives what `name` names
    // (`x = handler`, `y = lambda: ...` as `<lambda1>`), and those the result
    // of a function handing it out is assigned to (`self.fn = Cls.get_fn()`
    // where get_fn returns `Cls._simple` or `partial(Cls._simple, ...)`):
    // its calls may use them.
    const std::vector<std::string> &aliasesOf(const std::string &name) const;
    // The calls of the locals a function gives what `name` names as it is
    // (`f = handler; f(x)`, `for fn in [a, b]: fn(x)`), made in that function.
    std::vector<Instantiation> localAliasCallsOf(const std::string &name) const;
    // The definitions (by their last name) decorated with what returns the
    // function `name` of module `module`: `@plain` where `plain` returns
    // `name`, `@recurse(...)` where `recurse` returns a function returning
    // it. Their calls run `name`, a wrapper, in their place.
    std::vector<std::string> decoratedWithWrapper(const std::string &name, int module) const;
    // The functions of module `module` (by their last name) returning what
    // `name` names there as it is (`def pick(): return handler`): a call of
    // their result (`pick()(x)`, filed as "pick()") may call it.
    std::vector<std::string> returnersOf(const std::string &name, int module) const;
    // Does a function of some module return what `name` names as it is
    // (`def get_impl_class(cfg): return FusedImpl`)? Calls of its result
    // then build the class by another name.
    bool returnedByAFunction(const std::string &name) const { return m_returners.count(name) != 0; }
    // The calls of the result of a function of any module returning what
    // `name` names as it is (`get_impl_class(cfg)(...)`, filed as
    // "get_impl_class()"); their callees are the caller's to check.
    std::vector<Instantiation> factoryCallsOf(const std::string &name) const;
    // Calls that hand on a name or attribute whose last component is
    // `name` as an argument (`apply(fn=handler)`, `run(self.handler)`).
    const std::vector<Instantiation> &passesOf(const std::string &name) const;
    // The call of an instantiation (a local's is read on first use).
    const ValueFact &call(const Instantiation &at) const;

private:
    void addReturnedAliases();

    const SymbolTable &m_table;
    std::unordered_map<std::string, std::vector<Instantiation>> m_byName;
    std::unordered_map<std::string, std::vector<std::string>> m_aliases;
    struct LocalAlias {
        int module = 0;
        SymbolId function = 0;
        std::string target;
    };
    std::unordered_map<std::string, std::vector<LocalAlias>> m_localAliases;
    std::unordered_map<std::string, std::vector<Instantiation>> m_passes;
    std::unordered_map<std::string, std::vector<std::pair<int, std::string>>> m_returners;
    // A decorator's last name (`plain`, `recurse()` for a call of it) ->
    // the last names of the definitions it decorates.
    std::unordered_map<std::string, std::vector<std::string>> m_decorated;
};

} // namespace katlas
