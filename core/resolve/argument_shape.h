// Calls specialised by their arguments: what a call's argument shape
// (CallFact::args) gives a function's parameters, whether a function tests
// its parameters for None or passes its `*args` on, and the variant a call
// makes of such a function. `self.q_a_layernorm(q)` reaches
// `RMSNorm.forward_cuda(x, residual=None)` with `residual` None, so its
// `residual is not None` branch cannot run there (see docs/guard-evaluation.md).
#pragma once

#include "parse/syntax_facts.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace katlas {

// The parameters whose kind a call of this shape fixes ('N' None, 'T'
// True, 'F' False, 'C' / 'S' a value that is not None, 'O' a caller's name
// declared not None, declared_not_none.h), by name, and the
// attributes of their objects the call hands set (`|%3.flag=F` or
// `|%batch.flag=F`, argument_state.h) as "batch.flag".
// `skipFirst`: the call is bound (self).
std::map<std::string, ArgKind> bindArguments(const FunctionFact &function, bool skipFirst, const std::string &shape);

// The names a call hands on as they are (slot, name): `|#3:batch` by
// position (slot "3"), `|batch==` by keyword (slot "batch").
std::vector<std::pair<std::string, std::string>> handedNames(const std::string &shape);

// The parameters a function's guards (of its calls and returns) read, the
// attributes of them they read ("batch.flag"), and those it hands down by
// name (`flag=flag`) or position; those whose None-ness matters (tested for
// None or truth, or handed down) also as kNoneTested + name.
inline const std::string kNoneTested = "?";
std::vector<std::string> testedParameters(const FunctionFact &function, const std::vector<const CallFact *> &calls);

// Does it hand its `*args` on (`self._forward_method(*args, **kwargs)`)?
bool forwardsArguments(const FunctionFact &function, const std::vector<const CallFact *> &calls);

// Does it hand its own `**kwargs` on in a call (`f(x, **kwargs)`, `|^**`)?
bool handsOnKwargs(const FunctionFact &function, const std::vector<const CallFact *> &calls);

// A call's shape without its splat of the caller's own `**kwargs`, for a
// copy of the caller that was given no keyword its parameters do not take
// (its variant ends in `|**0`): the splat hands on nothing.
std::string withoutEmptyKwargs(const std::string &shape);

// The shape a call passes on: its own, or for a call that forwards the
// caller's `*args`/`**kwargs`, what the caller got (`incoming`) less the
// caller's own positional parameters.
std::string forwardedShape(const std::string &callShape, const FunctionFact *caller, bool callerBound, const std::string *incoming);

// The parameters whose attributes a function calls (`layer.forward(...)`).
std::vector<std::string> receiverParameters(const FunctionFact &function, const std::vector<const CallFact *> &calls, bool skipFirst);

// The shape with each `name=name` keyword ('=') given the kind the caller's
// own parameter of that name is bound to in its copy (`caller`), else 'V':
// a flag handed down keeps its literal value. The state the copy knows such
// a parameter's object to carry goes with it (`|%3.flag=F`). A name handed
// on that the copy does not bind but `declared` lists is 'O'.
std::string withCallerNames(const std::string &shape, const std::map<std::string, ArgKind> &caller,
                            const std::vector<std::string> &declared = {});

// The shape a call of `args` has in the copy `variant` of its `caller`:
// what it forwards, its names handed on given what the copy binds (but for
// the parameters its body assigns again, `assignedAgain`; those not None at
// the call by their declaration, `declared`, are 'O'), and the copy's empty
// `**kwargs` handing on nothing.
std::string shapeInCopy(const std::string &args, const FunctionFact *caller, bool callerBound, const std::string *variant,
                        const std::vector<std::string> &assignedAgain, const std::vector<std::string> &declared = {});

// The variant of `function` a call of `shape` makes: the shape itself for a
// function that forwards it; for one that tests parameters, those it fixes
// as keywords (`|residual=N`); for a receiver parameter given the caller's
// `self`, the caller's class (`|layer=@42`: `self.quant_method.apply(self, x)`
// runs `layer.forward` of that class only), ending in `|**` where the call
// passes a splat (the others are not known there), and in `|**0` for one
// that hands its own `**kwargs` on where the call gives them nothing; empty
// when nothing is known.
std::string variantFor(const FunctionFact &function, bool skipFirst, const std::string &shape,
                       const std::vector<std::string> &tested, bool forwards,
                       const std::vector<std::string> &receivers = {}, std::int64_t callerSelf = 0,
                       bool kwargsHandedOn = false);

// The classes a variant binds its parameters to: ("layer", 42).
std::vector<std::pair<std::string, std::int64_t>> boundClasses(const std::string &variant);
// The functions a wrapper's copy binds its decorator's parameter to
// (`|fn=&42`): the definition it wraps (evaluator_decorators.cpp).
std::vector<std::pair<std::string, std::int64_t>> boundFunctions(const std::string &variant);

} // namespace katlas
