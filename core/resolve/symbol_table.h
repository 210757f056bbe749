// The definitions of all indexed modules, as one table: modules, classes
// (with resolved bases, MRO and subclasses), functions, and what each name
// in each scope is bound to. Built once from the syntax facts; read-only after.
#pragma once

#include "graph/call_graph.h"
#include "parse/syntax_facts.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace katlas {

using SymbolId = std::int64_t;

// What a name can be bound to in a scope. Several entries per name when it is
// assigned or imported more than once (under different guards).
struct Binding {
    enum class Kind { Definition, Import, Assignment };
    Kind kind = Kind::Definition;
    SymbolId symbol = 0;                     // Definition
    const ImportFact *import = nullptr;      // Import
    const AssignmentFact *assignment = nullptr; // Assignment
    // Definition: the guards under which it is what the name is bound to
    // (resolve/definition_guards.h); null for none.
    const GuardList *guards = nullptr;
};
using BindingMap = std::unordered_map<std::string, std::vector<Binding>>;

struct ModuleInfo {
    int fileIndex = 0;
    std::string name;
    SymbolId symbol = 0;
    bool isPackage = false;
    BindingMap globals;
    std::vector<const ImportFact *> starImports;
    std::vector<std::string> allNames;
};

// Is one of `decorators` `name` or `module.name`, with or without
// arguments (`@dataclass`, `@dataclasses.dataclass(frozen=True)`)?
bool hasDecorator(const std::vector<Decorator> &decorators, std::string_view name);

struct FunctionInfo {
    SymbolId symbol = 0;
    const FunctionFact *fact = nullptr;
    std::string scope;         // what its body's facts name it by (parse/function_scopes.h)
    int module = 0;
    SymbolId cls = 0;          // the class of a method
    SymbolId outer = 0;        // enclosing function of a nested function
    bool isStatic = false;
    bool isClassMethod = false;
    bool callsOnSelf = false;  // has calls through its self parameter
    // Assignments, imports and definitions in its body. Read through
    // SymbolTable::localsOf: a file's assignments may be bound on first use.
    mutable BindingMap locals;
    std::vector<Decorator> decorators;

    // A getter: `@property`, `@functools.cached_property` and the like.
    bool isProperty() const;
};

struct ClassInfo {
    SymbolId symbol = 0;
    const ClassFact *fact = nullptr;
    int module = 0;
    std::vector<SymbolId> bases;           // indexed bases, resolved
    std::vector<std::string> externalBases; // dotted names of bases outside the index
    std::vector<SymbolId> subclasses;      // direct
    std::unordered_map<std::string, SymbolId> methods;  // defined in this class
    BindingMap classAttrs;                 // class-body assignments and annotations
    std::unordered_map<std::string, std::vector<std::pair<const AssignmentFact *, SymbolId>>> selfAttrs;
    std::vector<SymbolId> mro;             // this class first

    // `@dataclass`, `@dataclasses.dataclass`, `@dataclass(frozen=True)`.
    bool isDataclass() const;
};

// Where the table finds the locals of files whose facts came without them.
struct LocalsSource {
    std::vector<char> omitted; // per file index
    std::function<std::vector<AssignmentFact>(int fileIndex)> load;
};

class SymbolTable {
public:
    // `files` must outlive the table. Symbols are numbered from 1 in the order
    // modules, then their classes and functions, as CallGraph ids.
    // `startup`: the functions a deployment runs before any model code
    // (profile `startup`; resolve/global_lifetimes.h).
    explicit SymbolTable(const std::vector<ModuleFacts> &files, LocalsSource locals = {}, std::set<std::string> startup = {});

    const std::vector<ModuleFacts> &files() const { return m_files; }
    const std::vector<Symbol> &symbols() const { return m_symbols; }
    const Symbol &symbol(SymbolId id) const { return m_symbols[static_cast<size_t>(id - 1)]; }
    SymbolId addSymbol(Symbol s);

    const ModuleInfo *module(const std::string &dotted) const;
    const ModuleInfo &moduleAt(int index) const { return m_modules[static_cast<size_t>(index)]; }
    int moduleCount() const { return static_cast<int>(m_modules.size()); }
    const ClassInfo *cls(SymbolId id) const;
    const FunctionInfo *function(SymbolId id) const;
    // The assignments to another object's attribute or container
    // (kForeignTarget: `*.flag`, `*._handlers[]`), by what follows the
    // prefix: module index and assignment.
    using ForeignAssignments = std::unordered_map<std::string, std::vector<std::pair<int, const AssignmentFact *>>>;
    ForeignAssignments foreignAssignments() const;
    // The method a function is, or is nested in (its closure's `self`);
    // the function itself when it is in no method.
    const FunctionInfo *enclosingMethod(const FunctionInfo *fn) const;
    SymbolId functionForScope(int module, const std::string &scope) const;
    // What names a function's body binds; its file's locals are read now
    // when they were omitted.
    const BindingMap &localsOf(const FunctionInfo &function) const
    {
        if (!m_localsBound[static_cast<size_t>(function.module)])
            bindLocals(function.module);
        return function.locals;
    }
    // Its parameters the body assigns again (`if x is None: x = ...`).
    std::vector<std::string> paramsAssignedAgain(const FunctionInfo &function) const;
    // A local assignment of a module's file, by its index in the file's locals.
    const AssignmentFact &local(int module, int index) const;

    // Resolves a relative import's module against the importing module.
    std::string absoluteModule(const ModuleInfo &from, const ImportFact &imp) const;
    // `imported` as the importing module's folder sees it: the module
    // beside it where no module of the index has the name itself and the
    // module beside it is not the importer; else `imported`.
    std::string scriptSibling(const ModuleInfo &from, const std::string &imported) const;

    // Method lookup along the MRO; 0 when not found.
    SymbolId lookupMethod(SymbolId cls, const std::string &name) const;
    // The `__post_init__` a dataclass's generated `__init__` calls; 0 for
    // another class or none.
    SymbolId postInit(SymbolId cls) const;
    // The class after `cls` in `self`'s MRO that defines `name` (for super()).
    SymbolId lookupSuperMethod(SymbolId self, SymbolId cls, const std::string &name) const;
    // All subclasses, transitively, `cls` first.
    std::vector<SymbolId> subclassesOf(SymbolId cls) const;
    bool isSubclass(SymbolId cls, SymbolId base) const;
    // All classes whose name is `name` (last component), for annotations by name.
    const std::vector<SymbolId> &classesNamed(const std::string &name) const;

    // Filled in by the resolver once bases are bound.
    void setBases(SymbolId cls, std::vector<SymbolId> bases, std::vector<std::string> external);
    void finishHierarchy();

private:
    void addModule(int fileIndex);
    void collectBindings(int moduleIndex);
    void bindDefinitions(int moduleIndex, const std::function<BindingMap *(const std::string &)> &bindingsOf);
    const std::vector<AssignmentFact> &localsOfFile(int moduleIndex) const;
    void bindLocals(int moduleIndex) const;

    const std::vector<ModuleFacts> &m_files;
    std::vector<Symbol> m_symbols;
    std::vector<ModuleInfo> m_modules;
    std::unordered_map<std::string, int> m_moduleByName;
    std::unordered_map<SymbolId, ClassInfo> m_classes;
    std::unordered_map<SymbolId, FunctionInfo> m_functions;
    std::vector<std::unordered_map<std::string, SymbolId>> m_scopes; // per module: qualName -> symbol (its last definition)
    std::deque<GuardList> m_definitionGuards; // what Binding::guards point to
    std::unordered_map<std::string, std::vector<SymbolId>> m_classesByName;
    LocalsSource m_localsSource;
    std::set<std::string> m_startup;
    mutable std::vector<char> m_localsBound; // per module
    mutable std::unordered_map<int, std::vector<AssignmentFact>> m_loadedLocals;
};

} // namespace katlas
