// Static evaluation of chains: what a name, attribute, call or subscript may
// be, following imports and re-exports, assignments to names and to
// self.<attr>, annotations, factories' returns and the class hierarchy.
// Never imports or runs the code. Results are memoised; recursion is cut.
#pragma once

#include "resolve/chain.h"
#include "resolve/cycle_memo.h"
#include "resolve/condition_mapper.h"
#include "resolve/memo_pool.h"
#include "resolve/value.h"

#include <functional>
#include <memory>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace katlas {

class AllocationSites;
class InstantiationIndex;
struct Instantiation;

class RegistryIndex;
class GuardEvaluator;

// One function a call may run, with the class `self` has in it.
struct DispatchTarget {
    SymbolId function = 0;
    SymbolId selfClass = 0;
    Resolution how = Resolution::Exact;
    ConditionSet conditions;
};


class Evaluator {
public:
    Evaluator(const SymbolTable &table, ConditionMapper &mapper);
    ~Evaluator();
    void setRegistries(const RegistryIndex *registries) { m_registries = registries; }
    const RegistryIndex *registries() const { return m_registries; }
    // Does a call of `callee` run `function` (itself, or as an override)?
    bool runs(const Values &callee, SymbolId function);
    // Does `call`, made in `scope`, run `function`?
    bool callRuns(const ValueFact &call, const Scope &scope, SymbolId function);
    // Guards of values that no profile rule maps are then worked out too.
    void setGuardEvaluator(GuardEvaluator *guards) { m_guards = guards; }
    // External calls standing for their first argument (profile `pass_through`;
    // `functools.cache` and `functools.lru_cache` always).
    void setPassThrough(std::vector<std::string> names) { m_passThrough = std::move(names); }
    void clearMemo();

    Values evalChain(const std::string &chain, const Scope &scope);
    Values evalSegments(const std::vector<ChainSegment> &segs, size_t count, const Scope &scope);
    Values evalName(const std::string &name, const Scope &scope);
    Values attribute(const Value &v, const std::string &name);
    // The attributes of `v` whose names `pattern` matches (`visit_*`:
    // evaluator_attribute_patterns.cpp).
    Values attributesMatching(const Value &v, std::string_view pattern);
    // The value of calling `v`; `call` (evaluated in `callerScope`) gives the
    // arguments, whose classes flow into the callee.
    Values callResult(const Value &v, const ValueFact *call = nullptr, const Scope *callerScope = nullptr);
    // A property called (`self.handler(x)` with `@property def handler`):
    // its getter runs, then what it returns is called; those values (the
    // functions, classes and instances), none for another function.
    Values propertyCallees(const Value &getter);
    // A property read from an object (`self.path.add(x)`, `p = self.path`):
    // what its getter returns stands for it; other values stay.
    Values readProperties(Values values);
    // A `functools.singledispatch` function called: the implementations
    // registered with `@fn.register` (evaluator_single_dispatch.cpp).
    Values registeredImplementations(const Value &fn);
    // What calling the function `fn` calls besides it: both of the above.
    Values alsoCalled(const Value &fn)
    {
        Values out = propertyCallees(fn);
        for (Value &v : registeredImplementations(fn))
            out.push_back(std::move(v));
        return out;
    }
    Values moduleMember(int module, const std::string &name);
    Values returnsOf(SymbolId function, SymbolId selfClass, const ArgTypes &args = {});
    Values fromAnnotation(const std::string &annotation, const Scope &scope);
    Values importTarget(const ModuleInfo &from, const ImportFact &imp);

    // The functions a call of a Function value runs: one for a known
    // receiver; every override for a declared one.
    std::vector<DispatchTarget> dispatch(const Value &fn);
    // `obj.m` on an object known by its declared class, which has no `m`:
    // the `m` of each subclass defining one (a pool typed as the base whose
    // MLA subclass alone has `set_mla_kv_buffer`).
    Values subclassMethods(const Value &instance, const std::string &name);
    // The `name` methods the subclasses of `root` run (grouped by function,
    // specialised per class where they call through self), under their
    // registries' conditions where the hierarchy has a registry.
    std::vector<DispatchTarget> overrides(SymbolId root, const std::string &name, Resolution how);
    // The method an instance call `obj(...)` runs (the profile's call methods).
    std::vector<DispatchTarget> instanceCall(const Value &instance, const std::vector<std::string> &callMethods);

    static Value moduleValue(const SymbolTable &t, int module);
    // The first base outside the index along `cls`'s MRO ("" for none)
    // (evaluator_externals.cpp).
    std::string externalBase(SymbolId cls) const;
    // Where each class is built (built on first use).
    const InstantiationIndex &instantiations();
    // The classes a call passes to `function`'s parameters (instances of
    // classes of the index, or classes), and whether guards (`isinstance` on
    // such a parameter) may hold for them.
    ArgTypes argTypes(SymbolId function, bool bound, const ValueFact &call, const Scope &scope);
    bool guardsHold(const GuardList &guards, const ArgTypes &args, const Scope &scope);
    // Memo keys of evaluations that depend on a call's arguments name them.
    static std::string argsKey(const ArgTypes *args);
    // Which classes' instances keep where they were built.
    AllocationSites &allocations() { return *m_allocations; }
    // The containers a function is stored in, by the name their calls use
    // ("BACKENDS[]" for `BACKENDS[name] = fn` or `BACKENDS = {"a": fn}`),
    // filed over every module's assignments (evaluator_container_calls.cpp)
    // before the graph is built, the memo cleared after; none until then.
    void fileContainers();
    const std::vector<std::string> &containersHolding(SymbolId function) const;

private:
    Values evalBindings(const std::vector<Binding> &bindings, const Scope &scope);
    Values evalValueFact(const ValueFact &vf, const Scope &scope, bool allowInner = true);
    Values selfAttribute(SymbolId cls, const std::string &name);
    // Where `klass`'s __init__ assigns `self.<name>` again after calling
    // `super().__init__()`: the conditions under which the bases' __init__
    // values still hold (empty: nowhere), nullopt when it does not
    // (evaluator_init_order.cpp).
    std::optional<ConditionSet> replacedByInit(SymbolId klass, const std::string &name);
    Values classAttribute(SymbolId cls, const std::string &name);
    Values setByClassMethods(const ClassInfo &info, SymbolId cls, const std::string &name);
    Values storedByClassMethods(SymbolId cls, const std::string &name);
    // `held`: only stores into an object the storing code holds as its own
    // attribute (`self.attn.proj = v`), not into a name it was handed.
    Values storedThroughNames(const std::string &name, const std::function<bool(const Value &)> &owns, bool held = false);
    Values storedThroughClassNames(const ClassInfo &cls, const std::string &name);
    Values storedThroughInstances(SymbolId cls, const std::string &name, bool held = false);
    // Stores into another object's container (`Registry._handlers[k] = f`)
    // are read by the container's attribute ("_handlers[]"); built on first use.
    std::optional<SymbolTable::ForeignAssignments> m_foreignStores;
    Scope classBodyScope(SymbolId cls) const;
    Values classBodyName(SymbolId cls, const std::string &name);
    Values nestedClass(SymbolId cls, const std::string &name) const;
    // `line`: where the guarded value stands, for guards on `self.x`.
    void addMapped(Values &values, const GuardList &guards, bool dimensionsOnly, const Scope *scope = nullptr, int line = 0,
                   bool evenOutside = false);
    // The functions and classes the calls of `fn` pass as its parameter
    // `param` (evaluator_passed_values.cpp).
    Values passedCallables(const FunctionInfo &fn, size_t param);
    // What the calls of `fn` pass to its `*args` (a tuple) or `**kwargs`
    // (a dict, by keyword): the functions and classes among it.
    Values passedToSplat(const FunctionInfo &fn, bool keywords);
    // The calls of `fn` whose arguments its parameters take: by name, by
    // the names it is given, through containers and parameters holding it
    // (none past a bound); those through containers are not checked to run it.
    struct FunctionCalls {
        std::vector<Instantiation> calls;
        size_t byName = 0, throughContainers = 0;
    };
    FunctionCalls callsOfFunction(const FunctionInfo &fn);
    // The functions and classes the chains `passed(call)` names (each under
    // its key: "" or a keyword's `'name'`), over the calls of `fn` that run
    // it, under each call's guards.
    using Passed = std::vector<std::pair<std::string, Chain>>;
    template<typename PassedOf>
    Elements eachRunningCall(const FunctionInfo &fn, PassedOf passed);
    std::vector<std::string> m_passThrough;
    // singledispatch function -> what `@fn.register` decorates; built on first use.
    std::optional<std::unordered_map<SymbolId, std::vector<SymbolId>>> m_registered;
    std::unordered_map<SymbolId, std::vector<std::string>> m_containersHolding;
    bool m_fillingContainers = false;
    // The calls made of `fn` through the parameters it is handed to, up to
    // three hand-offs deep (evaluator_parameter_calls.cpp).
    std::vector<Instantiation> callsThroughParameters(const FunctionInfo &fn);
    // Is `function` the function `outer` or nested in it?
    bool isWithin(SymbolId function, SymbolId outer) const;
    // Containers (evaluator_containers.cpp): a display's value; the elements
    // of a value under a subscript's literal key ("" for any); what was
    // stored into the container that `segs[0..at)` names; a container's
    // `get`/`values`... method (nullopt for other values) and its call.
    static Value makeContainer(Elements elements);
    Value display(const ValueFact &vf, const Scope &scope);
    Values elementsOf(const Value &container, const std::string &key);
    std::optional<Values> protocolElements(const Value &instance);
    Values storedElements(const std::vector<ChainSegment> &segs, size_t at, const Values &owners, const Scope &scope);
    // What was stored under the literal key `key` of the subscript `segs[at]`.
    Values storedUnder(const std::vector<ChainSegment> &segs, size_t at, const Values &owners, const Scope &scope,
                       const std::string &key);
    // A subscript's keys (evaluator_literal_keys.cpp): a literal key
    // itself, a name's the literals it may hold, "" (any) otherwise.
    std::vector<std::string> subscriptKeys(const std::string &key, const Scope &scope);
    std::optional<std::vector<std::string>> literalKeys(const std::string &name, const Scope &scope, int depth);
    std::optional<std::vector<std::string>> bindingLiteralKeys(const std::vector<Binding> &bindings, const Scope &scope, int depth);
    std::optional<std::vector<std::string>> passedLiteralKeys(const FunctionInfo &fn, size_t param, int depth);
    Values storedAt(const std::vector<ChainSegment> &segs, size_t at, const Values &owners, const Scope &scope,
                    const std::string &suffix);
    std::optional<Values> containerAttribute(const Value &v, const std::string &name, const Values &stored);
    // What a lookup with a default gives besides what it finds: the default
    // (`d.get(k, fn)`, `getattr(obj, name, fn)`).
    Values lookupDefault(const Value &callee, const ValueFact &call, const Scope &scope);
    Values containerCall(const Value &method);
    // `next(g)`, `iter(xs)`, `map(f, xs)`, `functools.partial(f, ...)` on what
    // the call passes (nullopt for other callees).
    // `dict()`, `list()`, `set()` called with nothing to copy: an empty display of that type.
    std::optional<Value> emptyBuiltin(const Value &callee, const ValueFact &call);
    std::optional<Values> builtinWalk(const Value &callee, const ValueFact &call, const Scope &scope);
    Values definitionsNamed(const std::string &name, const Scope &scope);
    // Outside the index (evaluator_externals.cpp): calling an external class
    // gives its instance; an attribute no class of the index defines or
    // sets, on a class with an outside base, is that base's.
    static Values externalCallResult(const Value &callee);
    Values externalBaseAttribute(SymbolId cls, const std::string &name);
    // What a function's name holds once its decorators are applied
    // (evaluator_decorators.cpp).
    Values decorated(const Value &definition);
    // A call of a decorator registry's lookup: the functions registered,
    // each where the call's arguments name its keys (registry_lookup.h).
    std::optional<Values> registryLookup(const Value &callee, const ValueFact &call, const Scope &scope);
    // False when the alternatives do not differ by building place, or are too many to split by.
    static bool splitByPlace(std::vector<ConditionSet> &ways, const std::vector<ConditionSet> &alternatives);
    // What the places that build `init`'s class pass for its parameter `param`.
    Values constructorArgument(const FunctionInfo &init, size_t param);
    Values passedByInitsAbove(const FunctionInfo &init, size_t param);
    static void append(Values &out, Values more);
    // Memoised evaluation under `key` (cycle_memo.h): a key met again while
    // it is being computed (a cycle in the code) contributes nothing there,
    // and what depended on that cut is kept only until the cycle's head is done.
    template<typename Compute>
    Values memoised(const std::string &key, Compute &&compute)
    {
        if (const ValuesPool::Packed *known = m_memo.find(key))
            return ValuesPool::unpack(*known);
        if (!m_memo.enter(key))
            return {};
        const size_t cutsBefore = m_depthCuts;
        Values value = compute();
        // A result that lacks what the depth bound cut off is this asker's
        // only: asked from a shallower place it holds more.
        const bool keep = m_depthCuts == cutsBefore;
        m_memo.leave(key, keep ? m_kept.pack(value) : ValuesPool::Packed{}, keep); // nothing pooled for a result not kept
        return value;
    }

    const SymbolTable &m_table;
    ConditionMapper &m_mapper;
    const RegistryIndex *m_registries = nullptr;
    GuardEvaluator *m_guards = nullptr;
    int m_depth = 0;
    size_t m_depthCuts = 0; // evaluations the depth bound cut short, so far
    CycleMemo<ValuesPool::Packed> m_memo; // kept compact (memo_pool.h)
    ValuesPool m_kept;
    std::unique_ptr<InstantiationIndex> m_instantiations; // built on first use
    std::unique_ptr<AllocationSites> m_allocations;
};

} // namespace katlas
