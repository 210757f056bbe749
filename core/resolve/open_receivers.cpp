// Open receivers: see open_receivers.h.
#include "resolve/open_receivers.h"

#include "parse/syntax_facts.h"

namespace katlas {

std::string_view OpenReceivers::selfMethod(const FunctionInfo &fn, std::string_view callee)
{
    if (!fn.cls || fn.isStatic || fn.isClassMethod || !fn.fact || fn.fact->params.empty())
        return {};
    const std::string &self = fn.fact->params.front().name;
    if (callee.size() <= self.size() + 1 || !callee.starts_with(self) || callee[self.size()] != '.')
        return {};
    const std::string_view name = callee.substr(self.size() + 1);
    for (const char ch : name)
        if (!(ch == '_' || (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')))
            return {};
    return name;
}

bool OpenReceivers::overriddenBelow(SymbolId function, const std::vector<const CallFact *> &calls)
{
    const auto [it, added] = m_open.try_emplace(function, false);
    if (!added)
        return it->second;
    const FunctionInfo *fn = m_table.function(function);
    if (!fn || !fn->callsOnSelf)
        return false;
    const std::vector<SymbolId> classes = m_table.subclassesOf(fn->cls);
    if (classes.size() < 2)
        return false;
    for (const CallFact *c : calls) {
        const std::string name(selfMethod(*fn, c->callee));
        if (name.empty())
            continue;
        const SymbolId own = m_table.lookupMethod(fn->cls, name);
        for (size_t i = 1; i < classes.size(); ++i)
            if (m_table.lookupMethod(classes[i], name) != own)
                return it->second = true;
    }
    return false;
}

} // namespace katlas
