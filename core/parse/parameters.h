// A function definition's parameters as facts: names, annotations, the kind
// of their defaults, which are keyword-only, and the names of `*args` and
// `**kwargs`.
#pragma once

#include "parse/syntax_node.h"

namespace katlas {

void collectParameters(const SyntaxSource &source, TSNode params, FunctionFact &fn);

} // namespace katlas
