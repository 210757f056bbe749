// The instantiation index (see instantiation_index.h).
#include "resolve/instantiation_index.h"

namespace katlas {

InstantiationIndex::InstantiationIndex(const SymbolTable &table)
{
    auto add = [&](int module, SymbolId function, const ValueFact &v) {
        if (v.args.empty() && v.keywordArgs.empty())
            return;
        const std::string &c = v.chain;
        if (c.size() < 3 || c.compare(c.size() - 2, 2, "()") != 0)
            return;
        const std::string callee = c.substr(0, c.size() - 2);
        if (callee.find_first_of("()[]") != std::string::npos)
            return;
        const auto dot = callee.rfind('.');
        m_byName[callee.substr(dot == std::string::npos ? 0 : dot + 1)].push_back({module, function, &v});
    };
    for (int m = 0; m < table.moduleCount(); ++m) {
        const ModuleFacts &f = table.files()[static_cast<size_t>(table.moduleAt(m).fileIndex)];
        for (const AssignmentFact &a : f.assignments)
            add(m, table.functionForScope(m, a.scope), a.value);
        for (const FunctionFact &fn : f.functions)
            for (const ValueFact &r : fn.returns)
                add(m, table.functionForScope(m, fn.qualName), r);
    }
}

const std::vector<Instantiation> &InstantiationIndex::callsOf(const std::string &name) const
{
    static const std::vector<Instantiation> none;
    const auto it = m_byName.find(name);
    return it == m_byName.end() ? none : it->second;
}

} // namespace katlas
