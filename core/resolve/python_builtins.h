// The names Python's `builtins` module defines (functions, types and
// exceptions of Python 3.11): a name no scope binds that is one of them is
// the built-in, `<builtin>.NAME`.
#pragma once

#include "parse/syntax_facts.h"

#include <string>
#include <string_view>

namespace katlas {

bool isPythonBuiltin(const std::string &name);

// Is `name` a method of the built-in `type` (Python 3.11: `list.append`,
// `dict.get`, `str.join`, any dunder)? A display has no other attribute:
// `[].get_ns()` raises, it calls nothing.
bool isBuiltinTypeMethod(BuiltinType type, std::string_view name);

// May a class deriving from the built-in class `base` (`RuntimeError`,
// `object`, `dict`) have `name` from it? Only what the built-in has: an
// exception's `args`, `with_traceback`, `add_note` and the fields of its own
// kind (`errno`, `lineno`), a container's methods, dunders. True for a base
// not listed here.
bool isBuiltinClassAttribute(std::string_view base, std::string_view name);

// Is `external` a built-in class (`<builtin>.str`, `<builtin>.RuntimeError`)
// that has no attribute `name`? Reading it raises: it stands for nothing.
bool builtinLacks(std::string_view external, std::string_view name);

// Does calling the built-in `external` (`<builtin>.len`) never give None?
bool builtinNeverReturnsNone(std::string_view external);

} // namespace katlas
