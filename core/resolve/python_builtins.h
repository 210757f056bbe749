// The names Python's `builtins` module defines (functions, types and
// exceptions of Python 3.11): a name no scope binds that is one of them is
// the built-in, `<builtin>.NAME`.
#pragma once

#include <string>

namespace katlas {

bool isPythonBuiltin(const std::string &name);

} // namespace katlas
