// A call's argument shape as one copy of its caller makes it
// (argument_shape.h): what the copy binds handed on, the names declared not
// None there (declared_not_none.h) and the state handed with an argument
// (argument_state.h).
#pragma once

#include "resolve/argument_state.h"
#include "resolve/declared_not_none.h"

#include <string>
#include <vector>

namespace katlas {

class CallShapes
{
public:
    CallShapes(const SymbolTable &table, Evaluator &evaluator, std::vector<std::string> notNoneResults, HandedStates::Methods methods)
        : m_table(table), m_declared(table, evaluator, std::move(notNoneResults)), m_handed(table, std::move(methods))
    {
    }

    // The shape of `call`, made in `scope` (a function's copy, or module
    // level) among the function's `calls`.
    std::string of(const CallFact &call, const Scope &scope, const std::vector<const CallFact *> &calls);

private:
    const SymbolTable &m_table;
    DeclaredNotNone m_declared;
    HandedStates m_handed;
};

} // namespace katlas
