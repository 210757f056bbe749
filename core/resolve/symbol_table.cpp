// Building the symbol table from syntax facts (see symbol_table.h).
#include "resolve/symbol_table.h"

#include "parse/function_scopes.h"
#include "resolve/chain.h"
#include "resolve/definition_guards.h"
#include "resolve/global_lifetimes.h"

#include <algorithm>
#include <functional>

namespace katlas {

bool hasDecorator(const std::vector<Decorator> &decorators, std::string_view name)
{
    return std::any_of(decorators.begin(), decorators.end(), [&](const Decorator &d) {
        const std::string_view called = std::string_view(d.chain).substr(0, d.chain.find('('));
        return called == name
            || (called.size() > name.size() && called.ends_with(name) && called[called.size() - name.size() - 1] == '.');
    });
}

bool ClassInfo::isDataclass() const
{
    return fact && hasDecorator(fact->decorators, "dataclass");
}

bool FunctionInfo::isProperty() const
{
    return std::any_of(decorators.begin(), decorators.end(), [](const Decorator &d) {
        return d.chain == "property" || (d.chain.size() > 9 && d.chain.compare(d.chain.size() - 9, 9, "_property") == 0);
    });
}

namespace {

std::string parentScope(const std::string &qual)
{
    const auto dot = qual.rfind('.');
    return dot == std::string::npos ? std::string() : qual.substr(0, dot);
}

// C3 linearisation; falls back to a depth-first order for inconsistent hierarchies.
std::vector<SymbolId> linearise(SymbolId cls, const std::function<const std::vector<SymbolId> &(SymbolId)> &basesOf,
                                std::unordered_map<SymbolId, std::vector<SymbolId>> &memo, int depth)
{
    if (auto it = memo.find(cls); it != memo.end())
        return it->second;
    memo[cls] = {cls}; // breaks cycles in broken hierarchies
    if (depth > 64)
        return {cls};
    std::vector<std::vector<SymbolId>> seqs;
    for (SymbolId b : basesOf(cls))
        seqs.push_back(linearise(b, basesOf, memo, depth + 1));
    seqs.push_back(basesOf(cls));
    std::vector<SymbolId> out{cls};
    for (;;) {
        seqs.erase(std::remove_if(seqs.begin(), seqs.end(), [](const auto &s) { return s.empty(); }), seqs.end());
        if (seqs.empty())
            break;
        SymbolId pick = 0;
        for (const auto &s : seqs) {
            const SymbolId head = s.front();
            const bool inTail = std::any_of(seqs.begin(), seqs.end(), [&](const auto &t) {
                return std::find(t.begin() + 1, t.end(), head) != t.end();
            });
            if (!inTail) {
                pick = head;
                break;
            }
        }
        if (!pick) { // inconsistent: depth-first, left to right
            for (const auto &s : seqs)
                for (SymbolId id : s)
                    if (std::find(out.begin(), out.end(), id) == out.end())
                        out.push_back(id);
            break;
        }
        if (std::find(out.begin(), out.end(), pick) == out.end())
            out.push_back(pick);
        for (auto &s : seqs)
            if (!s.empty() && s.front() == pick)
                s.erase(s.begin());
    }
    memo[cls] = out;
    return out;
}

} // namespace

SymbolTable::SymbolTable(const std::vector<ModuleFacts> &files, LocalsSource locals, std::set<std::string> startup)
    : m_files(files), m_localsSource(std::move(locals)), m_startup(std::move(startup)), m_localsBound(files.size(), 0)
{
    m_localsSource.omitted.resize(files.size(), 0);
    m_modules.reserve(files.size());
    m_scopes.resize(files.size());
    for (size_t i = 0; i < files.size(); ++i)
        addModule(static_cast<int>(i));
    for (size_t i = 0; i < files.size(); ++i)
        collectBindings(static_cast<int>(i));
}

SymbolId SymbolTable::addSymbol(Symbol s)
{
    s.id = static_cast<SymbolId>(m_symbols.size()) + 1;
    m_symbols.push_back(std::move(s));
    return m_symbols.back().id;
}

void SymbolTable::addModule(int fileIndex)
{
    const ModuleFacts &f = m_files[static_cast<size_t>(fileIndex)];
    const std::int64_t fileId = fileIndex + 1;
    ModuleInfo info;
    info.fileIndex = fileIndex;
    info.name = f.module;
    info.isPackage = f.isPackage;
    info.allNames = f.allNames;
    info.symbol = addSymbol({0, fileId, f.module, lastComponent(f.module), SymbolKind::Module, 1,
                             std::max(1, f.lineCount), 0});
    auto &scope = m_scopes[static_cast<size_t>(fileIndex)];
    for (const ClassFact &c : f.classes) {
        const SymbolId id = addSymbol({0, fileId, f.module + "." + c.qualName, lastComponent(c.qualName),
                                       SymbolKind::Class, c.line, c.endLine, 0});
        scope[c.qualName] = id;
        ClassInfo ci;
        ci.symbol = id;
        ci.fact = &c;
        ci.module = fileIndex;
        m_classes.emplace(id, std::move(ci));
        m_classesByName[lastComponent(c.qualName)].push_back(id);
    }
    const std::vector<std::string> functionScopes = katlas::functionScopes(f);
    for (size_t i = 0; i < f.functions.size(); ++i) {
        const FunctionFact &fn = f.functions[i];
        const SymbolId id = addSymbol({0, fileId, f.module + "." + fn.qualName, lastComponent(fn.qualName),
                                       fn.className.empty() ? SymbolKind::Function : SymbolKind::Method,
                                       fn.line, fn.endLine, 0});
        scope[functionScopes[i]] = id;
        FunctionInfo fi;
        fi.symbol = id;
        fi.fact = &fn;
        fi.scope = functionScopes[i];
        fi.module = fileIndex;
        fi.decorators = fn.decorators;
        for (const Decorator &d : fn.decorators) {
            fi.isStatic = fi.isStatic || d.chain == "staticmethod";
            fi.isClassMethod = fi.isClassMethod || d.chain == "classmethod";
        }
        // Class methods without the decorator: Python makes them so.
        const std::string_view name = std::string_view(fn.qualName).substr(fn.qualName.rfind('.') + 1);
        fi.isClassMethod = fi.isClassMethod || name == "__init_subclass__" || name == "__class_getitem__";
        m_functions.emplace(id, std::move(fi));
    }
    // Parents: the enclosing class, function or module; a nested function's
    // enclosing function.
    for (auto &[qual, id] : scope) {
        const std::string parent = parentScope(qual);
        const auto it = parent.empty() ? scope.end() : scope.find(parent);
        m_symbols[static_cast<size_t>(id - 1)].parentId = it == scope.end() ? info.symbol : it->second;
        if (const auto fi = m_functions.find(id); fi != m_functions.end() && it != scope.end() && m_functions.count(it->second))
            fi->second.outer = it->second;
    }
    m_moduleByName.emplace(f.module, static_cast<int>(m_modules.size()));
    m_modules.push_back(std::move(info));
}

void SymbolTable::collectBindings(int moduleIndex)
{
    ModuleInfo &mod = m_modules[static_cast<size_t>(moduleIndex)];
    const ModuleFacts &f = m_files[static_cast<size_t>(moduleIndex)];
    const auto &scope = m_scopes[static_cast<size_t>(moduleIndex)];

    // Where a binding made in scope `s` lands: module globals, a function's
    // locals or a class body.
    const std::function<BindingMap *(const std::string &)> bindingsOf = [&](const std::string &s) -> BindingMap * {
        if (s.empty())
            return &mod.globals;
        const auto it = scope.find(s);
        if (it == scope.end())
            return nullptr;
        if (auto fn = m_functions.find(it->second); fn != m_functions.end())
            return &fn->second.locals;
        if (auto c = m_classes.find(it->second); c != m_classes.end())
            return &c->second.classAttrs;
        return nullptr;
    };

    bindDefinitions(moduleIndex, bindingsOf);
    for (const ImportFact &imp : f.imports) {
        BindingMap *b = bindingsOf(imp.scope);
        if (!b)
            continue;
        if (imp.name == "*") {
            if (imp.scope.empty())
                mod.starImports.push_back(&imp);
            continue;
        }
        std::string bound = imp.alias;
        if (bound.empty())
            bound = imp.name.empty() ? imp.module.substr(0, imp.module.find('.')) : imp.name;
        (*b)[bound].push_back({Binding::Kind::Import, 0, &imp, nullptr});
    }
    const GlobalLifetimes lifetimes(f, m_startup);
    for (const AssignmentFact &a : f.assignments) {
        if (a.target.rfind(kForeignTarget, 0) == 0)
            continue; // another object's attribute binds no name here
        if (!lifetimes.seen(a))
            continue;
        if (a.target.rfind("self.", 0) == 0) {
            const auto it = scope.find(a.scope);
            if (it == scope.end())
                continue;
            // In a function nested in a method, `self` is the method's (a closure).
            const FunctionInfo *fn = enclosingMethod(function(it->second));
            if (fn && fn->fact && !fn->fact->className.empty()) {
                const auto cit = scope.find(fn->fact->className);
                const auto cls = cit == scope.end() ? m_classes.end() : m_classes.find(cit->second);
                if (cls != m_classes.end())
                    cls->second.selfAttrs[a.target.substr(5)].push_back({&a, it->second});
            }
            continue;
        }
        if (BindingMap *b = bindingsOf(a.scope))
            (*b)[a.target].push_back({Binding::Kind::Assignment, 0, nullptr, &a});
    }
    if (!m_localsSource.omitted[static_cast<size_t>(moduleIndex)])
        bindLocals(moduleIndex);
    const std::vector<std::string> functionScopes = katlas::functionScopes(f);
    for (size_t i = 0; i < f.functions.size(); ++i) {
        const FunctionFact &fn = f.functions[i];
        const auto sit = scope.find(functionScopes[i]);
        if (sit == scope.end() || !m_functions.count(sit->second))
            continue; // redefined under the same name as a class
        const SymbolId id = sit->second;
        FunctionInfo &fi = m_functions[id];
        if (!fn.className.empty()) {
            const auto cit = scope.find(fn.className);
            const auto cls = cit == scope.end() ? m_classes.end() : m_classes.find(cit->second);
            if (cls != m_classes.end()) {
                fi.cls = cit->second;
                // A property's setter or deleter (`@path.setter def path`)
                // leaves the name read as the getter.
                const std::string name = lastComponent(fn.qualName);
                const bool accessor = std::any_of(fn.decorators.begin(), fn.decorators.end(), [&](const Decorator &d) {
                    return d.chain == name + ".setter" || d.chain == name + ".deleter";
                });
                if (parentScope(fn.qualName) == fn.className && !(accessor && cls->second.methods.count(name)))
                    cls->second.methods[name] = id;
            }
        }
        fi.callsOnSelf = fi.callsOnSelf || (fi.cls && fn.callsOnSelf);
    }
}

// Every class and function definition binds its name in the scope around it,
// each under the guards resolve/definition_guards.h works out from the
// definitions of that name in that scope.
void SymbolTable::bindDefinitions(int moduleIndex,
                                  const std::function<BindingMap *(const std::string &)> &bindingsOf)
{
    const ModuleFacts &f = m_files[static_cast<size_t>(moduleIndex)];
    struct Def {
        int line;
        SymbolId id;
        const std::string *qual;
        const GuardList *guards;
    };
    // Classes, then functions, took consecutive ids after the module's (addModule).
    std::vector<Def> defs;
    defs.reserve(f.classes.size() + f.functions.size());
    SymbolId id = m_modules[static_cast<size_t>(moduleIndex)].symbol;
    for (const ClassFact &c : f.classes)
        defs.push_back({c.line, ++id, &c.qualName, &c.guards});
    for (const FunctionFact &fn : f.functions)
        defs.push_back({fn.line, ++id, &fn.qualName, &fn.guards});
    std::stable_sort(defs.begin(), defs.end(), [](const Def &a, const Def &b) {
        return *a.qual != *b.qual ? *a.qual < *b.qual : a.line < b.line;
    });
    for (size_t i = 0; i < defs.size();) {
        size_t end = i + 1;
        while (end < defs.size() && *defs[end].qual == *defs[i].qual)
            ++end;
        BindingMap *b = bindingsOf(parentScope(*defs[i].qual));
        if (b && end == i + 1) {
            Binding binding{Binding::Kind::Definition, defs[i].id, nullptr, nullptr};
            if (!defs[i].guards->empty())
                binding.guards = defs[i].guards;
            (*b)[lastComponent(*defs[i].qual)].push_back(binding);
        } else if (b) {
            std::vector<const GuardList *> inOrder;
            for (size_t k = i; k < end; ++k)
                inOrder.push_back(defs[k].guards);
            const std::vector<std::optional<GuardList>> holds = definitionGuards(inOrder);
            for (size_t k = i; k < end; ++k) {
                const std::optional<GuardList> &g = holds[k - i];
                if (!g)
                    continue;
                Binding binding{Binding::Kind::Definition, defs[k].id, nullptr, nullptr};
                if (!g->empty())
                    binding.guards = &m_definitionGuards.emplace_back(*g);
                (*b)[lastComponent(*defs[k].qual)].push_back(binding);
            }
        }
        i = end;
    }
}

const std::vector<AssignmentFact> &SymbolTable::localsOfFile(int moduleIndex) const
{
    const int file = m_modules[static_cast<size_t>(moduleIndex)].fileIndex;
    if (!m_localsSource.omitted[static_cast<size_t>(file)] || !m_localsSource.load)
        return m_files[static_cast<size_t>(file)].locals;
    auto [it, added] = m_loadedLocals.try_emplace(file);
    if (added)
        it->second = m_localsSource.load(file);
    return it->second;
}

// Local assignments land in their function's locals, after its imports
// and definitions, in the order of the file.
void SymbolTable::bindLocals(int moduleIndex) const
{
    if (m_localsBound[static_cast<size_t>(moduleIndex)])
        return;
    m_localsBound[static_cast<size_t>(moduleIndex)] = 1;
    const auto &scope = m_scopes[static_cast<size_t>(moduleIndex)];
    for (const AssignmentFact &a : localsOfFile(moduleIndex)) {
        const auto it = scope.find(a.scope);
        const auto fn = it == scope.end() ? m_functions.end() : m_functions.find(it->second);
        if (fn != m_functions.end() && !a.target.empty()) // no target: a call kept for its arguments
            fn->second.locals[a.target].push_back({Binding::Kind::Assignment, 0, nullptr, &a});
    }
}

const AssignmentFact &SymbolTable::local(int module, int index) const
{
    return localsOfFile(module).at(static_cast<size_t>(index));
}

const ModuleInfo *SymbolTable::module(const std::string &dotted) const
{
    const auto it = m_moduleByName.find(dotted);
    return it == m_moduleByName.end() ? nullptr : &m_modules[static_cast<size_t>(it->second)];
}

const ClassInfo *SymbolTable::cls(SymbolId id) const
{
    const auto it = m_classes.find(id);
    return it == m_classes.end() ? nullptr : &it->second;
}

const FunctionInfo *SymbolTable::function(SymbolId id) const
{
    const auto it = m_functions.find(id);
    return it == m_functions.end() ? nullptr : &it->second;
}

SymbolTable::ForeignAssignments SymbolTable::foreignAssignments() const
{
    ForeignAssignments out;
    const size_t prefix = std::char_traits<char>::length(kForeignTarget);
    for (int m = 0; m < moduleCount(); ++m)
        for (const AssignmentFact &a : m_files[static_cast<size_t>(moduleAt(m).fileIndex)].assignments)
            if (a.target.rfind(kForeignTarget, 0) == 0)
                out[a.target.substr(prefix)].emplace_back(m, &a);
    return out;
}

const FunctionInfo *SymbolTable::enclosingMethod(const FunctionInfo *fn) const
{
    const FunctionInfo *method = fn;
    while (method && method->fact && method->fact->className.empty() && method->outer)
        method = function(method->outer);
    return method && method->fact && !method->fact->className.empty() ? method : fn;
}

SymbolId SymbolTable::functionForScope(int module, const std::string &scope) const
{
    if (scope.empty())
        return m_modules[static_cast<size_t>(module)].symbol;
    const auto &s = m_scopes[static_cast<size_t>(module)];
    const auto it = s.find(scope);
    return it == s.end() ? m_modules[static_cast<size_t>(module)].symbol : it->second;
}

std::string SymbolTable::absoluteModule(const ModuleInfo &from, const ImportFact &imp) const
{
    if (imp.level == 0)
        return module(imp.module) ? imp.module : scriptSibling(from, imp.module);
    std::string base = from.name;
    int up = from.isPackage ? imp.level - 1 : imp.level;
    for (; up > 0; --up) {
        const auto dot = base.rfind('.');
        base = dot == std::string::npos ? std::string() : base.substr(0, dot);
    }
    if (imp.module.empty())
        return base;
    return base.empty() ? imp.module : base + "." + imp.module;
}

std::string SymbolTable::scriptSibling(const ModuleInfo &from, const std::string &imported) const
{
    // A script's folder is first on sys.path (and Python 2 imports
    // relatively), so `import tools` there is the file beside the importer.
    const auto dot = from.name.rfind('.');
    const std::string folder = from.isPackage ? from.name : dot == std::string::npos ? std::string() : from.name.substr(0, dot);
    if (folder.empty())
        return imported;
    // The whole name must be there, and not be the importer itself (a
    // module named as an outside package it imports, `compressed_tensors`).
    const std::string sibling = folder + "." + imported;
    return sibling != from.name && module(sibling) ? sibling : imported;
}

SymbolId SymbolTable::postInit(SymbolId clsId) const
{
    const ClassInfo *c = cls(clsId);
    return c && c->isDataclass() ? lookupMethod(clsId, "__post_init__") : 0;
}

SymbolId SymbolTable::lookupMethod(SymbolId clsId, const std::string &name) const
{
    const ClassInfo *c = cls(clsId);
    if (!c)
        return 0;
    for (SymbolId k : c->mro) {
        const ClassInfo *ki = cls(k);
        if (!ki)
            continue;
        if (auto it = ki->methods.find(name); it != ki->methods.end())
            return it->second;
    }
    return 0;
}

SymbolId SymbolTable::lookupSuperMethod(SymbolId self, SymbolId after, const std::string &name) const
{
    const ClassInfo *c = cls(self);
    if (!c)
        return 0;
    auto it = std::find(c->mro.begin(), c->mro.end(), after);
    if (it == c->mro.end())
        return 0;
    for (++it; it != c->mro.end(); ++it) {
        const ClassInfo *ki = cls(*it);
        if (!ki)
            continue;
        if (auto m = ki->methods.find(name); m != ki->methods.end())
            return m->second;
    }
    return 0;
}

std::vector<SymbolId> SymbolTable::subclassesOf(SymbolId clsId) const
{
    std::vector<SymbolId> out{clsId};
    for (size_t i = 0; i < out.size() && out.size() < 4096; ++i) {
        const ClassInfo *c = cls(out[i]);
        if (!c)
            continue;
        for (SymbolId s : c->subclasses)
            if (std::find(out.begin(), out.end(), s) == out.end())
                out.push_back(s);
    }
    return out;
}

bool SymbolTable::isSubclass(SymbolId clsId, SymbolId base) const
{
    const ClassInfo *c = cls(clsId);
    return c && std::find(c->mro.begin(), c->mro.end(), base) != c->mro.end();
}

const std::vector<SymbolId> &SymbolTable::classesNamed(const std::string &name) const
{
    static const std::vector<SymbolId> none;
    const auto it = m_classesByName.find(name);
    return it == m_classesByName.end() ? none : it->second;
}

void SymbolTable::setBases(SymbolId clsId, std::vector<SymbolId> bases, std::vector<std::string> external)
{
    ClassInfo &c = m_classes[clsId];
    c.bases = std::move(bases);
    c.externalBases = std::move(external);
}

void SymbolTable::finishHierarchy()
{
    for (auto &[id, c] : m_classes)
        for (SymbolId b : c.bases)
            if (auto it = m_classes.find(b); it != m_classes.end() && b != id)
                it->second.subclasses.push_back(id);
    for (auto &[id, c] : m_classes)
        std::sort(c.subclasses.begin(), c.subclasses.end());
    std::unordered_map<SymbolId, std::vector<SymbolId>> memo;
    const std::function<const std::vector<SymbolId> &(SymbolId)> basesOf = [this](SymbolId id) -> const std::vector<SymbolId> & {
        static const std::vector<SymbolId> none;
        const auto it = m_classes.find(id);
        return it == m_classes.end() ? none : it->second.bases;
    };
    for (auto &[id, c] : m_classes)
        c.mro = linearise(id, basesOf, memo, 0);
}

std::vector<std::string> SymbolTable::paramsAssignedAgain(const FunctionInfo &function) const
{
    std::vector<std::string> out;
    const BindingMap &locals = localsOf(function);
    for (const Param &p : function.fact->params)
        if (locals.count(p.name))
            out.push_back(p.name);
    return out;
}

} // namespace katlas
