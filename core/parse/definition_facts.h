// The facts of a class or function definition and of a lambda: names,
// lines, guards, decorators (and the calls applying them), bases and
// parameters; and the context their bodies are read in.
#pragma once

#include "parse/body_context.h"
#include "parse/syntax_node.h"

#include <string>
#include <vector>

namespace katlas {

// A decorator expression (`@name`, `@factory(args)`) as a fact.
Decorator decoratorOf(const SyntaxSource &source, TSNode expr);

// Adds the class `qual` that `classDef` defines in `ctx`; returns the
// context of its body.
BodyContext addClass(const SyntaxSource &source, TSNode classDef, const std::string &qual,
    std::vector<Decorator> decorators, const BodyContext &ctx, ModuleFacts &facts);
// Adds the function `qual` that `functionDef` defines in `ctx`; returns
// the context of its body (with self bound in a method).
BodyContext addFunction(const SyntaxSource &source, TSNode functionDef, const std::string &qual,
    std::vector<Decorator> decorators, const BodyContext &ctx, ModuleFacts &facts);
// A function's name, lines, guards and parameters, for a `def` or a lambda
// (named `qual`, lambda_names.h); its class, decorators and returns are the
// caller's to add.
FunctionFact functionFactOf(
    const SyntaxSource &source, TSNode definition, const std::string &qual, const BodyContext &ctx);

} // namespace katlas
