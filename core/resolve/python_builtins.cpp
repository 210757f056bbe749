// Python's built-in names (see python_builtins.h), as `dir(builtins)` lists
// them in Python 3.11 without the constants and the interactive helpers'
// texts (copyright, credits, license).
#include "resolve/python_builtins.h"

#include <unordered_map>
#include <unordered_set>

namespace katlas {

bool isPythonBuiltin(const std::string &name)
{
    static const std::unordered_set<std::string> names = {
        "ArithmeticError", "AssertionError", "AttributeError", "BaseException", "BaseExceptionGroup",
        "BlockingIOError", "BrokenPipeError", "BufferError", "BytesWarning", "ChildProcessError",
        "ConnectionAbortedError", "ConnectionError", "ConnectionRefusedError", "ConnectionResetError",
        "DeprecationWarning", "EOFError", "EncodingWarning", "EnvironmentError", "Exception", "ExceptionGroup",
        "FileExistsError", "FileNotFoundError", "FloatingPointError", "FutureWarning", "GeneratorExit", "IOError",
        "ImportError", "ImportWarning", "IndentationError", "IndexError", "InterruptedError", "IsADirectoryError",
        "KeyError", "KeyboardInterrupt", "LookupError", "MemoryError", "ModuleNotFoundError", "NameError",
        "NotADirectoryError", "NotImplementedError", "OSError", "OverflowError", "PendingDeprecationWarning",
        "PermissionError", "ProcessLookupError", "RecursionError", "ReferenceError", "ResourceWarning",
        "RuntimeError", "RuntimeWarning", "StopAsyncIteration", "StopIteration", "SyntaxError", "SyntaxWarning",
        "SystemError", "SystemExit", "TabError", "TimeoutError", "TypeError", "UnboundLocalError",
        "UnicodeDecodeError", "UnicodeEncodeError", "UnicodeError", "UnicodeTranslateError", "UnicodeWarning",
        "UserWarning", "ValueError", "Warning", "ZeroDivisionError", "abs", "aiter", "all", "anext", "any", "ascii",
        "bin", "bool", "breakpoint", "bytearray", "bytes", "callable", "chr", "classmethod", "compile", "complex",
        "delattr", "dict", "dir", "divmod", "enumerate", "eval", "exec", "exit", "filter", "float", "format",
        "frozenset", "getattr", "globals", "hasattr", "hash", "help", "hex", "id", "input", "int", "isinstance",
        "issubclass", "iter", "len", "list", "locals", "map", "max", "memoryview", "min", "next", "object", "oct",
        "open", "ord", "pow", "print", "property", "quit", "range", "repr", "reversed", "round", "set", "setattr",
        "slice", "sorted", "staticmethod", "str", "sum", "super", "tuple", "type", "vars", "zip"};
    return names.count(name) > 0;
}

namespace {

bool isDunder(std::string_view name)
{
    return name.size() > 4 && name.starts_with("__") && name.ends_with("__");
}

} // namespace

bool isBuiltinTypeMethod(BuiltinType type, std::string_view name)
{
    if (isDunder(name))
        return true;
    static const std::unordered_set<std::string_view> list = {"append", "clear", "copy", "count", "extend", "index",
                                                              "insert", "pop", "remove", "reverse", "sort"};
    static const std::unordered_set<std::string_view> tuple = {"count", "index"};
    static const std::unordered_set<std::string_view> set = {
        "add", "clear", "copy", "difference", "difference_update", "discard", "intersection", "intersection_update",
        "isdisjoint", "issubset", "issuperset", "pop", "remove", "symmetric_difference",
        "symmetric_difference_update", "union", "update"};
    static const std::unordered_set<std::string_view> dict = {"clear", "copy", "fromkeys", "get", "items", "keys",
                                                              "pop", "popitem", "setdefault", "update", "values"};
    static const std::unordered_set<std::string_view> str = {
        "capitalize", "casefold", "center", "count", "encode", "endswith", "expandtabs", "find", "format",
        "format_map", "index", "isalnum", "isalpha", "isascii", "isdecimal", "isdigit", "isidentifier", "islower",
        "isnumeric", "isprintable", "isspace", "istitle", "isupper", "join", "ljust", "lower", "lstrip",
        "maketrans", "partition", "removeprefix", "removesuffix", "replace", "rfind", "rindex", "rjust",
        "rpartition", "rsplit", "rstrip", "split", "splitlines", "startswith", "strip", "swapcase", "title",
        "translate", "upper", "zfill"};
    const auto in = [&](const auto &names) { return names.count(name) > 0; };
    switch (type) {
    case BuiltinType::List: return in(list);
    case BuiltinType::Tuple: return in(tuple);
    case BuiltinType::Set: return in(set);
    case BuiltinType::Dict: return in(dict);
    case BuiltinType::Str: return in(str);
    case BuiltinType::None: break;
    }
    return true; // a container of no known type may have it
}

bool isBuiltinClassAttribute(std::string_view base, std::string_view name)
{
    if (isDunder(name))
        return true;
    static const std::unordered_map<std::string_view, BuiltinType> containers = {
        {"list", BuiltinType::List}, {"tuple", BuiltinType::Tuple}, {"set", BuiltinType::Set},
        {"dict", BuiltinType::Dict}, {"str", BuiltinType::Str}};
    if (const auto it = containers.find(base); it != containers.end())
        return isBuiltinTypeMethod(it->second, name);
    if (base == "object")
        return false;
    const bool exception = base.ends_with("Error") || base.ends_with("Exception") || base.ends_with("Warning")
        || base == "SystemExit" || base == "KeyboardInterrupt" || base == "GeneratorExit" || base == "StopIteration"
        || base == "StopAsyncIteration" || base == "BaseExceptionGroup" || base == "ExceptionGroup";
    if (!exception || !isPythonBuiltin(std::string(base)))
        return true;
    static const std::unordered_set<std::string_view> exceptionAttributes = {
        "args", "with_traceback", "add_note",
        // the fields some kinds carry
        "errno", "strerror", "filename", "filename2", "winerror", "characters_written", "msg", "lineno", "offset",
        "text", "end_lineno", "end_offset", "print_file_and_line", "encoding", "reason", "object", "start", "end",
        "value", "code", "name", "path", "obj", "exceptions", "message", "subgroup", "split", "derive"};
    return exceptionAttributes.count(name) > 0;
}

bool builtinLacks(std::string_view external, std::string_view name)
{
    constexpr std::string_view builtin = "<builtin>.";
    return external.starts_with(builtin) && external.find('.', builtin.size()) == std::string_view::npos
        && !isBuiltinClassAttribute(external.substr(builtin.size()), name);
}

bool builtinNeverReturnsNone(std::string_view external)
{
    // Not `getattr`, `next`, `min`, `max` or `vars`-like readers: they may
    // hand back a None they were given.
    static const std::unordered_set<std::string_view> kNeverNone = {
        "abs", "all", "any", "bin", "bool", "bytearray", "bytes", "callable", "chr", "complex", "dict", "dir",
        "divmod", "enumerate", "filter", "float", "format", "frozenset", "hasattr", "hash", "hex", "id", "int",
        "isinstance", "issubclass", "iter", "len", "list", "map", "object", "oct", "ord", "range", "repr",
        "reversed", "round", "set", "slice", "sorted", "str", "sum", "tuple", "type", "zip"};
    constexpr std::string_view builtin = "<builtin>.";
    return external.starts_with(builtin) && kNeverNone.count(external.substr(builtin.size()));
}

} // namespace katlas
