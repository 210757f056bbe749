// Decorator and dict registries (see registry_index.h).
#include "resolve/registry_index.h"

#include "resolve/evaluator.h"

#include <algorithm>

namespace katlas {
namespace {

std::string decoratorName(const Chain &chain)
{
    std::string name = chain;
    if (name.size() > 2 && name.compare(name.size() - 2, 2, "()") == 0)
        name.resize(name.size() - 2);
    const auto dot = name.rfind('.');
    return dot == std::string::npos ? name : name.substr(dot + 1);
}

} // namespace

RegistryIndex::RegistryIndex(const Profile &profile, const SymbolTable &table) : m_profile(profile), m_table(table)
{
    for (const Symbol &s : table.symbols()) {
        const FunctionInfo *fn = table.function(s.id);
        if (!fn)
            continue;
        for (const Decorator &d : fn->decorators)
            for (const RegistryRule &rule : profile.registries)
                if (rule.kind == RegistryRule::Kind::Decorator && !d.firstArg.empty()
                    && decoratorName(d.chain) == rule.name) {
                    if (!rule.dimension.empty())
                        add(m_functions, s.id, rule.dimension, d.firstArg, rule.name);
                    if (!rule.lookup.empty())
                        m_lookups[rule.lookup].push_back({s.id, d.keys});
                }
    }
    for (const RegistryRule &rule : profile.registries)
        if (!rule.lookup.empty())
            m_lookups.try_emplace(rule.lookup); // a lookup nothing is registered for returns None
}

const std::vector<RegistryIndex::Registered> *RegistryIndex::lookup(const std::string &functionName) const
{
    const auto it = m_lookups.find(functionName);
    return it == m_lookups.end() ? nullptr : &it->second;
}

void RegistryIndex::add(std::unordered_map<SymbolId, ConditionSet> &map, SymbolId id, const std::string &dimension,
                        const std::string &key, const std::string &registry)
{
    ConditionSet &set = map[id];
    auto it = std::find_if(set.begin(), set.end(), [&](const Condition &c) { return c.dimension == dimension; });
    if (it == set.end()) {
        set.push_back({dimension, {key}, false, "registry " + registry});
        return;
    }
    if (std::find(it->values.begin(), it->values.end(), key) == it->values.end()) {
        it->values.push_back(key);
        std::sort(it->values.begin(), it->values.end());
    }
}

void RegistryIndex::collectClasses(Evaluator &evaluator)
{
    // A class one registered function returns, under conditions the profile
    // maps (`if not runner.use_mla_backend: return FlashInferAttnBackend(...)`),
    // is registered with them too; one returned in several places keeps the keys only.
    std::unordered_map<SymbolId, std::vector<ConditionSet>> returnedUnder;
    for (const auto &[fn, conds] : m_functions) {
        for (const Value &v : evaluator.returnsOf(fn, 0)) {
            if (v.kind != Value::Kind::Instance && v.kind != Value::Kind::Class)
                continue;
            const SymbolId cls = v.kind == Value::Kind::Instance ? v.selfClass : v.id;
            for (const Condition &c : conds)
                for (const std::string &key : c.values)
                    add(m_classes, cls, c.dimension, key, c.text.substr(9));
            ConditionSet mapped;
            for (const Condition &c : v.conditions)
                if (!c.dimension.empty())
                    mapped.push_back(c);
            auto &ways = returnedUnder[cls];
            if (std::find(ways.begin(), ways.end(), mapped) == ways.end())
                ways.push_back(std::move(mapped));
        }
    }
    for (const auto &[cls, ways] : returnedUnder)
        if (ways.size() == 1)
            for (const Condition &c : ways.front())
                if (std::none_of(m_classes[cls].begin(), m_classes[cls].end(), [&](const Condition &x) { return x.dimension == c.dimension; }))
                    m_classes[cls].push_back(c);
    for (int m = 0; m < m_table.moduleCount(); ++m) {
        const ModuleFacts &f = m_table.files()[static_cast<size_t>(m_table.moduleAt(m).fileIndex)];
        for (const DictEntryFact &e : f.dictEntries)
            for (const RegistryRule &rule : m_profile.registries) {
                if (rule.kind != RegistryRule::Kind::Dict || e.dictName != rule.name)
                    continue;
                for (const Value &v : evaluator.evalChain(e.value, {m, 0, 0}))
                    if (v.kind == Value::Kind::Class)
                        add(m_classes, v.id, rule.dimension, e.key, rule.name);
            }
    }
}

const ConditionSet *RegistryIndex::forFunction(SymbolId fn) const
{
    const auto it = m_functions.find(fn);
    return it == m_functions.end() ? nullptr : &it->second;
}

const ConditionSet *RegistryIndex::forClass(SymbolId cls) const
{
    const auto it = m_classes.find(cls);
    return it == m_classes.end() ? nullptr : &it->second;
}

bool RegistryIndex::anyRegistered(const std::vector<SymbolId> &classes) const
{
    return std::any_of(classes.begin(), classes.end(), [this](SymbolId c) { return m_classes.count(c) > 0; });
}

bool RegistryIndex::dimensionHasClasses(const std::string &dimension) const
{
    for (const auto &[cls, conds] : m_classes)
        for (const Condition &c : conds)
            if (c.dimension == dimension)
                return true;
    return false;
}

} // namespace katlas
