// Works out what a guard no profile rule maps stands for, by following its
// names to the values they are given: literals, other flags, settings with
// their defaults (server arguments, environment variables), the returns of
// the functions it calls, and the guards the profile maps. `self.use_marlin`,
// `_use_aiter and x`, `is_batch_invariant_mode_enabled()` or
// `get_global_server_args().enable_deterministic_inference` become
// conditions on dimensions and settings, or are found never to hold.
// See docs/guard-evaluation.md.
#pragma once

#include "parse/guard_expression.h"
#include "profile/profile.h"
#include "resolve/condition_mapper.h"
#include "resolve/cycle_memo.h"
#include "resolve/evaluator.h"
#include "resolve/instantiation_index.h"
#include "resolve/memo_pool.h"
#include "resolve/name_only_candidates.h"
#include "resolve/registry_index.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace katlas {

// The dimension of a guard's condition when the guard never holds: no value allowed.
inline constexpr const char *kUnreachable = "unreachable";

class GuardEvaluator {
public:
    GuardEvaluator(const SymbolTable &table, Evaluator &evaluator, ConditionMapper &mapper, const Profile &profile);

    struct Decision {
        bool never = false;       // the guard cannot hold (in any configuration)
        ConditionSet conditions;  // conditions the guard needs
        bool keepText = false;    // they are necessary, not sufficient: the text stays too
        std::vector<ConditionSet> ways; // with the text: each way it may hold (graph/condition_ways.h)
    };
    // nullopt when nothing more is known than the guard's text.
    std::optional<Decision> decide(const Guard &guard, const Scope &scope);
    // decide() for guards[index] of what stands at `line` (a call, a value):
    // a guard on `self.x` reads the assignments reaching it there.
    std::optional<Decision> decideAt(const GuardList &guards, size_t index, const Scope &scope, int line);
    // Is `text` the test of a local flag of `function` (`x`, `not x`, `x is
    // None`) assigned more than once, once at least under a test?
    bool readsReassignedLocal(const std::string &text, SymbolId function) const;
    // Every guard of a call site mapped: profile rules first, then decide().
    // `line`: of the call they guard, so a guard on `self.x` reads the
    // assignments that reach it there (guard_reaching.cpp).
    ConditionSet conditionsOf(const GuardList &guards, const Scope &scope, int line = 0);

    // What `function` returns for a derived dimension (see DerivedRule): each
    // value the rule's pattern names, "*" where a return is not known, with
    // the conditions under which it is returned.
    std::vector<std::pair<std::string, ConditionSet>> derivedReturns(SymbolId function, const DerivedRule &rule);

    // Where the calls of a module come from, and which modules may call a
    // name (by the callee's last component), when the table's facts came
    // without their calls (an incremental build); by default every module's
    // own calls are searched.
    using CallsOf = std::function<const std::vector<CallFact> &(int module)>;
    using ModulesCalling = std::function<std::vector<int>(const std::string &name)>;
    void setCallSource(CallsOf callsOf, ModulesCalling modulesCalling)
    {
        m_callsOf = std::move(callsOf);
        m_modulesCalling = std::move(modulesCalling);
    }

    // Drops what only speeds evaluation up (memos, parsed guards, call lists).
    void releaseMemos();

    // Imports whose value was followed back to themselves (`from .b import x`
    // in a, `from .a import x` in b): (module index, import), each once.
    // Their value is unknown; the index records each as a diagnostic.
    const std::vector<std::pair<int, const ImportFact *>> &importCycles() const { return m_importCycles; }
    // A diagnostic at each of them: their value was taken as unknown (guard_imports.cpp).
    std::vector<FileDiagnostic> importCycleDiagnostics() const;

    // The settings met so far with their defaults: "server.x" -> "false".
    const std::map<std::string, std::string> &settingDefaults() const { return m_defaults; }
    // The flags the settings class sets itself (selfSetFlag): the setting,
    // the value assigned and where (keyDimension empty), for the effective
    // filter (guard_setting_rows.cpp).
    std::vector<DerivedValue> settingRows();

    // One way an expression may come out.
    struct Abstract {
        // Config: the model's configuration (SettingsRule::Kind::Config),
        // whose attributes are settings.
        // Tuple: of whole numbers, in `text` as "9,0".
        enum class Kind { Unknown, None, Bool, Number, String, Object, Setting, NotNone, Config, Tuple };
        Kind kind = Kind::Unknown;
        bool truth = false;      // Bool
        // Number / String / Tuple: the literal; Setting: its dimension; Config:
        // the prefix; Object: the class it was built from (its symbol id), when known
        std::string text;
        std::string fallback;    // Setting: its default value, empty when it has none
        std::string readFrom;    // "self.x" when this is the value of that attribute as read above (markSameAs)
        bool operator==(const Abstract &) const = default;
    };
    struct Outcome {
        Abstract value;
        ConditionSet conditions;
        bool operator==(const Outcome &) const = default;
    };
    using Outcomes = std::vector<Outcome>;
    // Memoised outcomes kept compact (memo_pool.h): an outcome is two
    // pointers, to its value and its conditions, each kept once.
    class OutcomeStore {
    public:
        using Packed = std::vector<std::pair<const Abstract *, const ConditionSet *>>;
        Packed pack(const Outcomes &outcomes);
        static Outcomes unpack(const Packed &packed);
        // A decision kept likewise: its condition sets pooled.
        struct PackedDecision {
            bool never = false;
            bool keepText = false;
            const ConditionSet *conditions = nullptr;
            std::vector<const ConditionSet *> ways;
        };
        PackedDecision pack(const Decision &decision);
        static Decision unpack(const PackedDecision &packed);
        void clear();

    private:
        struct AbstractHash {
            size_t operator()(const Abstract &a) const;
        };
        MemoPool<Abstract, AbstractHash> m_values;
        MemoPool<ConditionSet, ConditionSetHash> m_sets;
    };
    struct Case {
        bool known = true;
        bool truth = false;
        ConditionSet conditions;
        bool operator==(const Case &) const = default;
    };
    using Cases = std::vector<Case>;

private:
    Cases truth(const GuardExpr &e, const Scope &scope, int depth);
    // `"lit" in s`: known where s is a string (guard_contains.cpp).
    Cases containsCases(const GuardExpr &e, const Scope &scope, int depth);
    // A call of a receiver's predicate whose one return is a boolean
    // expression: that expression with `self` read as the receiver
    // (guard_predicate_bodies.cpp).
    std::optional<std::string> predicateBody(const GuardExpr &call, const Scope &scope);
    Cases truthOf(const Outcomes &outcomes);
    Cases compare(const GuardExpr &e, const Scope &scope, int depth);
    // guard_same_value.cpp: the values a local takes from `self.x` are
    // marked as that attribute's, and equal it in a comparison.
    void markSameAs(Outcomes &outcomes, const ValueFact &fact, const Scope &scope);
    static bool sameAs(const Abstract &value, const GuardExpr &other);
    Outcomes values(const GuardExpr &e, const Scope &scope, int depth);
    Outcomes chainValues(const Chain &chain, const Scope &scope, int depth);
    Outcomes callValues(const GuardExpr &call, const Scope &scope, int depth);
    Outcomes nameValues(const std::string &name, const Scope &scope, int depth);
    // The value a copy's call bound: None, a bool, or a value that is not None.
    static Outcomes boundKindValues(ArgKind kind);
    // What callers pass to a parameter a copy knows to be not None ('O',
    // declared_not_none.h): no None, and an unknown value not None.
    static Outcomes withoutNone(Outcomes passed);
    // `batch.flag` where the copy being evaluated was handed its parameter
    // `batch` with that attribute set (guard_handed_state.cpp), unless the
    // function sets it itself.
    std::optional<Outcomes> handedStateValues(const Chain &chain, const Scope &scope) const;
    Outcomes bindingValues(const std::vector<Binding> &bindings, const Scope &scope, int depth);
    // What an imported name holds: the binding it names in the module it
    // comes from (guard_imports.cpp).
    Outcomes importValues(const ImportFact &imp, const Scope &scope, int depth);
    // The assignments to a local of `fn` (read in `scope`).
    Outcomes localValues(const FunctionInfo &fn, const std::string &name, const Scope &scope, int depth);
    // Does an assignment among `bindings` (its value or guards) name a
    // parameter that the copy `variant` of `fn` binds?
    bool assignmentsNameBound(const std::vector<Binding> &bindings, const FunctionInfo &fn, const std::string &variant) const;
    // The assignments to a local that reach a read at `line`, each under the
    // guards that keep later assignments from replacing it
    // (guard_reaching_bindings.cpp).
    Outcomes reachingValues(const FunctionInfo &fn, const std::string &name, const std::vector<Binding> &bindings,
                            const Scope &scope, int line, int depth);
    Outcomes factValues(const ValueFact &fact, const Scope &scope, int depth);
    // What `fn` gives by its return `returned` (a call's result where `fn`
    // also returns None: not None).
    Outcomes returnedValues(const FunctionInfo &fn, const ValueFact &returned, const Scope &scope, int depth);
    // `readIn`: the function the attribute is read in.
    Outcomes attributeValues(const Value &object, const std::string &name, int depth, SymbolId readIn = 0);
    // May `object` (a chain read in `scope`) be an instance of `cls`, of a
    // class it derives from or of one deriving from it? Unknown objects may.
    bool mayBeOfClass(const Chain &object, const Scope &scope, SymbolId cls);
    // `x = saved` in a function whose only assignments to the local `saved`
    // are `saved = x`: x gets back a value it had, nothing new.
    bool restoresSavedValue(const AssignmentFact &a, SymbolId function) const;
    std::optional<Abstract> setting(SymbolId cls, const std::string &name);
    // A setting's values: what the user gives (or its default), and what the
    // settings class's own methods assign to it, each under its guards; read
    // at the reader's test in `readIn`, not what is assigned inside that `if`.
    std::optional<Outcomes> settingValues(SymbolId cls, const std::string &name, int depth, SymbolId readIn = 0);
    // A boolean setting that the settings class's own methods set to True or
    // False (`if not self.x and ...: self.x = True`): guards read it as the
    // setting alone, and settingRows gives where each assignment is made, for
    // the effective filter (guard_setting_rows.cpp).
    bool selfSetFlag(SymbolId settingsClass, const std::string &name);

    std::optional<Abstract> envSetting(const GuardExpr &call);
    // `config.x` / `getattr(config, "x")` when `object` is the model's configuration.
    bool setFromOutside(const std::string &name);
    bool mayHaveAttribute(const Chain &chain, const Scope &scope, const std::string &name);
    std::optional<Outcomes> configAttribute(const Outcomes &object, const std::string &name) const;
    const SettingsRule *configRule(const std::string &annotation) const;
    // Is `setting` a key of the model's configuration (`model.x`)?
    bool isConfigSetting(const std::string &setting) const;
    Outcomes conditionalValues(const GuardExpr &e, const Scope &scope, int depth);
    // Numbers a configuration fixes (guard_numbers.cpp): a call the profile's
    // `dimension_values` name (`get_device_capability()` is (9, 0) on sm90),
    // integer arithmetic, tuples, subscripts and orderings over them.
    std::optional<Outcomes> dimensionFixed(const GuardExpr &call) const;
    Outcomes arithmeticValues(const GuardExpr &e, const Scope &scope, int depth);
    Outcomes tupleValues(const GuardExpr &e, const Scope &scope, int depth);
    Outcomes subscriptValues(const GuardExpr &e, const Scope &scope, int depth);
    Cases orderCases(const GuardExpr &e, const Scope &scope, int depth);
    // A setting ordered against a number (`self.topk > 1` where topk is
    // `server.speculative_eagle_topk or 0`); false when neither side is one.
    bool settingOrdered(const std::string &op, const Abstract &l, const Abstract &r, const ConditionSet &conditions, Cases &out);
    // The `part`-th element of each tuple among `whole` (`major, minor = f()`).
    static Outcomes partOf(const Outcomes &whole, int part);
    // What the places that build `init`'s class pass for its parameter `param`.
    Outcomes constructorArgumentValues(const FunctionInfo &init, size_t param, int depth);
    // What the places building `built` (or a subclass whose `__init__` is
    // `init`, 0 for none) pass as `name` (or the `positional`-th argument),
    // `fallback` where they pass nothing; unknown past 256 places.
    // Where a class is built: calls of its name that build it, and `cls(...)`
    // in its methods.
    std::vector<Instantiation> buildingSites(SymbolId cls) const;
    // Calls of the result of a function returning the class that build it
    // (`get_impl_class(cfg)(...)`).
    std::vector<Instantiation> factoryBuildingSites(SymbolId cls) const;
    // Of `calls`, those whose callee is `cls`.
    std::vector<Instantiation> buildingTheClass(std::vector<Instantiation> calls, SymbolId cls) const;
    Outcomes argumentValues(SymbolId built, SymbolId init, const std::string &name, std::optional<size_t> positional,
                            const Outcomes &fallback, int depth);
    // The position of the field `name` among the generated `__init__`'s
    // parameters of a class without one of its own (its bases' fields
    // first); nullopt where a base's fields are not known.
    std::optional<size_t> fieldPosition(SymbolId cls, const std::string &name) const;
    // Does the call's only splat, `**d`, hand on a dict its function fills
    // under known keys only, none of them `name` (guard_closed_dicts.cpp)?
    bool splatLeavesOut(const ValueFact &call, const Scope &scope, const std::string &name) const;
    // What one place building or calling passes for a parameter: by keyword,
    // kept expression or position; `fallback` where it passes nothing.
    Outcomes passedArgument(const ValueFact &call, const Scope &scope, const std::string &name,
                            std::optional<size_t> positional, const Outcomes &fallback, int depth);
    // Does `cls`'s own `__init__` hand the keyword `name` on, through its
    // `**kwargs`, to `super().__init__`, which is `init`; and positions with
    // it (init_forwarding.cpp)?
    struct InitForwarding {
        bool keyword = false;
        bool positional = false;
    };
    InitForwarding forwardedToBase(SymbolId cls, SymbolId init, const std::string &name);
    std::unordered_map<SymbolId, const CallFact *> m_superInitCalls; // a class's `super().__init__` call, or null
    // What one place passes for `name` by keyword; `fallback` where it
    // passes nothing, unknown where a splat may.
    Outcomes keywordPassed(const ValueFact &call, const Scope &scope, const std::string &name, const Outcomes &fallback,
                           int depth);
    // `fallback`, the default of the parameter `name`, for a call not naming
    // it; unknown where an argument the call passed and did not keep may be
    // that parameter.
    Outcomes defaultUnlessCut(const ValueFact &call, const std::string &name, const Outcomes &fallback);
    // A parameter's default where it is None, True, False or a string or
    // number literal; unknown otherwise.
    Outcomes parameterDefault(const Param &p);
    // A parameter of a function that is no constructor: what its calls pass
    // (guard_parameters.cpp); unknown past the bounds there.
    Outcomes parameterValues(const FunctionInfo &fn, size_t param, int depth);
    Outcomes callersPass(const FunctionInfo &fn, const Param &p, size_t positional, int depth);
    // The calls of one function found by its name: those passing arguments
    // (module, line), those passing none; `known` false past the bounds.
    struct CallsOfFunction {
        bool known = false;
        std::set<std::pair<int, int>> withArguments;
        std::vector<std::pair<int, const CallFact *>> bare;
        std::vector<std::string> names; // the names they call it by: its own, a container's ("BACKENDS[]")
    };
    std::unordered_map<SymbolId, CallsOfFunction> m_callsOfFunction;
    const CallsOfFunction &callsOfFunction(const FunctionInfo &fn);
    Outcomes hasattrValues(const GuardExpr &call, const Scope &scope, int depth);
    // `isinstance(x, C)` where the classes x was built from are known
    // (guard_isinstance.cpp); nullopt where none is.
    std::optional<Outcomes> isinstanceValues(const GuardExpr &call, const Scope &scope, int depth);
    std::optional<Outcomes> classTested(Outcomes given, const std::vector<SymbolId> &classes) const;
    // `isinstance(p, tuple)` on a parameter by its annotation
    // (guard_isinstance_annotation.cpp); nullopt where it does not decide.
    std::optional<Outcomes> isinstanceByAnnotation(const GuardExpr &call, const std::string &annotation, const Scope &scope);
    // A class of the index none of whose bases, up its MRO, is outside the
    // index but for `object` and the profile's plain external classes.
    bool isPlainClass(SymbolId cls) const;
    // A call of a decorator registry's lookup (registry_lookup.h): a function
    // where its arguments name registered keys, None where they name none.
    std::optional<Outcomes> registryLookupValues(const ValueFact &call, const Scope &scope, int depth);
public:
    // The ways a registry lookup's arguments name `keys`, or name none of
    // the registered keys (registry_lookup.h); one empty way where that is
    // not known.
    std::vector<ConditionSet> keyMatchWays(const ValueFact &call, const std::vector<std::string> &keys, const Scope &scope, int depth);
    std::vector<ConditionSet> noKeyMatchWays(const ValueFact &call, const std::vector<RegistryIndex::Registered> &registered,
                                             const Scope &scope, int depth);
private:
    // noKeyMatchWays where the entries differ in one key position only.
    std::optional<std::vector<ConditionSet>> noKeyMatchWaysByPosition(const ValueFact &call,
                                                                      const std::vector<RegistryIndex::Registered> &registered,
                                                                      const Scope &scope, int depth);
    // The ways a comparison holds (or fails), unknown ways included.
    std::vector<ConditionSet> comparisonWays(const std::string &text, const Scope &scope, int depth, bool holds);
    // A call's returns for the classes it passes (guard_call_arguments.cpp);
    // nullopt when it passes none the evaluation knows.
    std::optional<Outcomes> returnsForArguments(const ValueFact &call, const Scope &scope, int depth);
    // An `@abstractmethod` that returns nothing: an override runs in its place.
    bool abstractWithoutReturns(SymbolId function) const;
    // Enum members and named constants (guard_enum_values.cpp).
    bool isEnumClass(SymbolId cls) const;
    // `E.X` where `X = auto()` in enum class E: a constant of its own.
    std::optional<Abstract> autoMember(SymbolId cls, const std::string &name) const;
    // `x.value` where x holds enum members: their values (members stand for them).
    static std::optional<Outcomes> memberValue(const Outcomes &members);
    // `E(x)` for an enum class E: the member whose value is x's.
    std::optional<Outcomes> enumMember(const ValueFact &fact, const Scope &scope, int depth);
    // `E(x)` met in an expression: the member x picks (what x holds).
    std::optional<Outcomes> enumCall(const GuardExpr &call, const Scope &scope, int depth);
    bool callsEnumClass(const Chain &callee, const Scope &scope);
    // `x.m()` where x holds enum members: m's returns with `self` each of them.
    std::optional<Outcomes> methodOfMember(const GuardExpr &call, const Scope &scope, int depth);
    // A name compared with (`Backend.TRITON`, `MODE`): the one literal it holds
    // everywhere, if it does.
    std::optional<Abstract> constantOf(const GuardExpr &e, const Scope &scope, int depth);
    // `hasattr(obj, "name")` for an attribute only code outside the objects
    // sets (`layer.gemm1_weights_fp4_shuffled = ...` under the TRT-LLM MoE
    // runner): true where those assignments run.
    Outcomes assignedAttribute(const std::string &name, int depth);
    // The ways the calls of a function are guarded (one per way of each call
    // site found, with the ways the plain function making the call is
    // called); none when nothing in the index calls a plain function; one
    // empty way when it is called unguarded or from too many places, or is
    // a method no call names or some call of unknown callee may reach, or an
    // `__init__`.
    std::vector<ConditionSet> callerConditions(SymbolId function, int depth);
    // Where code inside `function` may run (see guard_call_sites.cpp).
    std::vector<ConditionSet> whereCodeRuns(SymbolId function, int depth);
    // Each way of `outer` with each of `inner`.
    static std::vector<ConditionSet> crossWays(const std::vector<ConditionSet> &outer, const std::vector<ConditionSet> &inner);
    // The ways the places building an instance of `cls` (or a subclass)
    // run: where its methods can (guard_instance_places.cpp); {{}} where
    // they are not all known.
    std::vector<ConditionSet> instanceConditions(SymbolId cls, int depth);
    // Conditions of a value's guards, or nullopt when they never hold.
    // The ways a value's guards may hold (several when a guard holds in
    // several ways), or nullopt when they never hold.
    // `line`: where what they guard is (a value, a call), for guards on `self.x`.
    std::optional<std::vector<ConditionSet>> guardConditions(const GuardList &guards, const Scope &scope, int depth, int line = 0);
    const GuardExpr &parsed(const std::string &text);
    std::string scopeKey(const Scope &s) const;
    // Values past the bound folded (guard_limits.h), and a step's values
    // finished: while an isinstance test evaluates its object, classes are
    // told apart by whether they pass it (m_classTest).
    Outcomes fold(Outcomes out, std::optional<size_t> bound = std::nullopt) const;
    Outcomes finish(Outcomes out, std::optional<size_t> bound = std::nullopt) const;
    Abstract literal(const GuardExpr &e) const;
    std::optional<Condition> mapped(const std::string &text);
    // `x.rest` with the local x replaced by the chain of the one unguarded
    // assignment that reaches the read; nullopt when that is not so.
    std::optional<std::string> throughLocal(const std::string &text, const Scope &scope) const;
    // The bindings of a local that may reach where it is read now (the line
    // m_localCut or m_readAt names): all of them when no line is known.
    std::vector<Binding> bindingsBeforeRead(const FunctionInfo &fn, const std::string &name,
                                            const std::vector<Binding> &bindings) const;

    const SymbolTable &m_table;
    // A predicate whose receiver is unknown, by its name (predicateBody).
    NameOnlyCandidates m_predicatesByName{m_table};
    Evaluator &m_evaluator;
    ConditionMapper &m_mapper;
    const Profile &m_profile;
    std::vector<std::pair<SymbolId, const SettingsRule *>> m_settingsClasses;
    std::vector<std::string> m_configPrefixes; // of the Config settings rules
    // Call facts by the callee's last name (module, fact), each name looked for once.
    std::unordered_map<std::string, std::vector<std::pair<int, const CallFact *>>> m_callsByName;
    bool m_callsFiled = false; // every module's calls are in m_callsByName
    std::unordered_set<const ImportFact *> m_importCyclesSeen;
    std::vector<std::pair<int, const ImportFact *>> m_importCycles;
    std::unordered_set<std::string> m_selfAssigned; // attributes some class sets on self
    CallsOf m_callsOf;
    ModulesCalling m_modulesCalling;
    // The calls of `name` in the index: (module, fact).
    const std::vector<std::pair<int, const CallFact *>> &callsNamed(const std::string &name);
    std::map<std::string, std::string> m_defaults;
    std::unordered_map<std::string, GuardExpr> m_parsed;
    // Chains' values ("v") and parameters' values ("p"), memoised together
    // with the frames of the callers ("c") and import ("i") walks: a cycle
    // may run through all of them. Each value is worked out from depth 0, so
    // that what it gives does not depend on who asked first (a partial
    // re-index asks in another order). Decisions are memoised apart, once.
    CycleMemo<OutcomeStore::Packed> m_memo;
    OutcomeStore m_kept;
    std::unordered_map<MemoKey, std::optional<OutcomeStore::PackedDecision>, MemoKeyHash> m_decisions;
    OutcomeStore m_decided; // the decisions' conditions: kept as long as they are
    std::unordered_set<MemoKey, MemoKeyHash> m_deciding;
    // `self` of an enum method evaluated for one member (methodOfMember).
    struct BoundSelf {
        SymbolId function = 0;
        Abstract value;
    };
    std::optional<BoundSelf> m_boundSelf;
    // The isinstance test whose object is being evaluated again, its classes
    // kept past the bound as passing or failing (guard_isinstance.cpp); its
    // key sets those values apart in the memo.
    std::function<bool(SymbolId)> m_classTest;
    std::string m_classTestKey;
    // No isinstance test's classes told apart while it lives: guards are
    // decided, and other tests evaluated, the same whoever asks first.
    struct WithoutClassTest {
        GuardEvaluator &e;
        std::function<bool(SymbolId)> savedTest = std::exchange(e.m_classTest, {});
        std::string savedKey = std::exchange(e.m_classTestKey, {});
        bool savedNoneTest = std::exchange(e.m_noneTest, false);
        ~WithoutClassTest()
        {
            e.m_classTest = std::move(savedTest), e.m_classTestKey = std::move(savedKey), e.m_noneTest = savedNoneTest;
        }
    };
    // The `x is None` test whose object is being evaluated again
    // (guard_none_test.cpp): past the bound, its values are told apart only
    // by whether they are None, and more of its ways are kept.
    bool m_noneTest = false;
    // How many ways a step keeps before folding them (guard_limits.h).
    size_t caseBound() const;
    // Is `cases` (of a None test) left open by folding: a way unknown, or
    // one under no condition beside another of the other truth?
    static bool undecidedByNoneness(const Cases &cases);
    // The cases of `x is None` with x's values told apart by None-ness alone,
    // where they keep every truth the `first` cases found possible.
    Cases noneTested(const Cases &first, const std::function<Cases()> &evaluate);
    // While an assignment to a local is evaluated (its value and guards), the
    // local reads only the assignments above it: `if backend.is_auto():
    // backend = Backend.TRITON` reads the `backend` assigned before.
    struct LocalCut {
        SymbolId function = 0;
        std::string name;
        int line = 0;
    };
    std::optional<LocalCut> m_localCut;
    std::optional<std::unordered_set<std::string>> m_namedAttributes; // set by name (setFromOutside), read on first use
    // A call's arguments are read where the call is: a local's assignments
    // that later ones replace before that line do not reach it.
    struct ReadAt {
        SymbolId function = 0;
        int line = 0;
        // For a guard read at a call: the guards down to the tested one.
        // Assignments under all of them are inside the tested `if`, made
        // after the test: they do not reach it.
        GuardList inside;
    };
    std::optional<ReadAt> m_readAt;
    // The `if` a guard on `self.x` is decided for (guard_reaching.cpp): in
    // its method, at the call's line, under the guards above it.
    struct Reader {
        SymbolId function = 0;
        int line = 0;
        GuardList before; // the guards enclosing the tested one
        Guard tested;
    };
    std::optional<Reader> m_reader;        // while deciding for one call
    std::optional<Reader> m_pendingReader; // for the next decide() only
    std::unordered_map<SymbolId, std::vector<std::string>> m_assignedIn;
    const std::vector<std::string> &attributesAssignedIn(SymbolId function);
    std::optional<Reader> readerFor(const GuardList &guards, size_t index, const Scope &scope, int line);
    // `self.attr` at the reader: the method's last sure assignment above the
    // call and those in branches after it; nullopt when none surely runs.
    std::optional<Outcomes> reachingValues(const std::string &attr, const Scope &scope, int depth);
    // Is `assignment`, made in `method`, inside the `if` the reader tests
    // (made after the test, so not what the test reads)?
    bool insideTestedIf(const AssignmentFact &assignment, SymbolId method) const;
    // Assignments to attributes of other objects than self, by attribute name: (module, fact).
    SymbolTable::ForeignAssignments m_foreignAssignments;
    const DerivedRule *m_derived = nullptr; // while derivedReturns runs: its values are names
};

} // namespace katlas
