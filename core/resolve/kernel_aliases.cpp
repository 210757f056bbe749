// A kernel's second names (see kernel_aliases.h).
#include "resolve/kernel_aliases.h"

#include "resolve/evaluator.h"

#include <algorithm>

namespace katlas {

std::map<SymbolId, std::vector<std::string>> kernelAliases(const SymbolTable &table, const std::vector<ModuleFacts> &files,
                                                           Evaluator &evaluator, const std::map<SymbolId, std::string> &kernels,
                                                           const std::function<bool(int)> &isLibrary)
{
    std::map<SymbolId, std::vector<std::string>> out;
    for (int m = 0; m < table.moduleCount(); ++m) {
        if (!isLibrary(m))
            continue;
        const ModuleInfo &module = table.moduleAt(m);
        for (const AssignmentFact &a : files[static_cast<size_t>(module.fileIndex)].assignments) {
            const std::string &chain = a.value.chain;
            if (!a.scope.empty() || chain.empty() || a.target.empty() || a.target.front() == '_' || a.target.find('.') != std::string::npos
                || chain.find_first_of("([") != std::string::npos)
                continue;
            for (const Value &v : evaluator.evalChain(chain, {m, 0, 0})) {
                if (v.kind != Value::Kind::Function || !kernels.count(v.id) || table.symbol(v.id).name == a.target)
                    continue;
                std::vector<std::string> &names = out[v.id];
                const std::string alias = module.name + "." + a.target;
                if (std::find(names.begin(), names.end(), alias) == names.end())
                    names.push_back(alias);
            }
        }
    }
    return out;
}

} // namespace katlas
