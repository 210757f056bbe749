// Dicts a function fills under known keys only and hands on whole as
// keywords:
//
//     fields = dict()
//     for key in ["a", "b"]:
//         fields[key] = getattr(batch, key)
//     fields["c"] = 1
//     fields.update(dict(d=None))
//     return Batch(**fields)          # passes a, b, c and d only
//
// A local bound once to an empty dict (`{}`, `dict()`) whose every use is a
// store under a string literal (or a loop variable over string literals),
// an update or setdefault with literal keys, a read, a membership test or a
// `**` splat: its keys are known, and a splat of it passes no other keyword.
// Any other use (handed to a call, aliased, returned, stored under a
// computed key) leaves the dict out.
#pragma once

#include "parse/syntax_node.h"

namespace katlas {

// Adds the closed dicts of the function whose body is `body`, in `scope`.
void addClosedDicts(const SyntaxSource &source, TSNode body, const std::string &scope, ModuleFacts &facts);

} // namespace katlas
