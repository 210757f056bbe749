// Syntax facts: what one Python file says, as plain data, before any name is
// resolved. Produced by FactExtractor, serialised into the index so that an
// unchanged file is never parsed twice, consumed by the resolver.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace katlas {

// The test of an enclosing if/elif/else, conditional expression or early
// return, as normalised source text, with its polarity.
struct Guard {
    std::string text;
    bool negated = false;
    bool operator==(const Guard &) const = default;
};
using GuardList = std::vector<Guard>;
// The guard of what an `except` clause runs: the try block raised (`the try
// block raises ImportError`), which only the running program decides.
inline constexpr const char *kRaisedGuardPrefix = "the try block raises ";

// Expressions the resolver follows are kept as "chains": a head name followed
// by attribute accesses, calls and subscripts, with arguments dropped:
//   self.quant_method.apply    get_moe_impl_class()()    kernel[]    super().forward
// Anything else (literals, operators, lambdas) is the empty chain.
using Chain = std::string;

struct Decorator {
    Chain chain;            // "triton.jit", "register_backend()"
    std::string firstArg;   // first string-literal argument, e.g. the registry key
    std::vector<std::string> keys; // every positional argument's string literal ("" for another value)
    bool operator==(const Decorator &) const = default;
};

// What an argument or a parameter's default is, as far as `is None` tests
// care: 'N' the literal None, 'C' another literal (never None), 'V' anything
// else; 0 for a parameter without a default.
using ArgKind = char;

struct Param {
    std::string name;
    std::string annotation; // source text, e.g. "Optional[QuantizationConfig]"
    ArgKind defaultKind = 0;
    bool keywordOnly = false; // after `*` or `*args`
    Chain defaultChain;       // a default that is a name or attribute (`fn=handler`): what the parameter holds unless given
    std::string defaultLiteral; // a default that is a string or number literal, as written (`"silu"`, `128`)
    bool operator==(const Param &) const = default;
};

// The built-in type a display or a literal builds (`{...}` a dict, `"x"` a
// str), so that its methods are the type's (`d.items()` calls `dict.items`).
enum class BuiltinType : std::uint8_t { None, List, Tuple, Set, Dict, Str };
// "list", "tuple", "set", "dict", "str"; nullptr for None.
const char *builtinTypeName(BuiltinType type);

// The key of `ValueFact::argExprs` marking a call some of whose arguments
// were passed but not kept (past the bounds): alone where a positional one
// was cut (it may be any parameter), followed by the keyword's name where a
// keyword was (`+scoring_func`). No default is read for a parameter such an
// argument may be.
inline constexpr const char *kArgumentsCut = "+";

// A value an assignment or a return produces. `chain` is the top-level
// expression; `inner` lists call chains nested inside it (list
// comprehensions, lambdas, container constructors), so that
// `nn.ModuleList([Layer(...) for ...])` still says it holds Layers.
inline constexpr char kKeyPathSeparator = '/';

struct ValueFact {
    Chain chain;
    std::vector<Chain> inner;
    std::vector<Chain> args; // positional arguments of a top-level call ("" where not a chain)
    // Keyword arguments of a top-level call whose value is a plain name
    // (`Linear=Fp8LinearMethod`): classes passed to a factory flow into it.
    std::vector<std::pair<std::string, Chain>> keywordArgs;
    // Arguments of a top-level call that are expressions a guard may need
    // (`q_lora_rank=(config.q_lora_rank if hasattr(config, "q_lora_rank") else None)`,
    // `use_fast=True`): keyword name, or "#i" for the i-th positional, and
    // source text; "*" (no text) where a splat passes what is not known,
    // kArgumentsCut (and the keyword's name) where arguments past the bounds
    // were not kept.
    std::vector<std::pair<std::string, std::string>> argExprs;
    // The value's source text, kept where a guard may need its truth: a
    // literal, a boolean or comparison expression, or a call with a literal
    // argument (`get_bool_env_var("X", "false")`); empty otherwise.
    std::string expr;
    bool unpacked = false; // one target of `a, b = value`: holds a part of it
    int line = 0;
    GuardList guards;
    // A container display's elements, or a comprehension's: the key (a dict
    // display's literal key as a chain writes it, `'a'` or `1`; "" for
    // others) and the element's chain (`{"a": f}` -> ('a', "f")).
    // A nested display's elements are keyed by the path of keys to them,
    // joined by kKeyPathSeparator (`{'a': {'b': f}}` -> ("'a'/'b'", "f")).
    std::vector<std::pair<std::string, Chain>> elements;
    bool display = false; // a list, tuple, set or dict display or comprehension
    BuiltinType builtinType = BuiltinType::None; // a display's or a str literal's type
    // A decorator applied where a definition stands: its argument names the
    // definition itself, not what the decorators make of its name.
    bool decorates = false;
    bool notNone = false; // read where an `assert` above says the chain is not None
    int part = -1;        // unpacked: which element (`b` in `a, b = value` is 1), -1 when not known
    bool operator==(const ValueFact &) const = default;
};

struct FunctionFact {
    std::string qualName;   // within the module: "fn", "Cls.method", "outer.inner"
    std::string className;  // enclosing class qualName for methods, else empty
    int line = 0;
    int endLine = 0;
    std::vector<Decorator> decorators;
    std::vector<Param> params;
    std::vector<ValueFact> returns;
    // What a generator yields (`yield f`; `yield from xs` as `xs[]`): a call
    // of it gives them as a container's elements.
    std::vector<ValueFact> yields;
    // A method that calls through its `self` parameter (self.x(), self(),
    // super()...): inherited, it is specialised per receiver class.
    bool callsOnSelf = false;
    // No `return <value>`, no `yield` and no `raise` at the top of its body:
    // a call of it gives None (a stub that always raises gives nothing).
    bool returnsNothing = false;
    // Its return annotation declares a value that is never None
    // (`-> torch.Tensor`; parse/declared_types.h).
    bool returnsNotNone = false;
    // A method's first call of a base's `__init__` (`super().__init__(...)`),
    // 0 when none: what it assigns after that replaces the bases' values.
    int superInitLine = 0;
    std::string varargs;    // the `*args` parameter's name, if any
    std::string kwargs;     // the `**kwargs` parameter's name, if any
    // The tests of the if/elif/else blocks the definition is in, within the
    // scope it binds its name in: `if _is_hip: def f(...)` exists on HIP only.
    GuardList guards;
    bool operator==(const FunctionFact &) const = default;
};

struct ClassFact {
    std::string qualName;
    int line = 0;
    int endLine = 0;
    std::vector<Chain> bases;
    std::vector<Decorator> decorators;
    GuardList guards; // as FunctionFact::guards
    bool operator==(const ClassFact &) const = default;
};

// `import a.b as c`        -> module "a.b", name "",  alias "c"
// `from ..x import y as z` -> level 2, module "x", name "y", alias "z"
// `from m import *`        -> module "m", name "*"
struct ImportFact {
    std::string module;
    std::string name;
    std::string alias;
    int level = 0;
    int line = 0;
    std::string scope;      // enclosing function qualName, empty at module level
    GuardList guards;
    bool operator==(const ImportFact &) const = default;
};

// `x = v`, `self.attr = v`, `for x in v`, class attributes. `scope` is the
// enclosing function or class qualName (empty at module level).
// The target of an assignment to an attribute of another object than self
// (`self_attn.use_deep_gemm_bmm = True` is `*.use_deep_gemm_bmm`), or of a
// store into its container (`Registry._handlers[k] = f` is `*._handlers[]`).
inline constexpr const char *kForeignTarget = "*.";

struct AssignmentFact {
    std::string scope;
    std::string target;     // "x" or "self.attr"
    ValueFact value;
    std::string annotation; // `x: T = v` or `x: T`: the annotation's source text
    std::string globalIn;   // a module binding made in this function (`global x`)
    Chain object;           // `obj.attr = v` on another object than self: obj's chain
    bool operator==(const AssignmentFact &) const = default;
};

// A local assignment whose value calls a name with arguments
// (`comm = LayerCommunicator(norm=n)` in a function): where classes may be
// built, known without the locals themselves (see ModuleFacts::locals).
struct LocalCallFact {
    std::string name;   // last component of the called name
    int function = 0;   // the function it is in: index in ModuleFacts::functions, -1 at module level
    int index = 0;      // in ModuleFacts::locals
    // The last names of the arguments that are names or attributes
    // (`apply(self.norm, fn=handler)` -> "norm", "handler"): where a
    // function is handed on, known without the locals themselves.
    std::vector<std::string> passed;
    std::string target; // the local assigned (`handler = Registry.get(name)` -> "handler")
    // The container whose element the call reads by key (`cls._fns.get(key)`
    // -> "_fns[]"), else empty: a function returning the local hands it out.
    std::string reads;
    bool operator==(const LocalCallFact &) const = default;
};

// A local given another name as it is (`f = group_alias`, `for func in
// [group_where, group_order]`, `func = self._process_default`): a call of
// the local in its function may call what the name names.
struct LocalAliasFact {
    std::string name;   // last component of the name given
    int function = 0;   // the function it is in: index in ModuleFacts::functions
    std::string target; // the local
    bool operator==(const LocalAliasFact &) const = default;
};

// `NAME = {"key": Value, ...}` at module level: a candidate dict registry.
struct DictEntryFact {
    std::string dictName;
    std::string key;
    Chain value;
    int line = 0;
    bool operator==(const DictEntryFact &) const = default;
};

// A dict a function fills under known keys only and hands on whole as
// keywords (`d = dict(); d["a"] = x; return Cls(**d)`): see closed_dicts.h.
struct ClosedDictFact {
    std::string scope;             // the function's scope
    std::string name;              // the local
    std::vector<std::string> keys; // every key it may hold, sorted
    bool operator==(const ClosedDictFact &) const = default;
};

// The shape of a call a higher-order built-in makes of a value handed to it
// (`map(f, xs)` calls f): it may not be a function at all, and then is no call.
inline constexpr const char *kMaybeCalled = "?";
// The shape of a read of an attribute a module defines as a property
// (`obj.host` runs `host`'s getter): a call only where it reaches a property.
inline constexpr const char *kPropertyRead = "@";

struct CallFact {
    std::string scope;      // enclosing function qualName, empty at module level
    Chain callee;           // "self.q_b_proj", "kernel[]", "torch.ops.ns.op.default"
    int line = 0;
    GuardList guards;
    // The arguments' shape: an ArgKind per positional argument ('N' None,
    // 'T' True, 'F' False, 'C' another literal or display, 'S' the caller's
    // `self`, 'V' anything else, '*' for `*xs`), then `|name=K` per keyword
    // ('=' for `name=name`, the caller's own name; `|**` for `**kw`):
    // "VN|bias=C|flag==".
    std::string args;
    bool operator==(const CallFact &) const = default;
};

struct Diagnostic {
    int line = 0;
    std::string message;
    bool operator==(const Diagnostic &) const = default;
};

struct ModuleFacts {
    std::string repo;       // the repository's name, e.g. "sglang"
    std::string path;       // relative to the repository root
    std::string module;     // dotted module name, e.g. "pkg.layers.norm"
    bool isPackage = false; // an __init__.py
    std::string hash;       // content hash of the file
    int lineCount = 0;
    std::int64_t size = 0;
    std::vector<std::string> allNames; // __all__, when it is a literal list
    std::vector<ClassFact> classes;
    std::vector<FunctionFact> functions;
    std::vector<ImportFact> imports;
    // Module, class and `self.<attr>` assignments. An element stored into a
    // container (`d["k"] = f`, `xs.append(f)`) is assigned to `d[]`.
    std::vector<AssignmentFact> assignments;
    // Assignments to plain names inside functions: only evaluating in their
    // function reads them, so an incremental re-index loads them on demand.
    std::vector<AssignmentFact> locals;
    std::vector<LocalCallFact> localCalls;
    std::vector<LocalAliasFact> localAliases;
    std::vector<DictEntryFact> dictEntries;
    std::vector<ClosedDictFact> closedDicts;
    // Attribute names set by name, as string literals: `setattr(obj, "x", v)`,
    // `register_parameter("x", p)`, `register_buffer`, `add_module`,
    // `register_module`.
    std::vector<std::string> namedAttributes;
    std::vector<CallFact> calls;
    std::vector<Diagnostic> diagnostics;
    bool operator==(const ModuleFacts &) const = default;
};

} // namespace katlas
