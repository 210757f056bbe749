// The instantiation index (see instantiation_index.h).
#include "resolve/instantiation_index.h"

#include "parse/fact_extractor.h"
#include "parse/function_scopes.h"
#include "resolve/chain.h"

#include <algorithm>

namespace katlas {

InstantiationIndex::InstantiationIndex(const SymbolTable &table) : m_table(table)
{
    auto add = [&](int module, SymbolId function, const ValueFact &v) {
        if (std::optional<std::string> name = instantiatedName(v)) {
            m_byName[*name].push_back({module, function, &v, -1});
            for (const std::string &passed : passedNames(v))
                m_passes[passed].push_back({module, function, &v, -1});
        }
    };
    for (int m = 0; m < table.moduleCount(); ++m) {
        const ModuleFacts &f = table.files()[static_cast<size_t>(table.moduleAt(m).fileIndex)];
        const std::vector<std::string> scopes = functionScopes(f);
        for (const AssignmentFact &a : f.assignments) {
            add(m, table.functionForScope(m, a.scope), a.value);
            const Chain &c = a.value.chain;
            if (!c.empty() && c.find_first_of("([") == Chain::npos && a.target.find_first_of(".[") == std::string::npos) {
                const std::string named = c.substr(c.rfind('.') == Chain::npos ? 0 : c.rfind('.') + 1);
                if (named != a.target)
                    m_aliases[named].push_back(a.target);
            }
        }
        for (const FunctionFact &fn : f.functions)
            for (const Decorator &d : fn.decorators) {
                const bool called = d.chain.ends_with("()");
                const Chain name = called ? d.chain.substr(0, d.chain.size() - 2) : d.chain;
                if (name.empty() || name.find_first_of("([") != Chain::npos)
                    continue;
                std::vector<std::string> &defs = m_decorated[lastComponent(name) + (called ? "()" : "")];
                if (std::string def = lastComponent(fn.qualName); std::find(defs.begin(), defs.end(), def) == defs.end())
                    defs.push_back(std::move(def));
            }
        for (const LocalAliasFact &a : f.localAliases)
            if (a.function >= 0 && static_cast<size_t>(a.function) < f.functions.size())
                m_localAliases[a.name].push_back({m, table.functionForScope(m, scopes[static_cast<size_t>(a.function)]), a.target});
        for (const LocalCallFact &c : f.localCalls) {
            Instantiation at{m, 0, nullptr, c.index};
            if (c.function >= 0 && static_cast<size_t>(c.function) < f.functions.size())
                at.function = table.functionForScope(m, scopes[static_cast<size_t>(c.function)]);
            else if (c.function != -1)
                continue;
            m_byName[c.name].push_back(at);
            for (const std::string &passed : c.passed)
                m_passes[passed].push_back(at);
        }
        for (size_t i = 0; i < f.functions.size(); ++i)
            for (const ValueFact &r : f.functions[i].returns)
                add(m, table.functionForScope(m, scopes[i]), r);
    }
    addReturnedAliases();
}

namespace {

// A chain naming something without calling or indexing: `pkg.Cls.method`.
bool isPlainName(const Chain &c)
{
    return !c.empty() && c.find_first_of("([") == Chain::npos;
}

// What a return hands out by name: a plain name (`return Cls._simple`), the
// first argument of a returned call (`return partial(Cls._gather, mode=m)`),
// or the elements of a container read by name (`return cls._handlers.get(name)`,
// `return HANDLERS[name]`: "_handlers[]", the name its stores are filed by).
std::string handedOut(const ValueFact &r)
{
    const Chain &c = r.chain;
    if (isPlainName(c))
        return lastComponent(c);
    for (const char *read : {".get()", ".pop()"})
        if (c.ends_with(read) && isPlainName(c.substr(0, c.size() - std::string_view(read).size())))
            return lastComponent(c.substr(0, c.size() - std::string_view(read).size())) + "[]";
    if (const size_t open = c.find('['); open != Chain::npos && c.back() == ']' && isPlainName(c.substr(0, open))
        && c.find_first_of("([", open + 1) == Chain::npos)
        return lastComponent(c.substr(0, open)) + "[]";
    if (!r.args.empty() && c.size() > 2 && c.ends_with("()") && isPlainName(r.args.front()))
        return lastComponent(r.args.front());
    return {};
}

} // namespace

void InstantiationIndex::addReturnedAliases()
{
    // Function name -> the names its returns hand out (handedOut).
    std::unordered_map<std::string, std::vector<std::string>> handsOut;
    // Called function name -> the names its result is assigned to
    // (`self.fn = Cls.get_fn(...)` -> "fn", a local `handler = Registry.get_handler(name)` -> "handler").
    std::unordered_map<std::string, std::vector<std::string>> assignedTo;
    for (int m = 0; m < m_table.moduleCount(); ++m) {
        const ModuleFacts &f = m_table.files()[static_cast<size_t>(m_table.moduleAt(m).fileIndex)];
        for (const FunctionFact &fn : f.functions)
            for (const ValueFact &r : fn.returns) {
                if (isPlainName(r.chain) && r.chain.find('.') == Chain::npos) {
                    auto &returners = m_returners[r.chain];
                    const std::pair<int, std::string> returner{m, lastComponent(fn.qualName)};
                    if (std::find(returners.begin(), returners.end(), returner) == returners.end())
                        returners.push_back(returner);
                }
                if (std::string handed = handedOut(r); !handed.empty())
                    handsOut[lastComponent(fn.qualName)].push_back(std::move(handed));
            }
        // A returned local that read a container's element by key
        // (`fn = cls._fns.get(key); return fn`) hands that element out too.
        for (const LocalCallFact &c : f.localCalls)
            if (!c.reads.empty() && c.function >= 0 && static_cast<size_t>(c.function) < f.functions.size()) {
                const FunctionFact &fn = f.functions[static_cast<size_t>(c.function)];
                if (std::any_of(fn.returns.begin(), fn.returns.end(), [&](const ValueFact &r) { return r.chain == c.target; }))
                    handsOut[lastComponent(fn.qualName)].push_back(c.reads);
            }
        for (const AssignmentFact &a : f.assignments) {
            const Chain &c = a.value.chain;
            if (c.size() > 2 && c.compare(c.size() - 2, 2, "()") == 0 && isPlainName(c.substr(0, c.size() - 2))
                && a.target.find('[') == std::string::npos)
                assignedTo[lastComponent(c.substr(0, c.size() - 2))].push_back(lastComponent(a.target));
        }
        for (const LocalCallFact &c : f.localCalls)
            if (isPlainName(c.target) && c.target.find('.') == std::string::npos)
                assignedTo[c.name].push_back(c.target);
    }
    for (const auto &[function, handed] : handsOut) {
        const auto to = assignedTo.find(function);
        if (to == assignedTo.end())
            continue;
        for (const std::string &name : handed)
            for (const std::string &alias : to->second) {
                std::vector<std::string> &aliases = m_aliases[name];
                if (alias != name && std::find(aliases.begin(), aliases.end(), alias) == aliases.end())
                    aliases.push_back(alias);
            }
    }
}

std::vector<std::string> InstantiationIndex::decoratedWithWrapper(const std::string &name, int module) const
{
    std::vector<std::string> out;
    const auto add = [&](const std::string &decorator) {
        if (const auto it = m_decorated.find(decorator); it != m_decorated.end())
            for (const std::string &def : it->second)
                if (std::find(out.begin(), out.end(), def) == out.end())
                    out.push_back(def);
    };
    for (const std::string &decorator : returnersOf(name, module)) {
        add(decorator);                                        // @plain
        for (const std::string &factory : returnersOf(decorator, module))
            add(factory + "()");                               // @recurse(...)
    }
    return out;
}

std::vector<Instantiation> InstantiationIndex::localAliasCallsOf(const std::string &name) const
{
    std::vector<Instantiation> out;
    const auto it = m_localAliases.find(name);
    if (it == m_localAliases.end())
        return out;
    for (const LocalAlias &a : it->second)
        for (const Instantiation &at : callsOf(a.target))
            if (at.module == a.module && at.function == a.function)
                out.push_back(at);
    return out;
}

std::vector<std::string> InstantiationIndex::returnersOf(const std::string &name, int module) const
{
    std::vector<std::string> out;
    if (const auto it = m_returners.find(name); it != m_returners.end())
        for (const auto &[in, returner] : it->second)
            if (in == module)
                out.push_back(returner);
    return out;
}

const std::vector<Instantiation> &InstantiationIndex::callsOf(const std::string &name) const
{
    static const std::vector<Instantiation> none;
    const auto it = m_byName.find(name);
    return it == m_byName.end() ? none : it->second;
}

std::vector<Instantiation> InstantiationIndex::factoryCallsOf(const std::string &name) const
{
    std::vector<Instantiation> out;
    const auto it = m_returners.find(name);
    if (it == m_returners.end())
        return out;
    std::vector<std::string> factories;
    for (const auto &[module, returner] : it->second)
        if (std::find(factories.begin(), factories.end(), returner) == factories.end()) {
            factories.push_back(returner);
            const std::vector<Instantiation> &calls = callsOf(returner + "()");
            out.insert(out.end(), calls.begin(), calls.end());
        }
    return out;
}

const std::vector<std::string> &InstantiationIndex::aliasesOf(const std::string &name) const
{
    static const std::vector<std::string> none;
    const auto it = m_aliases.find(name);
    return it == m_aliases.end() ? none : it->second;
}

Chain argumentFor(const ValueFact &call, const Param &p, size_t positional)
{
    for (const auto &[keyword, value] : call.keywordArgs)
        if (keyword == p.name)
            return value;
    return !p.keywordOnly && positional < call.args.size() ? call.args[positional] : Chain{};
}

const std::vector<Instantiation> &InstantiationIndex::passesOf(const std::string &name) const
{
    static const std::vector<Instantiation> none;
    const auto it = m_passes.find(name);
    return it == m_passes.end() ? none : it->second;
}

const ValueFact &InstantiationIndex::call(const Instantiation &at) const
{
    return at.call ? *at.call : m_table.local(at.module, at.local).value;
}

} // namespace katlas
