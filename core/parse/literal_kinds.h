// What the syntax alone says of a value, before any name is resolved: whether
// it is a literal, what kind of argument it makes (None, another literal,
// anything), the shape of a call's arguments (CallFact::args), and whether a
// value's text is worth keeping for guard evaluation (ValueFact::expr).
#pragma once

#include "parse/syntax_node.h"

#include <string>

namespace katlas {

bool isLiteral(TSNode n);
ArgKind argKindOf(TSNode n);
std::string argumentShape(const SyntaxSource &source, TSNode arguments);
bool keepsExpression(TSNode value);

// Is a call's argument worth keeping as text (ValueFact::argExprs): a
// literal, a boolean, comparison or conditional expression, or a call.
bool keepsArgument(TSNode value);

} // namespace katlas
