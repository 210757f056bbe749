// Attribute reads that run code: reading `obj.host` where `host` is a
// `@property` (or `functools.cached_property`) runs its getter
// (docs/call-resolution.md, "a property read runs its getter"). The names a
// module defines so are collected first; the expression walk then keeps each
// read of one of them as a possible call (kPropertyRead), an edge only where
// the read reaches a property of the index.
#pragma once

#include "parse/syntax_node.h"

#include <set>
#include <string>

namespace katlas {

// The names of the module's functions decorated as properties, in class
// bodies at any depth of statements (not inside function bodies).
std::set<std::string, std::less<>> propertyNames(const SyntaxSource &source, TSNode root);

// The chain `attribute` reads when its name is one of `names` (`self.host`),
// else empty.
Chain propertyRead(const SyntaxSource &source, TSNode attribute, const std::set<std::string, std::less<>> &names);

} // namespace katlas
