// See model_definitions.h.
#include "shapes/model_definitions.h"

#include <QJsonDocument>

#include <algorithm>
#include <map>

namespace katlas {

namespace {

std::string oneValue(const DimensionFilter &filter, const std::string &dimension,
                     const std::map<std::string, std::string> &names)
{
    const auto it = filter.allowed().find(dimension);
    if (dimension.empty() || it == filter.allowed().end() || it->second.size() != 1)
        return {};
    const auto name = names.find(*it->second.begin());
    return name == names.end() ? std::string() : name->second;
}

std::string classOf(const CallIndex &index, std::int64_t functionId)
{
    const Symbol &fn = index.symbol(functionId);
    if (!fn.parentId)
        return {};
    const Symbol &parent = index.symbol(fn.parentId);
    return parent.kind == SymbolKind::Class ? parent.name : std::string();
}

} // namespace

DefinitionContext definitionContext(const DefinitionRules &rules, const DimensionFilter &effective,
                                    const std::string &model, const Deployment &deployment)
{
    DefinitionContext c;
    c.stage = oneValue(effective, rules.stageDimension, rules.stageNames);
    c.quantization = oneValue(effective, rules.quantizationDimension, rules.quantizationNames);
    c.model = model;
    c.sizes = deploymentSizes(deployment);
    return c;
}

ModelDefinitions modelDefinitions(const TraceReport &report, const CallIndex &index, const DefinitionRules &rules,
                                  ModelShapes &shapes, const DefinitionContext &context)
{
    ModelDefinitions out;
    std::map<std::string, KernelDefinition> byName;
    for (const LeafOp &op : report.leafOps) {
        std::set<std::pair<std::string, std::int64_t>> seen; // (class, kernel)
        for (const KernelPath &p : op.paths.paths) {
            if (p.frames.empty())
                continue;
            const std::string cls = classOf(index, p.frames.front().callerId);
            if (!seen.insert({cls, p.kernelId}).second)
                continue;
            DefinitionUse use{op.name, cls, index.symbol(p.kernelId).qualName, {}, {}, {}};
            const std::optional<ModuleInstance> module = cls.empty() ? std::nullopt : shapes.module(cls, op.name);
            if (module)
                use.module = module->cls;
            for (const DefinitionFamily &f : rules.families) {
                if (!std::regex_search(use.kernel, f.kernel))
                    continue;
                if (!module) {
                    use.note = "the module " + op.name + " of " + (cls.empty() ? std::string("?") : cls) + " is not found";
                    continue;
                }
                if (!familyFits(f, *module))
                    continue;
                KernelDefinition d = instantiateDefinition(f, *module, context);
                if (!d.error.empty()) {
                    use.note = d.error;
                    continue;
                }
                use.definition = d.name;
                use.note.clear();
                const auto [it, added] = byName.emplace(d.name, d);
                if (!added && it->second.json != d.json)
                    out.conflicts.push_back(d.name + ": " + use.kernel + " from " + op.name + " gives other content");
                break;
            }
            out.uses.push_back(std::move(use));
        }
    }
    for (auto &[name, d] : byName)
        out.definitions.push_back(std::move(d));
    std::stable_sort(out.definitions.begin(), out.definitions.end(),
                     [](const KernelDefinition &a, const KernelDefinition &b) { return a.opType < b.opType; });
    return out;
}

} // namespace katlas
