// Kernel rules of the profile applied to functions and external calls.
#include "resolve/kernel_classifier.h"

namespace katlas {

KernelClassifier::KernelClassifier(const Profile &profile, const SymbolTable &table, Evaluator &evaluator)
    : m_profile(profile), m_table(table), m_evaluator(evaluator)
{
}

bool KernelClassifier::underPrefix(const std::string &module, const std::string &prefix) const
{
    return module == prefix || (module.size() > prefix.size() && module.compare(0, prefix.size(), prefix) == 0
                                && module[prefix.size()] == '.');
}

std::string KernelClassifier::decoratorTarget(const FunctionInfo &fn, const Decorator &d)
{
    std::string chain = d.chain;
    if (chain.size() > 2 && chain.compare(chain.size() - 2, 2, "()") == 0)
        chain.resize(chain.size() - 2);
    for (const Value &v : m_evaluator.evalChain(chain, {fn.module, 0, 0}))
        if (v.kind == Value::Kind::External)
            return v.external;
    return chain;
}

std::optional<std::string> KernelClassifier::sourceOf(SymbolId function)
{
    std::optional<Match> m = match(function);
    return m ? std::optional<std::string>(std::move(m->source)) : std::nullopt;
}

std::vector<std::string> KernelClassifier::decorators(SymbolId function)
{
    std::vector<std::string> out;
    if (const FunctionInfo *fn = m_table.function(function))
        for (const Decorator &d : fn->decorators)
            out.push_back(decoratorTarget(*fn, d));
    return out;
}

std::optional<KernelClassifier::Match> KernelClassifier::match(SymbolId function)
{
    const FunctionInfo *fn = m_table.function(function);
    if (!fn)
        return std::nullopt;
    const Symbol &sym = m_table.symbol(function);
    const std::string &module = m_table.moduleAt(fn->module).name;
    for (const KernelRule &rule : m_profile.kernels) {
        if (!rule.decorator.empty()) {
            for (const Decorator &d : fn->decorators)
                if (decoratorTarget(*fn, d) == rule.decorator)
                    return Match{rule.source, false};
        } else if (!rule.modulePrefix.empty() && underPrefix(module, rule.modulePrefix)) {
            if (fn->outer)
                continue; // nested helpers are not API
            if (rule.publicOnly && sym.name.front() == '_')
                continue;
            if (fn->cls) {
                // Public methods of public classes: wrapper.run(...)
                const Symbol &cls = m_table.symbol(fn->cls);
                if (rule.publicOnly && cls.name.front() == '_')
                    continue;
                if (m_table.symbol(cls.parentId).kind != SymbolKind::Module)
                    continue;
            }
            return Match{rule.source, true};
        }
    }
    return std::nullopt;
}

std::optional<std::pair<std::string, std::string>> KernelClassifier::external(const std::string &dotted) const
{
    for (const KernelRule &rule : m_profile.kernels) {
        if (rule.callPrefix.empty() || dotted.compare(0, rule.callPrefix.size(), rule.callPrefix) != 0)
            continue;
        // Keep the prefix and `nameDepth` components after it: torch.ops.ns.op(.default)
        std::string name = rule.callPrefix;
        size_t pos = rule.callPrefix.size();
        for (int i = 0; i < rule.nameDepth && pos < dotted.size(); ++i) {
            const size_t dot = dotted.find('.', pos);
            const size_t end = dot == std::string::npos ? dotted.size() : dot;
            name += (i ? "." : "") + dotted.substr(pos, end - pos);
            pos = end + 1;
        }
        if (name.size() == rule.callPrefix.size())
            continue;
        return std::make_pair(name, rule.source);
    }
    return std::nullopt;
}

std::string KernelClassifier::category(const std::string &qualName) const
{
    for (const CategoryRule &rule : m_profile.categories)
        if (rule.pattern.search(qualName))
            return rule.category;
    return m_profile.defaultCategory;
}

} // namespace katlas
