// Static evaluation of chains (see evaluator.h).
#include "resolve/evaluator.h"
#include "resolve/python_builtins.h"

#include "graph/allocation_condition.h"
#include "graph/condition_ways.h"
#include "resolve/allocation_sites.h"
#include "resolve/effect_conditions.h"
#include "resolve/guard_evaluator.h"
#include "resolve/instantiation_index.h"
#include "resolve/registry_index.h"

#include <algorithm>
#include <cctype>

namespace katlas {
namespace {

constexpr size_t kMaxValues = 256;
constexpr int kMaxDepth = 48;

std::string key(char kind, long long a, long long b, const std::string &name = {})
{
    return std::string(1, kind) + std::to_string(a) + ':' + std::to_string(b) + ':' + name;
}

} // namespace

Evaluator::Evaluator(const SymbolTable &table, ConditionMapper &mapper)
    : m_table(table), m_mapper(mapper), m_allocations(std::make_unique<AllocationSites>(table))
{
}

void Evaluator::clearMemo()
{
    m_memo.clear();
    m_kept.clear();
}

Value Evaluator::moduleValue(const SymbolTable &t, int module)
{
    Value v;
    v.kind = Value::Kind::Module;
    v.module = module;
    v.id = t.moduleAt(module).symbol;
    return v;
}

void Evaluator::append(Values &out, Values more)
{
    for (Value &v : more) {
        if (out.size() >= kMaxValues)
            return;
        const auto same = std::find_if(
            out.begin(), out.end(), [&](const Value &o) { return o.sameTarget(v) && o.conditions == v.conditions; });
        if (same == out.end())
            out.push_back(std::move(v));
    }
}


void Evaluator::addMapped(Values &values, const GuardList &guards, bool dimensionsOnly, const Scope *scope, int line,
                          bool evenOutside)
{
    if (guards.empty() || values.empty())
        return;
    // Only values that calls can be resolved to are worth working guards out
    // for, and names imported under a guard (`if _use_aiter: from aiter
    // import f`): few, and often all a kernel library's entry.
    const bool informative = evenOutside
        || std::any_of(values.begin(), values.end(), [](const Value &v) { return v.kind != Value::Kind::External; });
    ConditionSet conds;
    std::vector<ConditionSet> ways{{}}; // by building place (see below)
    for (const Guard &g : guards) {
        Condition c = m_mapper.map(g);
        if (c.dimension.empty() && m_guards && scope && informative) {
            // A value under a guard that never holds is no value; one under a
            // guard worked out to conditions takes them.
            if (const std::optional<GuardEvaluator::Decision> d
                = m_guards->decideAt(guards, static_cast<size_t>(&g - guards.data()), *scope, line)) {
                if (d->never) {
                    values.clear();
                    return;
                }
                addConditions(conds, d->conditions);
                // Ways that differ by building place split the value (up to
                // 8); other ways, or more, stay with the guard's text, for a
                // filter or the path's own building places to rule out.
                if (!splitByPlace(ways, d->ways) && d->keepText && !d->ways.empty()) {
                    setWays(c, d->ways);
                    addCondition(conds, c);
                    continue;
                }
            }
        }
        if (!dimensionsOnly || !c.dimension.empty())
            addCondition(conds, c);
    }
    Values out;
    for (const ConditionSet &way : ways)
        for (Value v : values) {
            addConditions(v.conditions, conds);
            addConditions(v.conditions, way);
            if (!contradictory(v.conditions))
                out.push_back(std::move(v));
        }
    values = std::move(out);
}

// A guard on what an instance's builder passed holds in ways that differ by
// building place (`backend.is_deep()`: where MethodB builds it, or where
// MethodA does under a setting): the value is taken once per such way, so
// each instance sees only its own (graph/allocation_condition.h). At most 8.
bool Evaluator::splitByPlace(std::vector<ConditionSet> &ways, const std::vector<ConditionSet> &alternatives)
{
    constexpr size_t kMaxWays = 8;
    const bool byPlace = std::any_of(alternatives.begin(), alternatives.end(), [](const ConditionSet &w) {
        return std::any_of(w.begin(), w.end(), [](const Condition &c) { return isAllocationDimension(c.dimension); });
    });
    if (!byPlace || ways.size() * alternatives.size() > kMaxWays)
        return false;
    std::vector<ConditionSet> split;
    for (const ConditionSet &way : ways)
        for (const ConditionSet &alternative : alternatives) {
            ConditionSet both = way;
            addConditions(both, alternative);
            split.push_back(std::move(both));
        }
    ways = std::move(split);
    return true;
}

Values Evaluator::evalChain(const std::string &chain, const Scope &scope)
{
    const auto segs = splitChain(chain);
    return evalSegments(segs, segs.size(), scope);
}

Values Evaluator::evalSegments(const std::vector<ChainSegment> &segs, size_t count, const Scope &scope)
{
    if (count == 0 || segs.empty())
        return {};
    if (m_depth > kMaxDepth) {
        ++m_depthCuts;
        return {};
    }
    ++m_depth;
    Values current;
    size_t i = 1;
    // super().name: the method after the defining class in self's MRO.
    if (segs[0].name == "super" && count >= 2 && segs[1].kind == ChainSegment::Kind::Call) {
        const FunctionInfo *fn = m_table.function(scope.function);
        while (fn && !fn->cls && fn->outer)
            fn = m_table.function(fn->outer);
        if (fn && fn->cls) {
            Value v;
            v.kind = Value::Kind::Instance;
            v.id = v.selfClass = scope.selfClass ? scope.selfClass : fn->cls;
            v.superAfter = fn->cls;
            current.push_back(v);
        }
        i = 2;
    } else {
        current = evalName(segs[0].name, scope);
    }
    Values owners; // the values an attribute step was taken on (what holds `obj.attr[]`)
    for (; i < count && (!current.empty() || segs[i].kind == ChainSegment::Kind::Subscript); ++i) {
        Values next;
        std::optional<Values> stored; // what was stored into the container, read once
        std::optional<std::vector<std::string>> keys; // a subscript's or getattr's keys, worked out once
        auto storedHere = [&]() -> const Values & {
            if (!stored)
                stored = storedElements(segs, i, owners, scope);
            return *stored;
        };
        for (const Value &v : current) {
            switch (segs[i].kind) {
            case ChainSegment::Kind::Attr:
                if (const std::string_view variable = dynamicAttributeName(segs[i].name); isAttributePattern(variable)) {
                    append(next, attributesMatching(v, variable)); // getattr(obj, "visit_" + kind)
                } else if (!variable.empty()) {
                    // getattr(obj, name): each attribute a literal the name may hold names.
                    if (!keys)
                        keys = literalKeys(std::string(variable), scope, 0).value_or(std::vector<std::string>{});
                    for (const std::string &key : *keys)
                        if (key.size() > 2 && key.front() == '\'')
                            append(next, attribute(v, key.substr(1, key.size() - 2)));
                        else if (key.size() > 2 && key.front() == '{') // `name = "visit_" + kind`
                            append(next, attributesMatching(v, std::string_view(key).substr(1, key.size() - 2)));
                } else if (v.kind == Value::Kind::Container) {
                    append(next, containerAttribute(v, segs[i].name, storedHere()).value_or(Values{}));
                } else if (segs[i].name == "__class__" && i + 1 < count && segs[i + 1].kind == ChainSegment::Kind::Call) {
                    // A copy of its own class built as a value (`return
                    // self.__class__(items)` in __getitem__) is not followed:
                    // what the object holds would become copies of it.
                } else if (i + 1 < count && v.kind == Value::Kind::Instance && !v.callable) {
                    append(next, readProperties(attribute(v, segs[i].name))); // `self.path.add(x)`
                } else {
                    append(next, attribute(v, segs[i].name));
                }
                break;
            case ChainSegment::Kind::Call:
                append(next, callResult(v));
                break;
            case ChainSegment::Kind::Subscript:
                // A container gives its elements; other values are
                // transparent (self.layers[i] is a layer) and a subscripted
                // kernel is its launcher (kernel[grid]). An element stored
                // under the literal key replaces the display's.
                if (v.kind != Value::Kind::Container) {
                    append(next, elementsOf(v, {}));
                    break;
                }
                if (!keys)
                    keys = subscriptKeys(segs[i].name, scope);
                for (const std::string &key : *keys)
                    if (key.empty() || storedUnder(segs, i, owners, scope, key).empty())
                        append(next, elementsOf(v, key));
                break;
            case ChainSegment::Kind::Name:
                break;
            }
        }
        if (segs[i].kind == ChainSegment::Kind::Subscript)
            append(next, storedHere());
        owners = segs[i].kind == ChainSegment::Kind::Attr ? std::move(current) : Values{};
        current = std::move(next);
    }
    --m_depth;
    return current;
}

Values Evaluator::evalName(const std::string &name, const Scope &scope)
{
    SymbolId fnId = scope.function;
    bool innermost = true;
    while (fnId) {
        const FunctionInfo *fn = m_table.function(fnId);
        if (!fn)
            break;
        const auto &params = fn->fact->params;
        for (size_t p = 0; p < params.size(); ++p) {
            if (params[p].name != name)
                continue;
            // A wrapper's copy for the definition it wraps: the decorator's parameter holds it.
            if (!innermost && scope.args)
                for (const ArgBinding &a : *scope.args)
                    if (a.param == name && a.isFunction) {
                        Value v;
                        v.kind = Value::Kind::Function;
                        v.id = a.cls;
                        return {v};
                    }
            if (p == 0 && fn->cls && !fn->isStatic) {
                Value v;
                v.kind = fn->isClassMethod ? Value::Kind::Class : Value::Kind::Instance;
                v.id = v.selfClass = innermost && scope.selfClass ? scope.selfClass : fn->cls;
                return {v};
            }
            if (innermost && scope.args) {
                Values passed;
                for (const ArgBinding &a : *scope.args)
                    if (a.param == name) {
                        Value v;
                        v.kind = a.isFunction ? Value::Kind::Function : a.isClass ? Value::Kind::Class : Value::Kind::Instance;
                        v.id = a.cls;
                        v.selfClass = a.isClass || a.isFunction ? 0 : a.cls;
                        v.how = Resolution::Type;
                        passed.push_back(v);
                    }
                if (!passed.empty())
                    return passed;
            }
            Values declared = params[p].annotation.empty() ? Values{}
                                                           : fromAnnotation(params[p].annotation, {fn->module, fn->outer, 0});
            // A constructor's parameter that its annotation does not pin to a
            // class of the index: what the places building the class pass.
            const bool pinned = std::any_of(declared.begin(), declared.end(), [](const Value &v) {
                return v.kind == Value::Kind::Class || v.kind == Value::Kind::Instance;
            });
            if (!pinned && p > 0 && fn->cls && m_table.symbol(fnId).name == "__init__")
                append(declared, constructorArgument(*fn, p));
            else if (!pinned)
                append(declared, passedCallables(*fn, p)); // functions and classes handed in
            return declared;
        }
        if (!name.empty() && (name == fn->fact->varargs || name == fn->fact->kwargs))
            return passedToSplat(*fn, name == fn->fact->kwargs);
        const BindingMap &locals = m_table.localsOf(*fn);
        if (auto it = locals.find(name); it != locals.end()) {
            // Locals are memoised per (function, self class); `x = x.f()` is cut.
            const SymbolId self = innermost ? scope.selfClass : 0;
            const ArgTypes *args = innermost ? scope.args : nullptr;
            return memoised(key('l', fnId, self, name) + argsKey(args), [&] {
                return evalBindings(it->second, {fn->module, fnId, self, args});
            });
        }
        fnId = fn->outer;
        innermost = false;
    }
    if (!scope.function && scope.classBody) {
        Values own = classBodyName(scope.classBody, name);
        if (!own.empty())
            return own;
    }
    Values out = moduleMember(scope.module, name);
    if (out.empty() && isPythonBuiltin(name)) {
        Value v;
        v.external = "<builtin>." + name;
        out.push_back(v);
    }
    return out;
}

Values Evaluator::evalBindings(const std::vector<Binding> &bindings, const Scope &scope)
{
    Values out;
    const ModuleInfo &mod = m_table.moduleAt(scope.module);
    for (const Binding &b : bindings) {
        switch (b.kind) {
        case Binding::Kind::Definition: {
            Value v;
            const Symbol &s = m_table.symbol(b.symbol);
            v.kind = s.kind == SymbolKind::Class ? Value::Kind::Class : Value::Kind::Function;
            v.id = b.symbol;
            Values vals = v.kind == Value::Kind::Function ? decorated(v) : Values{v};
            if (b.guards)
                addMapped(vals, *b.guards, true, &scope);
            append(out, std::move(vals));
            break;
        }
        case Binding::Kind::Import: {
            Values vals = importTarget(mod, *b.import);
            addMapped(vals, b.import->guards, true, &scope, b.import->line, true);
            append(out, std::move(vals));
            break;
        }
        case Binding::Kind::Assignment: {
            const AssignmentFact &a = *b.assignment;
            if (!a.annotation.empty())
                append(out, fromAnnotation(a.annotation, {scope.module, 0, 0}));
            // A module binding a function makes (`global x`) reads that function's names.
            const SymbolId rebinding = a.globalIn.empty() ? 0 : m_table.functionForScope(scope.module, a.globalIn);
            if (!a.value.chain.empty() || !a.value.inner.empty() || a.value.display || a.value.builtinType != BuiltinType::None)
                append(out, evalValueFact(a.value, rebinding ? Scope{scope.module, rebinding, 0} : scope));
            break;
        }
        }
    }
    return out;
}

Values Evaluator::evalValueFact(const ValueFact &vf, const Scope &scope, bool allowInner)
{
    if (vf.chain.starts_with('{')) { // a string built from a literal part: a str
        ValueFact str = vf;
        str.chain.clear();
        str.builtinType = BuiltinType::Str;
        return evalValueFact(str, scope, allowInner);
    }
    // `for x in f(a)`: the elements of the call's value, the call with its arguments.
    if (vf.chain.size() > 4 && vf.chain.ends_with("()[]") && (!vf.args.empty() || !vf.keywordArgs.empty())) {
        ValueFact call = vf;
        call.chain.resize(call.chain.size() - 2);
        Values out;
        for (const Value &v : evalValueFact(call, scope, allowInner))
            append(out, elementsOf(v, {}));
        return out;
    }
    Values vals;
    bool factory = false; // the value comes from calling a function of the index
    if (vf.display) {
        vals.push_back(display(vf, scope));
    } else if (vf.chain == "super()") {
        // `sup = super(B, self)`: the object seen through super(), as where it is called.
        const auto segs = splitChain(vf.chain);
        vals = evalSegments(segs, segs.size(), scope);
    } else if (vf.chain.ends_with(".__class__()")) {
        // A copy of an object's own class (`return self.__class__(items)`):
        // not followed, as where it is called (evalSegments).
    } else if (vf.chain.size() > 2 && vf.chain.compare(vf.chain.size() - 2, 2, "()") == 0) {
        const auto segs = splitChain(vf.chain);
        for (const Value &callee : evalSegments(segs, segs.size() - 1, scope)) {
            factory = factory || callee.kind == Value::Kind::Function;
            if (std::optional<Values> registered = registryLookup(callee, vf, scope))
                append(vals, std::move(*registered));
            else if (std::optional<Value> built = emptyBuiltin(callee, vf))
                vals.push_back(std::move(*built));
            else if (std::optional<Values> walked = builtinWalk(callee, vf, scope))
                append(vals, std::move(*walked));
            else
                append(vals, callResult(callee, &vf, &scope));
            append(vals, lookupDefault(callee, vf, scope));
        }
    } else if (vf.chain.empty() && vf.builtinType == BuiltinType::Str && !scope.classBody) {
        // A str: its methods are str's (`s.join`). Not a class attribute:
        // an enum member stands for its literal (guard_enum_values.cpp).
        Value str;
        str.external = "<builtin>.str";
        vals.push_back(std::move(str));
    } else {
        vals = evalChain(vf.chain, scope);
        if (!vf.chain.ends_with(']'))
            vals = readProperties(std::move(vals)); // `p = self.path`
    }
    const bool informative
        = std::any_of(vals.begin(), vals.end(), [](const Value &v) { return v.kind != Value::Kind::External; });
    if ((!informative || factory) && allowInner) {
        // nn.ModuleList([Layer(...) ...]), make_layers(n, lambda: Layer(...)):
        // the classes built inside stand for the value.
        for (const Chain &inner : vf.inner) {
            Values iv = evalChain(inner, scope);
            iv.erase(
                std::remove_if(iv.begin(), iv.end(), [](const Value &v) { return v.kind != Value::Kind::Instance; }),
                iv.end());
            append(vals, std::move(iv));
        }
    }
    if (vf.unpacked) { // `a, b = value`: a tuple's element, by position where known
        Values parts;
        for (const Value &v : vals)
            append(parts, elementsOf(v, vf.part >= 0 ? std::to_string(vf.part) : std::string()));
        vals = std::move(parts);
    }
    for (Value &v : vals)
        v.how = weaker(v.how, Resolution::Type);
    addMapped(vals, vf.guards, true, &scope, vf.line);
    return vals;
}

Values Evaluator::importTarget(const ModuleInfo &from, const ImportFact &imp)
{
    const std::string abs = m_table.absoluteModule(from, imp);
    Value ext;
    if (imp.name.empty()) {
        // `import a.b` binds `a` (beside the importer where it is a script's sibling).
        const size_t head = std::min(imp.module.find('.'), imp.module.size());
        const std::string bound = imp.alias.empty() ? abs.substr(0, abs.size() - imp.module.size() + head) : abs;
        if (const ModuleInfo *m = m_table.module(bound))
            return {moduleValue(m_table, m_table.symbol(m->symbol).fileId - 1)};
        ext.external = bound;
        return {ext};
    }
    if (const ModuleInfo *m = m_table.module(abs)) {
        const int index = static_cast<int>(m_table.symbol(m->symbol).fileId - 1);
        Values vals = moduleMember(index, imp.name);
        if (!vals.empty())
            return vals;
    }
    if (const ModuleInfo *sub = m_table.module(abs + "." + imp.name))
        return {moduleValue(m_table, static_cast<int>(m_table.symbol(sub->symbol).fileId - 1))};
    if (m_table.module(abs))
        return {};
    ext.external = abs.empty() ? imp.name : abs + "." + imp.name;
    return {ext};
}

Values Evaluator::moduleMember(int module, const std::string &name)
{
    return memoised(key('m', module, 0, name), [&] {
        const ModuleInfo &mod = m_table.moduleAt(module);
        Values out;
        if (auto it = mod.globals.find(name); it != mod.globals.end())
            out = evalBindings(it->second, {module, 0, 0});
        if (out.empty()) {
            for (const ImportFact *star : mod.starImports) {
                const ModuleInfo *target = m_table.module(m_table.absoluteModule(mod, *star));
                if (!target
                    || (!target->allNames.empty()
                        && std::find(target->allNames.begin(), target->allNames.end(), name) == target->allNames.end()))
                    continue;
                append(out, moduleMember(static_cast<int>(m_table.symbol(target->symbol).fileId - 1), name));
            }
        }
        if (out.empty())
            if (const ModuleInfo *sub = m_table.module(mod.name + "." + name))
                out.push_back(moduleValue(m_table, static_cast<int>(m_table.symbol(sub->symbol).fileId - 1)));
        return out;
    });
}

Values Evaluator::selfAttribute(SymbolId cls, const std::string &name)
{
    return memoised(key('s', cls, 0, name), [&] {
        Values out;
        Values declared; // from annotations: any subclass may be there
        const ClassInfo *c = m_table.cls(cls);
        if (c) {
            // A subclass's __init__ setting the attribute again after
            // `super().__init__()` replaces what the bases' __init__ set.
            std::optional<ConditionSet> basesInit;
            for (SymbolId klass : c->mro) {
                const ClassInfo *ki = m_table.cls(klass);
                if (!ki)
                    continue;
                if (auto it = ki->selfAttrs.find(name); it != ki->selfAttrs.end())
                    for (const auto &[assignment, method] : it->second) {
                        const Scope scope{ki->module, method, cls};
                        if (!assignment->annotation.empty())
                            append(declared, fromAnnotation(assignment->annotation, scope));
                        Values vals = evalValueFact(assignment->value, scope);
                        // Set where its method is called: under the profile's conditions on that call.
                        if (const ConditionSet effect = effectConditions(m_mapper, m_table, method); !effect.empty())
                            for (Value &v : vals)
                                addConditions(v.conditions, effect);
                        if (basesInit && method && m_table.symbol(method).name == "__init__") {
                            if (basesInit->empty())
                                continue;
                            for (Value &v : vals)
                                addConditions(v.conditions, *basesInit);
                            std::erase_if(vals, [](const Value &v) { return contradictory(v.conditions); });
                        }
                        append(out, std::move(vals));
                    }
                if (!basesInit)
                    basesInit = replacedByInit(klass, name);
                // Assignments in every class of the MRO count: a subclass's
                // __init__ may override a base's only under a condition.
                if (auto a = ki->classAttrs.find(name); a != ki->classAttrs.end() && out.empty())
                    append(out, evalBindings(a->second, classBodyScope(klass)));
            }
        }
        // An annotation stands for what the assignments do not tell: it is
        // used only when none of them gives a class of the index.
        const bool concrete = std::any_of(out.begin(), out.end(), [](const Value &v) {
            return v.kind == Value::Kind::Instance || v.kind == Value::Kind::Class || v.kind == Value::Kind::Function;
        });
        if (!concrete)
            append(out, std::move(declared));
        return out;
    });
}

Values Evaluator::callResult(const Value &v, const ValueFact *call, const Scope *callerScope)
{
    Values out;
    switch (v.kind) {
    case Value::Kind::Class: {
        Value inst = v;
        inst.kind = Value::Kind::Instance;
        inst.selfClass = v.id;
        if (call && callerScope)
            if (const std::optional<Condition> built = m_allocations->condition(v.id, callerScope->module, callerScope->function))
                addCondition(inst.conditions, *built);
        out.push_back(inst);
        return out;
    }
    case Value::Kind::Instance:
        // `Callable[..., R]` called: an R (the function itself is not known).
        if (v.callable) {
            Value inst = v;
            inst.callable = false;
            out.push_back(inst);
        }
        return out;
    case Value::Kind::Function:
        for (const DispatchTarget &t : dispatch(v)) {
            const ArgTypes types = call && callerScope ? argTypes(t.function, v.selfClass != 0, *call, *callerScope) : ArgTypes{};
            Values r = returnsOf(t.function, t.selfClass, types);
            for (Value &x : r) {
                addConditions(x.conditions, t.conditions);
                addConditions(x.conditions, v.conditions);
                x.how = weaker(weaker(x.how, t.how), v.how);
            }
            append(out, std::move(r));
        }
        return out;
    case Value::Kind::External:
        return externalCallResult(v);
    case Value::Kind::Container: // `d.get(k)`: the elements it hands out
        return v.callable ? containerCall(v) : out;
    default:
        return out;
    }
}

Values Evaluator::returnsOf(SymbolId function, SymbolId selfClass, const ArgTypes &args)
{
    return memoised(key('r', function, selfClass) + argsKey(&args), [&] {
        Values out;
        if (const FunctionInfo *fn = m_table.function(function)) {
            const Scope scope{fn->module, function, selfClass, args.empty() ? nullptr : &args};
            for (const ValueFact &r : fn->fact->returns)
                if (guardsHold(r.guards, args, scope))
                    append(out, evalValueFact(r, scope));
            if (!fn->fact->yields.empty()) { // a generator: what it yields, as elements
                Elements yielded;
                for (const ValueFact &y : fn->fact->yields)
                    for (Value &v : evalValueFact(y, scope))
                        yielded.emplace_back(std::string(), std::move(v));
                append(out, {makeContainer(std::move(yielded))});
            }
            if (m_registries)
                if (const ConditionSet *reg = m_registries->forFunction(function))
                    for (Value &v : out) {
                        addConditions(v.conditions, *reg);
                        v.how = weaker(v.how, Resolution::Registry);
                    }
        }
        return out;
    });
}

} // namespace katlas
