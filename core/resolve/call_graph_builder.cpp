// Resolution of every call site into edges (see call_graph_builder.h).
#include "resolve/call_graph_builder.h"
#include "resolve/chain.h"

#include "resolve/argument_shape.h"
#include "resolve/call_shape.h"
#include "resolve/passed_instances.h"
#include "resolve/condition_mapper.h"
#include "parse/container_facts.h"
#include "resolve/evaluator.h"
#include "resolve/guard_evaluator.h"
#include "resolve/kernel_aliases.h"
#include "resolve/kernel_classifier.h"
#include "resolve/kernel_launch_filter.h"
#include "resolve/name_only_candidates.h"
#include "resolve/open_receivers.h"
#include "resolve/registry_index.h"
#include "resolve/setup_calls.h"
#include "resolve/variant_budget.h"

#include <algorithm>
#include <deque>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <utility>

namespace katlas {
namespace {

constexpr size_t kMaxSpecialisations = 50000;

struct Target {
    SymbolId callee = 0;
    Resolution how = Resolution::Exact;
    ConditionSet conditions;
};

class Builder {
public:
    Builder(const std::vector<ModuleFacts> &files, const Profile &profile, CallGraph &graph, LocalsSource locals)
        : m_files(files), m_profile(profile), m_graph(graph), m_table(files, std::move(locals), {profile.startup.begin(), profile.startup.end()}), m_mapper(profile),
          m_evaluator(m_table, m_mapper), m_guards(m_table, m_evaluator, m_mapper, profile), m_registries(profile, m_table),
          m_kernels(profile, m_table, m_evaluator), m_launches(profile)
    {
    }

    bool run(const BuildProgress &progress, IncrementalBuild *incremental)
    {
        m_firstAddedId = m_firstNewId = static_cast<SymbolId>(m_table.symbols().size()) + 1;
        if (incremental && !startFrom(*incremental))
            return false;
        m_incremental = incremental;
        const bool definitionsHandedOver = !incremental && progress.definitions;
        if (definitionsHandedOver)
            progress.definitions(m_table.symbols());
        m_handsOverAdded = definitionsHandedOver && progress.added;
        bindBases();
        m_evaluator.setRegistries(&m_registries);
        m_evaluator.setGuardEvaluator(&m_guards);
        m_evaluator.setPassThrough(m_profile.passThrough);
        m_evaluator.fileContainers(); // before anything asks what parameters hold
        m_evaluator.clearMemo();
        m_registries.collectClasses(m_evaluator);
        m_evaluator.clearMemo();
        std::vector<int> modules;
        if (incremental) {
            modules = incremental->modules;
        } else {
            modules.resize(static_cast<size_t>(m_table.moduleCount()));
            std::iota(modules.begin(), modules.end(), 0);
        }
        for (int m : modules)
            groupCalls(m);
        const int total = static_cast<int>(modules.size());
        for (int i = 0; i < total; ++i) {
            if (progress.cancel && progress.cancel->load())
                return false;
            const int m = modules[static_cast<size_t>(i)];
            for (const CallFact &c : callsOf(m)) {
                const SymbolId caller = m_table.functionForScope(m, c.scope);
                const bool inFunction = m_table.function(caller) != nullptr;
                Scope scope{m, inFunction ? caller : 0, 0};
                scope.classBody = m_table.cls(caller) ? caller : 0; // a class body's names read there first
                addCallSite(c, m, caller, scope);
            }
            flush(progress);
            if (progress.report && (i % 64 == 0 || i + 1 == total))
                progress.report(i + 1, total);
        }
        if (incremental)
            respecialise(*incremental);
        while (!m_pending.empty()) {
            if (progress.cancel && progress.cancel->load())
                return false;
            const auto [special, original, cls, variant] = m_pending.front();
            m_pending.pop_front();
            const FunctionInfo *fn = m_table.function(original);
            groupCalls(fn->module);
            const std::string *shape = variant.empty() ? nullptr : &*m_variants.insert(variant).first;
            const ArgTypes *bound = boundArguments(variant);
            for (const CallFact *c : m_callsByFunction[original])
                addCallSite(*c, fn->module, special, {fn->module, original, cls, bound, shape});
            if (m_graph.callSites.size() >= 4096)
                flush(progress);
        }
        flush(progress);
        classifyKernels(incremental != nullptr);
        if (!incremental && !definitionsHandedOver)
            m_graph.symbols = m_table.symbols();
        if (m_handsOverAdded)
            handOverAdded(progress);
        else
            m_graph.symbols.insert(m_graph.symbols.end(), m_extraSymbols.begin(), m_extraSymbols.end());
        deriveDimensions();
        m_graph.settingDefaults = m_guards.settingDefaults();
        m_graph.settingDefaults.emplace(kRunPhase, kRunPhaseStep);
        for (FileDiagnostic &d : m_guards.importCycleDiagnostics())
            m_graph.diagnostics.push_back(std::move(d));
        // A world that outlives the build gives back what only resolving
        // needed; one handed over is freed whole on another core.
        if (!progress.release)
            m_guards.releaseMemos();
        return true;
    }

private:
    void flush(const BuildProgress &progress)
    {
        if (m_handsOverAdded)
            handOverAdded(progress);
        if (progress.emit && !m_graph.callSites.empty())
            progress.emit(std::exchange(m_graph.callSites, {}), std::exchange(m_graph.edges, {}));
    }

    // The symbols added since the last hand-over (they stay here too: the resolver reads them).
    void handOverAdded(const BuildProgress &progress)
    {
        if (m_addedHandedOver == m_extraSymbols.size())
            return;
        progress.added({m_extraSymbols.begin() + static_cast<std::ptrdiff_t>(m_addedHandedOver), m_extraSymbols.end()});
        m_addedHandedOver = m_extraSymbols.size();
    }

    void bindBases()
    {
        SymbolTable &table = m_table;
        for (const Symbol &s : m_table.symbols()) {
            const ClassInfo *c = m_table.cls(s.id);
            if (!c)
                continue;
            std::vector<SymbolId> bases;
            std::vector<std::string> external;
            for (const Chain &b : c->fact->bases)
                for (const Value &v : m_evaluator.evalChain(b, {c->module, 0, 0})) {
                    if (v.kind == Value::Kind::Class && v.id != s.id)
                        bases.push_back(v.id);
                    else if (v.kind == Value::Kind::External)
                        external.push_back(v.external);
                }
            table.setBases(s.id, std::move(bases), std::move(external));
        }
        table.finishHierarchy();
        m_evaluator.clearMemo();
    }

    // Continues the graph in the index: its added symbols keep their ids and
    // new ones come after them. False when they do not fit the definitions.
    bool startFrom(IncrementalBuild &incremental)
    {
        m_lastSiteId = incremental.lastCallSiteId;
        m_loadCalls = incremental.loadCalls;
        if (incremental.filesCalling) {
            m_filesCalling = incremental.filesCalling;
            m_guards.setCallSource([this](int module) -> const std::vector<CallFact> & { return callsOf(module); },
                                   [this](const std::string &name) { return modulesCalling(name); });
        }
        m_withCalls.insert(incremental.modules.begin(), incremental.modules.end());
        for (const Symbol &s : incremental.addedSymbols) {
            if (s.id < m_firstAddedId || (s.originId && !m_table.function(s.originId)))
                return false;
            m_addedBefore.emplace(s.id, s);
            if (s.kind == SymbolKind::External)
                m_externals.emplace(s.qualName, s.id);
            else if (s.originId) {
                m_specialisations.emplace(std::make_tuple(s.originId, s.parentId, s.variant), s.id);
                m_specialOf.emplace(s.id, s.originId);
            }
        }
        if (!m_addedBefore.empty())
            m_firstNewId = m_addedBefore.rbegin()->first + 1;
        return true;
    }

    // The copies of the changed files' functions already in the index are
    // resolved again (their call sites went with the files'); their lines
    // and those of the files' own symbols follow the new text.
    void respecialise(IncrementalBuild &incremental)
    {
        std::set<std::int64_t> changedFiles;
        for (int m : incremental.modules)
            changedFiles.insert(m_table.moduleAt(m).fileIndex + 1);
        for (const Symbol &s : m_table.symbols())
            if (changedFiles.count(s.fileId))
                incremental.movedSymbols.push_back(s);
        for (const auto &[id, s] : m_addedBefore) {
            if (!s.originId || !changedFiles.count(s.fileId))
                continue;
            m_pending.push_back({id, s.originId, s.parentId, s.variant});
            Symbol moved = s;
            moved.line = m_table.symbol(s.originId).line;
            moved.endLine = m_table.symbol(s.originId).endLine;
            incremental.movedSymbols.push_back(std::move(moved));
        }
    }

    const std::vector<CallFact> &callsOf(int module)
    {
        const std::vector<CallFact> &own = m_files[static_cast<size_t>(module)].calls;
        if (!m_loadCalls || m_withCalls.count(module))
            return own;
        auto [it, added] = m_loadedCalls.try_emplace(module);
        if (added)
            it->second = m_loadCalls(m_table.moduleAt(module).fileIndex);
        return it->second;
    }

    // The modules that may call `name` in an incremental build: the changed
    // ones, whose calls are new, and those whose call sites in the index do.
    std::vector<int> modulesCalling(const std::string &name)
    {
        if (m_moduleOfFile.empty())
            for (int m = 0; m < m_table.moduleCount(); ++m)
                m_moduleOfFile[m_table.moduleAt(m).fileIndex] = m;
        std::set<int> modules(m_withCalls.begin(), m_withCalls.end());
        for (int file : m_filesCalling(name))
            if (const auto it = m_moduleOfFile.find(file); it != m_moduleOfFile.end())
                modules.insert(it->second);
        return {modules.begin(), modules.end()};
    }

    void groupCalls(int module)
    {
        if (!m_grouped.insert(module).second)
            return;
        for (const CallFact &c : callsOf(module))
            if (!c.scope.empty())
                m_callsByFunction[m_table.functionForScope(module, c.scope)].push_back(&c);
    }

    SymbolId nextId() const { return m_firstNewId + static_cast<SymbolId>(m_extraSymbols.size()); }

    SymbolId externalSymbol(const std::string &dotted)
    {
        std::string name = dotted;
        std::optional<std::pair<std::string, std::string>> kernel = m_kernels.external(dotted);
        if (kernel)
            name = kernel->first;
        if (kernel && m_launches.isHelper(name))
            kernel.reset(); // a helper of a library outside the index: not a kernel
        if (auto it = m_externals.find(name); it != m_externals.end())
            return it->second;
        Symbol s;
        s.id = nextId();
        s.qualName = name;
        s.name = name.substr(name.rfind('.') == std::string::npos ? 0 : name.rfind('.') + 1);
        s.kind = SymbolKind::External;
        m_extraSymbols.push_back(s);
        m_externals.emplace(name, s.id);
        if (kernel) {
            m_graph.kernels.push_back({s.id, kernel->second, m_kernels.category(name), {}});
            m_externalKernels.insert(s.id);
        }
        return s.id;
    }

    // The function a call runs for a receiver of class `cls` with arguments
    // making `variant`: a specialisation when it is inherited and calls
    // through self, or when the arguments fix parameters it tests.
    SymbolId callTarget(SymbolId function, SymbolId cls, std::string variant = {})
    {
        const FunctionInfo *fn = m_table.function(function);
        const bool receiverCopy = fn && cls && fn->cls && fn->callsOnSelf && (fn->cls != cls || isOpen(function));
        if (!fn || (!receiverCopy && variant.empty()))
            return function;
        const Symbol &orig = m_table.symbol(function);
        const SymbolId owner = receiverCopy || fn->cls ? (cls ? cls : fn->cls) : orig.parentId;
        const bool wraps = variant.find("=&") != std::string::npos; // one copy per wrapped function
        if (!wraps) // bounded: further shapes share the general copy
            variant = m_budget.admit(function, owner, variant, [&](const std::string &v) {
                return m_specialisations.count(std::make_tuple(function, owner, v)) > 0;
            });
        if (!receiverCopy && variant.empty())
            return function;
        const auto key = std::make_tuple(function, owner, variant);
        if (auto it = m_specialisations.find(key); it != m_specialisations.end())
            return it->second;
        if (m_specialisations.size() >= kMaxSpecialisations)
            return function;
        Symbol s = orig;
        s.id = nextId();
        if (receiverCopy)
            s.qualName = m_table.symbol(cls).qualName + "." + orig.name;
        s.parentId = owner;
        s.originId = function;
        s.variant = variant;
        if (!variant.empty() && !wraps)
            m_budget.made(function, owner, variant);
        m_extraSymbols.push_back(s);
        m_specialisations.emplace(key, s.id);
        m_specialOf.emplace(s.id, function);
        m_pending.push_back({s.id, function, fn->cls ? owner : 0, variant});
        return s.id;
    }

    bool isOpen(SymbolId function)
    {
        if (const FunctionInfo *fn = m_table.function(function))
            groupCalls(fn->module);
        return m_open.overriddenBelow(function, m_callsByFunction[function]);
    }

    // The variant of `function` a call with `shape` made where `self` is of class `callerSelf` makes (argument_shape.h).
    std::string variantOf(SymbolId function, const std::string &shape, SymbolId callerSelf)
    {
        const FunctionInfo *fn = m_table.function(function);
        if (!fn)
            return {};
        auto [it, added] = m_argumentUse.try_emplace(function);
        if (added && !m_kernels.sourceOf(function)) { // a kernel ends every path: one copy of it is enough
            groupCalls(fn->module);
            const auto &calls = m_callsByFunction[function];
            it->second = {testedParameters(*fn->fact, calls), forwardsArguments(*fn->fact, calls),
                          receiverParameters(*fn->fact, calls, fn->cls && !fn->isStatic), handsOnKwargs(*fn->fact, calls)};
        }
        const auto &[tested, forwards, receivers, kwargsHandedOn] = it->second;
        if (tested.empty() && !forwards && receivers.empty() && !kwargsHandedOn)
            return {};
        return variantFor(*fn->fact, fn->cls && !fn->isStatic, shape, tested, forwards, receivers, callerSelf, kwargsHandedOn);
    }

    // The classes a copy's variant binds its parameters to, as the
    // evaluator's argument bindings (kept for the scopes that point to them).
    const ArgTypes *boundArguments(const std::string &variant)
    {
        if (variant.find("=@") == std::string::npos && variant.find("=&") == std::string::npos)
            return nullptr;
        auto [it, added] = m_variantArgs.try_emplace(variant);
        if (added) {
            for (const auto &[param, cls] : boundClasses(variant))
                it->second.push_back({param, cls, false});
            for (const auto &[param, fn] : boundFunctions(variant))
                it->second.push_back({param, fn, false, true});
        }
        return &it->second;
    }

    void addTargets(std::vector<Target> &out, const std::vector<DispatchTarget> &targets, const Value &v, const std::string *shape,
                    SymbolId callerSelf)
    {
        for (const DispatchTarget &t : targets) {
            std::string variant = shape ? variantOf(t.function, *shape, callerSelf) : std::string();
            if (v.boundArg) // a decorator's wrapper, copied for the function it wraps
                variant += "|" + v.boundParam + "=&" + std::to_string(v.boundArg);
            Target r{callTarget(t.function, t.selfClass, std::move(variant)), weaker(v.how, t.how), v.conditions};
            addConditions(r.conditions, t.conditions);
            out.push_back(std::move(r));
        }
    }

    std::vector<Target> resolve(const Chain &chain, const Scope &scope, const std::string *shape = nullptr, bool outside = true)
    {
        std::vector<Target> out;
        const FunctionInfo *caller = m_table.function(scope.function);
        const SymbolId callerSelf = caller && caller->cls && !caller->isStatic ? (scope.selfClass ? scope.selfClass : caller->cls) : 0;
        Values values = m_evaluator.evalChain(chain, scope);
        if (const std::string_view name = caller && !scope.selfClass ? OpenReceivers::selfMethod(*caller, chain) : "";
            !name.empty() && isOpen(scope.function)) // an open receiver (open_receivers.h)
            addTargets(out, m_evaluator.overrides(caller->cls, std::string(name), Resolution::Override), Value{}, shape, callerSelf);
        for (size_t i = 0, direct = values.size(); i < values.size(); ++i) {
            const Value v = values[i];
            switch (v.kind) {
            case Value::Kind::Function:
                addTargets(out, m_evaluator.dispatch(v), v, shape, callerSelf);
                for (Value &r : i < direct ? m_evaluator.alsoCalled(v) : Values{})
                    values.push_back(std::move(r));
                break;
            case Value::Kind::Instance:
                addTargets(out, m_evaluator.instanceCall(v, m_profile.callMethods), v, shape, callerSelf);
                break;
            case Value::Kind::Class:
                if (chain.ends_with(".__class__")) // a copy of an object's own class: not followed (docs/call-resolution.md)
                    break;
                if (const SymbolId post = m_table.postInit(v.id)) // a dataclass's generated __init__ calls it
                    out.push_back({callTarget(post, v.id), v.how, v.conditions});
                // Instantiation runs __init__; a class without one is still
                // resolved: the edge then points at the class itself.
                if (const SymbolId init = m_table.lookupMethod(v.id, "__init__")) {
                    out.push_back({callTarget(init, v.id), v.how, v.conditions});
                } else {
                    out.push_back({v.id, v.how, v.conditions});
                    // ... and the __init__ of a base outside the index, if any.
                    if (const std::string base = outside ? m_evaluator.externalBase(v.id) : std::string(); !base.empty())
                        out.push_back({externalSymbol(base + ".__init__"), v.how, v.conditions});
                }
                break;
            case Value::Kind::External:
                if (outside)
                    out.push_back({externalSymbol(v.external), v.how, v.conditions});
                break;
            case Value::Kind::Container: // a display is not called; its method is its type's (`d.get`)
                if (const char *type = builtinTypeName(v.builtinType); outside && type && v.callable && !isElementStoreMethod(v.external))
                    out.push_back({externalSymbol(std::string("<builtin>.") + type + "." + v.external), v.how, v.conditions});
                break;
            case Value::Kind::Module:
                break;
            }
        }
        if (out.empty())
            for (SymbolId id : m_nameOnly.of(chain))
                out.push_back({id, Resolution::NameOnly, {}});
        return out;
    }

    void addCallSite(const CallFact &c, int module, SymbolId caller, const Scope &scope)
    {
        CallSite site;
        site.id = ++m_lastSiteId;
        site.fileId = m_table.moduleAt(module).fileIndex + 1;
        site.callerId = caller;
        site.callee = withoutNameKeys(c.callee); // shown as written before names were kept as keys
        site.line = c.line;
        site.guards = c.guards;
        ConditionSet siteConditions = m_guards.conditionsOf(c.guards, scope, c.line);
        if (const std::optional<Condition> setup = setupCondition(m_table, scope.function, c.guards, c.line))
            addCondition(siteConditions, *setup);
        // The instances the call passes: one way each where made in ways of their own (passed_instances.h).
        PassedWays passed = placesOfPassedInstances(m_table, m_evaluator, c, scope);
        if (passed.ways.size() == 1)
            addConditions(siteConditions, passed.ways.front());
        const bool byWay = passed.ways.size() > 1;
        if (!byWay)
            passed.ways = {{}};
        const std::string shape = m_shapes.of(c, scope, m_callsByFunction[scope.function]);
        const bool read = c.args == kPropertyRead, maybe = read || c.args == kMaybeCalled;
        std::vector<Target> targets = resolve(c.callee, scope, &shape, !maybe);
        if (maybe) { // `map(f, xs)` calls f, a read its property: only into the index (no symbol outside it)
            std::erase_if(targets, [&](const Target &t) {
                const FunctionInfo *fn = m_table.function(t.callee);
                return t.how == Resolution::NameOnly || symbolOf(t.callee).kind == SymbolKind::External
                    || (read && (!fn || !fn->isProperty()));
            });
            if (targets.empty()) {
                --m_lastSiteId;
                return;
            }
        }
        if (m_launches.enabled() && caller != m_table.moduleAt(module).symbol && libraryOfModule(module))
            noteLibraryCall(site.callee, caller, targets);
        if (targets.empty())
            m_graph.edges.push_back({site.id, 0, Resolution::Unresolved, siteConditions});
        std::multimap<SymbolId, size_t> seen;
        for (const Target &t : targets) {
            const auto special = m_specialOf.find(t.callee);
            const std::vector<bool> fits = waysTakenBy(m_table, m_evaluator,
                                                       special == m_specialOf.end() ? t.callee : special->second, passed);
            for (size_t w = 0; w < passed.ways.size(); ++w) {
                if (!fits[w])
                    continue;
                const ConditionSet &way = passed.ways[w];
                Edge e{site.id, t.callee, t.how, siteConditions};
                addConditions(e.conditions, way);
                addConditions(e.conditions, t.conditions);
                if (auto fc = m_mapper.forFunction(nameOf(t.callee)))
                    addCondition(e.conditions, *fc);
                if (auto sc = m_mapper.forSymbol(qualNameOf(t.callee)))
                    addCondition(e.conditions, *sc);
                if (byWay && contradictory(e.conditions))
                    continue;
                // The same callee through several values: one edge whose
                // conditions allow each way there, when they differ in one
                // dimension's values only; else an edge per way.
                bool merged = false;
                for (auto [it, end] = seen.equal_range(t.callee); it != end && !merged; ++it)
                    merged = mergeAlternative(m_graph.edges[it->second].conditions, e.conditions);
                if (merged)
                    continue;
                seen.emplace(t.callee, m_graph.edges.size());
                m_graph.edges.push_back(std::move(e));
            }
        }
        m_graph.callSites.push_back(std::move(site));
    }

    int libraryOfModule(int module)
    {
        if (m_libraryOfModule.empty()) {
            m_libraryOfModule.resize(static_cast<size_t>(m_table.moduleCount()));
            for (int m = 0; m < m_table.moduleCount(); ++m)
                m_libraryOfModule[static_cast<size_t>(m)] = m_launches.libraryOf(m_table.moduleAt(m).name);
        }
        return m_libraryOfModule[static_cast<size_t>(module)];
    }

    // What a kernel library's function does: launch device work, or call
    // another library function (resolved by more than the name).
    void noteLibraryCall(const std::string &callee, SymbolId caller, const std::vector<Target> &targets)
    {
        auto [byText, added] = m_launchesByText.try_emplace(callee, false);
        if (added) // the profile's patterns, matched once per callee text
            byText->second = m_launches.launchesByText(callee);
        const auto copyOf = m_specialOf.find(caller); // a copy's locals are its function's
        const FunctionInfo *fn = m_table.function(copyOf == m_specialOf.end() ? caller : copyOf->second);
        if (byText->second || (fn && m_launches.launchesThroughLocal(callee, m_table.localsOf(*fn)))) {
            m_launches.noteLaunch(caller);
            return;
        }
        for (const Target &t : targets) {
            if (t.how == Resolution::NameOnly)
                continue;
            const Symbol &s = symbolOf(t.callee);
            if (s.kind == SymbolKind::External) {
                if (m_externalKernels.count(t.callee) || m_launches.launchesExternal(s.qualName))
                    m_launches.noteLaunch(caller);
                continue;
            }
            const auto special = m_specialOf.find(t.callee);
            const SymbolId function = special == m_specialOf.end() ? t.callee : special->second;
            const FunctionInfo *fn = m_table.function(function);
            if (!fn)
                continue;
            if (launchDecorated(function))
                m_launches.noteLaunch(caller);
            else if (libraryOfModule(fn->module))
                m_launches.noteCall(caller, t.callee);
        }
    }

    bool launchDecorated(SymbolId function)
    {
        auto [it, added] = m_launchDecorated.try_emplace(function, false);
        if (added) {
            for (const std::string &d : m_kernels.decorators(function))
                it->second = it->second || m_launches.launchDecorator(d);
            if (!it->second)
                if (const auto m = m_kernels.match(function))
                    it->second = !m->library; // a Triton kernel and the like
        }
        return it->second;
    }

    const Symbol &symbolOf(SymbolId id) const
    {
        if (id < m_firstAddedId)
            return m_table.symbol(id);
        if (id >= m_firstNewId)
            return m_extraSymbols[static_cast<size_t>(id - m_firstNewId)];
        return m_addedBefore.at(id);
    }
    const std::string &nameOf(SymbolId id) const { return symbolOf(id).name; }
    const std::string &qualNameOf(SymbolId id) const { return symbolOf(id).qualName; }

    // Derived dimensions' values, and the flags the settings class sets itself.
    void deriveDimensions()
    {
        for (const DerivedRule &rule : m_profile.derived)
            for (const Symbol &s : m_table.symbols()) {
                if (s.kind != SymbolKind::Function && s.kind != SymbolKind::Method)
                    continue;
                const std::optional<std::string> key = rule.functions.substitute(s.qualName, rule.key, true);
                if (!key)
                    continue;
                for (auto &[value, conditions] : m_guards.derivedReturns(s.id, rule))
                    m_graph.derivedValues.push_back({rule.dimension, rule.keyDimension, *key, value, std::move(conditions)});
            }
        std::ranges::move(m_guards.settingRows(), std::back_inserter(m_graph.derivedValues));
    }

    // Kernels among the definitions and their per-receiver copies; with
    // `newOnly`, among the copies made by this build only. A kernel
    // library's entry must launch (when the profile says what launches); a
    // copy is a kernel when its method is.
    void classifyKernels(bool newOnly)
    {
        std::map<SymbolId, std::string> sources;
        std::map<SymbolId, std::optional<std::string>> originals;
        auto sourceOf = [&](SymbolId id) -> const std::optional<std::string> & {
            auto [it, added] = originals.try_emplace(id);
            if (added)
                if (const auto m = m_kernels.match(id))
                    if (!m->library || !m_launches.enabled() || (launches(id) && !m_launches.isHelper(symbolOf(id).qualName)))
                        it->second = m->source;
            return it->second;
        };
        if (!newOnly)
            for (const Symbol &s : m_table.symbols())
                if (s.kind == SymbolKind::Function || s.kind == SymbolKind::Method)
                    if (const auto &src = sourceOf(s.id))
                        sources.emplace(s.id, *src);
        for (const auto &[special, original] : m_specialOf)
            if (special >= m_firstNewId)
                if (const auto &src = sourceOf(original))
                    sources.emplace(special, *src);
        const std::map<SymbolId, std::vector<std::string>> aliases = newOnly ? std::map<SymbolId, std::vector<std::string>>{}
                    : kernelAliases(m_table, m_files, m_evaluator, sources, [this](int m) { return libraryOfModule(m) != 0; });
        for (const auto &[id, source] : sources) {
            const auto a = aliases.find(id);
            m_graph.kernels.push_back({id, source, m_kernels.category(symbolOf(id).qualName),
                                       a == aliases.end() ? std::vector<std::string>{} : a->second});
        }
    }

    // Whether a library function launches; in an incremental build (whose
    // libraries did not change, or it would be whole) the index knows.
    bool launches(SymbolId function)
    {
        if (m_incremental)
            return m_incremental->kernelsBefore.count(function) > 0;
        return m_launches.launches(function);
    }

    const std::vector<ModuleFacts> &m_files;
    const Profile &m_profile;
    CallGraph &m_graph;
    SymbolTable m_table;
    ConditionMapper m_mapper;
    Evaluator m_evaluator;
    GuardEvaluator m_guards;
    RegistryIndex m_registries;
    KernelClassifier m_kernels;
    KernelLaunchFilter m_launches;
    OpenReceivers m_open{m_table};
    NameOnlyCandidates m_nameOnly{m_table};
    std::set<SymbolId> m_externalKernels;
    std::unordered_map<SymbolId, bool> m_launchDecorated;
    std::unordered_map<std::string, bool> m_launchesByText;
    std::vector<int> m_libraryOfModule;
    IncrementalBuild *m_incremental = nullptr;
    std::vector<Symbol> m_extraSymbols;
    bool m_handsOverAdded = false; // BuildProgress::added
    size_t m_addedHandedOver = 0;  // of m_extraSymbols
    std::unordered_map<std::string, SymbolId> m_externals;
    std::map<std::tuple<SymbolId, SymbolId, std::string>, SymbolId> m_specialisations;
    VariantBudget m_budget; // copies per function and owner
    std::set<std::string> m_variants; // stable storage of the shapes scopes point to
    // tested params, forwards, receiver params, hands its own **kwargs on
    std::unordered_map<SymbolId, std::tuple<std::vector<std::string>, bool, std::vector<std::string>, bool>> m_argumentUse;
    std::map<std::string, ArgTypes> m_variantArgs; // stable storage of the bindings scopes point to
    std::function<std::vector<int>(const std::string &)> m_filesCalling; // incremental: see IncrementalBuild
    std::unordered_map<int, int> m_moduleOfFile;
    std::map<SymbolId, SymbolId> m_specialOf;
    std::deque<std::tuple<SymbolId, SymbolId, SymbolId, std::string>> m_pending;
    std::unordered_map<SymbolId, std::vector<const CallFact *>> m_callsByFunction;
    std::int64_t m_lastSiteId = 0;
    SymbolId m_firstAddedId = 1; // after the definitions
    SymbolId m_firstNewId = 1;   // after the added symbols already in the index
    std::map<SymbolId, Symbol> m_addedBefore;
    std::function<std::vector<CallFact>(int)> m_loadCalls; // for the files that came without their calls:
    std::set<int> m_withCalls;                             // all but these
    std::unordered_map<int, std::vector<CallFact>> m_loadedCalls;
    std::set<int> m_grouped;
    // What a call of a name's method (`batch.set_flag(False)`) runs, for the state it sets.
    CallShapes m_shapes{m_table, m_evaluator, m_profile.notNoneResults, [this](const CallFact &c, const Scope &s) {
        std::vector<const FunctionInfo *> out;
        for (const Target &t : resolve(c.callee, s))
            if (const FunctionInfo *fn = m_table.function(m_specialOf.count(t.callee) ? m_specialOf.at(t.callee) : t.callee))
                out.push_back(fn);
        return out;
    }};
};

} // namespace

bool buildCallGraph(const std::vector<ModuleFacts> &files, const Profile &profile, CallGraph &graph,
                    const BuildProgress &progress, IncrementalBuild *incremental)
{
    graph.symbols.clear();
    graph.callSites.clear();
    graph.edges.clear();
    graph.kernels.clear();
    // An incremental build reads the locals of unchanged files on demand.
    LocalsSource locals;
    if (incremental && incremental->loadLocals) {
        locals.omitted.assign(files.size(), 1);
        for (int m : incremental->modules)
            locals.omitted[static_cast<size_t>(m)] = 0;
        locals.load = incremental->loadLocals;
    }
    auto builder = std::make_shared<Builder>(files, profile, graph, std::move(locals));
    const bool built = builder->run(progress, incremental);
    if (progress.release)
        progress.release(std::move(builder));
    return built;
}

} // namespace katlas
