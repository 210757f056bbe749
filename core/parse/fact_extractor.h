// Walks one tree-sitter syntax tree and collects its ModuleFacts: classes,
// functions, imports, assignments, dict registries and call sites with the
// guards that enclose them. Pure syntax: no name is resolved here.
#pragma once

#include "parse/syntax_facts.h"

#include <optional>
#include <string>
#include <string_view>

namespace katlas {

class PythonParser;

// Parses `source` with `parser` and fills the syntax parts of `facts`
// (repo, path, module and hash are the caller's). Syntax errors become
// diagnostics; the file is still read as far as it parses.
void extractFacts(PythonParser &parser, std::string_view source, ModuleFacts &facts);
// Sets FunctionFact::callsOnSelf from the file's calls (extractFacts does).
void markCallsOnSelf(ModuleFacts &facts);
// Fills ModuleFacts::localCalls and localAliases from its locals (extractFacts does).
void summariseLocalCalls(ModuleFacts &facts);
// The last component of the name a value calls (`pkg.Layer(x)`, `Layer()`
// -> "Layer"); for a call of what a named call returns (`register("x")(fn)`,
// a decorator factory applied) that name and "()": "register()"; for a
// call of a container's element (`BACKENDS[name](self)`) "BACKENDS[]";
// nullopt for other values.
std::optional<std::string> instantiatedName(const ValueFact &v);
// The last names of a call's arguments that are names or attributes.
std::vector<std::string> passedNames(const ValueFact &call);

} // namespace katlas
