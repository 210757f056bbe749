// Names a call hands on that are not None where it is made, by what the
// code declares: the caller's parameter annotated with a type that holds no
// None (`residual: torch.Tensor`), which the caller never tests for None
// and, where it assigns the name again, only to such values (another such
// parameter, a display, a call of a class or of a function whose return
// annotation holds no None, or a method of such a parameter declared with a
// class the profile says gives no None, `residual.tensor_split(n)[i]`). The call passes them as 'O' (argument_shape.h),
// so that a callee's `residual is not None` holds there (see
// docs/guard-evaluation.md, "Declared not None").
#pragma once

#include "parse/syntax_facts.h"
#include "resolve/symbol_table.h"
#include "resolve/value.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace katlas {

class Evaluator;

// Does a guard text test `name` for None (`name is None`, `name is not
// None`, `name == None`) or for truth (`name`, `not name`)?
bool testsForNone(const std::string &text, const std::string &name);

class DeclaredNotNone
{
public:
    // `notNoneResults`: classes outside the index whose methods give no None
    // (the profile's `not_none_results`).
    DeclaredNotNone(const SymbolTable &table, Evaluator &evaluator, std::vector<std::string> notNoneResults = {})
        : m_table(table), m_evaluator(evaluator), m_notNoneResults(std::move(notNoneResults))
    {
    }

    // The names of `fn`'s parameters `call` (made in `scope`, among `fn`'s
    // `calls`) hands on that are not None there.
    std::vector<std::string> at(const CallFact &call, const FunctionInfo &fn, const Scope &scope,
                                const std::vector<const CallFact *> &calls);

private:
    // Declared not None, never tested for None in `fn`: assignments aside
    // (kept per function and name; declaredIn finds it).
    bool declared(const FunctionInfo &fn, const std::string &name, const std::vector<const CallFact *> &calls) const;
    bool declaredIn(const FunctionInfo &fn, const std::string &name, const std::vector<const CallFact *> &calls) const;
    // Is a value assigned to the name not None?
    bool notNone(const ValueFact &value, const FunctionInfo &fn, const Scope &scope, const std::vector<const CallFact *> &calls);

    // Is `chain` a method call (then perhaps more calls and items) of a
    // parameter of `fn` declared with one of the classes in m_notNoneResults?
    bool ofDeclaredClass(const Chain &chain, const FunctionInfo &fn) const;

    const SymbolTable &m_table;
    Evaluator &m_evaluator;
    std::vector<std::string> m_notNoneResults;
    // `declared` per function and name: every call handing the name on asks.
    mutable std::map<std::pair<SymbolId, std::string>, bool> m_declared;
};

} // namespace katlas
