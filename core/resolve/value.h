// What an expression may evaluate to, as far as static resolution can tell,
// with the conditions under which it does.
#pragma once

#include "graph/call_graph.h"
#include "resolve/symbol_table.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace katlas {

struct Value;
// The elements of a container display, a generator's yields: each with its
// key (a dict display's literal key, `'a'` or `1`; "" where not known).
using Elements = std::vector<std::pair<std::string, Value>>;

struct Value {
    // Container: a list, tuple, set or dict display, or what a generator
    // yields (`elements`); with `callable`, its method `external` (`get`).
    enum class Kind { Module, Class, Instance, Function, External, Container };
    Kind kind = Kind::External;
    SymbolId id = 0;          // module, class or function symbol
    int module = -1;          // module index, for Module
    std::string external;     // dotted name outside the index, for External
    SymbolId selfClass = 0;   // Instance: its class; Function: the class it is bound to
    SymbolId superAfter = 0;  // Instance seen through super(): look up after this class
    bool declared = false;    // known from an annotation only: any subclass may be there
    bool callable = false;    // Instance: a callable returning it (`Callable[..., R]`), not the instance itself
    BuiltinType builtinType = BuiltinType::None; // Container: the display's type (its methods are the type's)
    Resolution how = Resolution::Exact;
    ConditionSet conditions;  // dimension conditions under which this value is taken
    std::shared_ptr<const Elements> elements; // Container
    // Function: a wrapper a decorator returned, for the definition it wraps:
    // the decorator's parameter `boundParam` holds the function `boundArg`.
    SymbolId boundArg = 0;
    std::string boundParam;

    // A field added here is compared by ValueEqual too (memo_pool.cpp).
    bool sameTarget(const Value &o) const
    {
        return kind == o.kind && id == o.id && module == o.module && external == o.external
            && selfClass == o.selfClass && superAfter == o.superAfter && declared == o.declared && callable == o.callable
            && builtinType == o.builtinType && elements == o.elements && boundArg == o.boundArg;
    }
};
using Values = std::vector<Value>;

// Where an expression is evaluated: a module, optionally a function in it,
// and the class `self` has there (0: the function's own class).
// What a call passed for one parameter, when known: an instance of `cls`
// (it decides `isinstance` guards in the callee) or, with `isClass`, the
// class itself (a class handed to a factory: `Linear=Fp8LinearMethod`) or,
// with `isFunction`, a function.
struct ArgBinding {
    std::string param;
    SymbolId cls = 0;
    bool isClass = false;
    bool isFunction = false; // `cls` is a function handed in (a decorated one, a callback)
};
using ArgTypes = std::vector<ArgBinding>;

struct Scope {
    int module = 0;
    SymbolId function = 0;
    SymbolId selfClass = 0;
    const ArgTypes *args = nullptr; // what the call being evaluated passed to `function`
    const std::string *variant = nullptr; // `function` specialised for calls of this shape (argument_shape.h)
    SymbolId classBody = 0; // evaluated in this class's body: its own methods and nested classes come before the module's names
};

// The less certain of two resolutions.
inline Resolution weaker(Resolution a, Resolution b) { return a > b ? a : b; }

} // namespace katlas
