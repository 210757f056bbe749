// What the syntax alone says of a value, before any name is resolved: whether
// it is a literal, what kind of argument it makes (None, another literal,
// anything), the shape of a call's arguments (CallFact::args), and whether a
// value's text is worth keeping for guard evaluation (ValueFact::expr).
#pragma once

#include "parse/syntax_node.h"

#include <string>
#include <vector>

namespace katlas {

bool isLiteral(TSNode n);
ArgKind argKindOf(TSNode n);
// `handedDown`: the caller's parameter names; a positional argument that is
// one of them is noted as `|#<index>:<name>` after the keywords (argument_shape.h).
// `ownKwargs`: the caller's `**kwargs` parameter; a `**` splat of it is
// noted as `|^**` after the keywords: it hands on what the caller was given.
std::string argumentShape(const SyntaxSource &source, TSNode arguments, const std::vector<std::string> &handedDown = {},
                          const std::string &ownKwargs = {});
bool keepsExpression(TSNode value);

// Is a call's argument worth keeping as text (ValueFact::argExprs): a
// literal, a boolean, comparison or conditional expression, or a call.
bool keepsArgument(TSNode value);

} // namespace katlas
