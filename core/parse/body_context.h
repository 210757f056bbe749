// Where a statement of a Python file stands, as the fact extractor walks it:
// the function, class or module whose facts it adds, the guards around it
// and what the statements above it said of names.
#pragma once

#include "parse/syntax_facts.h"

#include <string>
#include <vector>

namespace katlas {

struct BodyContext {
    std::string scope; // enclosing function's scope (function_scopes.h), "" at module level
    std::string assignScope; // scope of assignments: function, class or module
    std::string classQual; // set directly inside a class body
    std::string selfName; // first parameter of the enclosing method
    std::string qualPrefix; // prefix of definitions made here
    int functionIndex = -1;
    std::string functionScope; // the scope of the function at functionIndex
    GuardList guards;
    std::vector<std::string> globals; // names a `global` statement made module-level here
    std::vector<Chain> notNone; // names an `assert` above said are not None
};

// The context of the body of the function just added to `facts` as `qual`,
// its facts in `scope` (function_scopes.h).
BodyContext functionBodyContext(const std::string &qual, const std::string &scope, const ModuleFacts &facts);

// The scope a call made here is credited to: the class whose body it is
// directly in (`class Menu: x = fg(3)` calls from `Menu`), else `ctx.scope`.
inline const std::string &callScope(const BodyContext &ctx)
{
    return ctx.classQual.empty() ? ctx.scope : ctx.classQual;
}

// The function whose own body `ctx` is (not a class body inside it), else null.
const FunctionFact *ownFunction(const BodyContext &ctx, const ModuleFacts &facts);
// The parameters of the function whose own body `ctx` is (none at module or class level).
std::vector<std::string> parameterNames(const BodyContext &ctx, const ModuleFacts &facts);

} // namespace katlas
