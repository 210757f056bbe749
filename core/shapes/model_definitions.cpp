// See model_definitions.h.
#include "shapes/model_definitions.h"

#include "shapes/path_tensor_binding.h"
#include "shapes/template_definition.h"
#include "shapes/template_lookup.h"

#include <QJsonDocument>

#include <algorithm>
#include <cctype>
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

// `self.a` of `self.a.b(...)`: a method called on a module runs in it.
std::string moduleAttribute(const std::string &callee)
{
    if (callee.rfind("self.", 0) != 0)
        return {};
    const size_t end = callee.find_first_of(".([", 5);
    return callee.substr(0, end);
}

// `name` (an expression's leading name, `layernorm` of `layernorm.forward`)
// when it reads a name or an attribute of one; empty otherwise.
std::string leadingName(const std::string &text)
{
    const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    const std::string name = text.substr(0, std::find_if_not(text.begin(), text.end(), word) - text.begin());
    if (name.empty() || name == "self" || std::isdigit(static_cast<unsigned char>(name[0]))
        || (name.size() < text.size() && text[name.size()] != '.'))
        return {};
    return name;
}

// The module `name`, read where frame `k` makes its call, stands for when it
// was handed down from a module's own member (`layernorm=self.post_attention_layernorm`).
std::optional<ModuleInstance> handedMember(const CallIndex &index, const SourceCalls &calls, ModelShapes &shapes,
                                           const KernelPath &p, size_t k, const std::string &name, std::string &cls)
{
    if (name.empty())
        return std::nullopt;
    const TensorOrigin o = tensorOrigin(index, calls, p.frames, k, name);
    if (o.kind != TensorOrigin::Kind::OwnMember || !o.rest.empty())
        return std::nullopt;
    std::optional<ModuleInstance> m = shapes.module(o.ownerClass, "self." + o.member);
    if (m)
        cls = o.ownerClass;
    return m;
}

// A module handed down as an argument and called by its parameter's name,
// or a method of it (`layernorm(x, residual)`, `layernorm.forward_fast(x)`
// in a function `prepare_mlp` calls passing
// `layernorm=self.post_attention_layernorm`): the module the argument names,
// nearest the kernel first.
std::optional<ModuleInstance> handedModule(const CallIndex &index, const SourceCalls &calls, ModelShapes &shapes,
                                           const KernelPath &p, std::string &cls)
{
    for (size_t k = p.frames.size(); k-- > 1;)
        if (std::optional<ModuleInstance> m = handedMember(index, calls, shapes, p, k, leadingName(index.site(p.frames[k].siteId).callee), cls))
            return m;
    return std::nullopt;
}

// The module whose tensor the call ending the path is handed through a
// parameter (`torch.matmul(x, lm_head.weight.T)` in a function handed
// `lm_head=self.lm_head`): that call does its work, whatever module the op is.
std::optional<ModuleInstance> handedTensorModule(const CallIndex &index, const SourceCalls &calls, ModelShapes &shapes,
                                                 const KernelPath &p, std::string &cls)
{
    const std::optional<SourceCall> call = p.frames.size() > 1 ? calls.call(p.frames.back().siteId) : std::nullopt;
    if (!call)
        return std::nullopt;
    std::vector<std::string> arguments = call->positional;
    for (const auto &[keyword, text] : call->keywords)
        arguments.push_back(text);
    for (const std::string &text : arguments) {
        // `name.attribute...`: a tensor the object `name` holds.
        const std::string name = leadingName(text);
        if (name.size() < text.size())
            if (std::optional<ModuleInstance> m = handedMember(index, calls, shapes, p, p.frames.size() - 1, name, cls))
                return m;
    }
    return std::nullopt;
}

// The module a kernel path runs in: the one whose tensor its last call is
// handed (handedTensorModule), else the op's own (`self.q_b_proj`, or the
// module whose method the op calls), else the nearest to the kernel of the
// modules its calls go through (an op named by a call expression,
// `get_attn_tp_context().fetch_qkv_latent(...)`, reaches its GEMM through
// `self.fused_qkv_a_proj_with_mqa` further down), else one handed down (handedModule).
std::optional<ModuleInstance> pathModule(const CallIndex &index, const SourceCalls &calls, ModelShapes &shapes,
                                         const std::string &op, const KernelPath &p, std::string &cls)
{
    if (std::optional<ModuleInstance> m = handedTensorModule(index, calls, shapes, p, cls))
        return m;
    cls = index.classOf(p.frames.front().callerId);
    if (!cls.empty()) {
        if (std::optional<ModuleInstance> m = shapes.module(cls, op))
            return m;
        if (const std::string attribute = moduleAttribute(op); !attribute.empty() && attribute != op)
            if (std::optional<ModuleInstance> m = shapes.module(cls, attribute))
                return m;
    }
    for (auto f = p.frames.rbegin(); f != p.frames.rend(); ++f) {
        const std::string attribute = moduleAttribute(index.site(f->siteId).callee);
        const std::string frameClass = index.classOf(f->callerId);
        if (attribute.empty() || frameClass.empty())
            continue;
        if (std::optional<ModuleInstance> m = shapes.module(frameClass, attribute)) {
            cls = frameClass;
            return m;
        }
    }
    return handedModule(index, calls, shapes, p, cls);
}

// Whether the configuration fixes every setting the family needs to one of
// the family's values; else what it needs, in words.
std::string configurationMisfit(const DefinitionFamily &family, const DimensionFilter &effective)
{
    bool fits = true;
    std::string needed;
    for (const auto &[dimension, values] : family.configuration) {
        const auto it = effective.allowed().find(dimension);
        fits = fits && it != effective.allowed().end() && !it->second.empty()
            && std::includes(values.begin(), values.end(), it->second.begin(), it->second.end());
        std::string one;
        for (const std::string &v : values)
            one += (one.empty() ? "" : " or ") + v;
        needed += (needed.empty() ? "" : " and ") + dimension + " to " + one;
    }
    return fits ? std::string() : "described only where the configuration sets " + needed;
}

// Whether the call ending the path passes an argument the family's
// `argument` pattern finds (always, for a family without one).
bool passesArgument(const DefinitionFamily &family, const SourceCalls &calls, const KernelPath &p)
{
    if (family.argumentPattern.empty())
        return true;
    const std::optional<SourceCall> call = calls.call(p.frames.back().siteId);
    if (!call)
        return false;
    const auto found = [&](const std::string &text) { return std::regex_search(text, family.argument); };
    return std::any_of(call->positional.begin(), call->positional.end(), found)
        || std::any_of(call->keywords.begin(), call->keywords.end(), [&](const auto &k) { return found(k.second); });
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

PathTargets computeTargets(const CallIndex &index, const DefinitionRules &rules)
{
    std::vector<std::int64_t> ids;
    for (const std::string &name : rules.computeCalls)
        for (std::int64_t id : index.byQualName(name))
            ids.push_back(id);
    return pathTargets(index, ids);
}

ModelDefinitions modelDefinitions(const TraceReport &report, const CallIndex &index, const DefinitionRules &rules,
                                  ModelShapes &shapes, const DefinitionContext &context, const PathTargets &compute)
{
    ModelDefinitions out;
    std::map<std::string, KernelDefinition> byName;
    DefinitionContext withConfig = context;
    withConfig.config = shapes.config();
    TemplateLookup templates(index, rules.templateModules);
    const SourceCalls calls(index);
    // The model's ops, then those outside it the profile names (the sampler):
    // a family without a module pattern describes their kernels too.
    std::vector<std::pair<const LeafOp *, bool>> ops; // each op, and whether it is the model's
    for (const LeafOp &op : report.leafOps)
        ops.emplace_back(&op, true);
    for (const LeafOp &op : report.nonModelOps)
        ops.emplace_back(&op, false);
    for (const auto &[opOf, inModel] : ops) {
        const LeafOp &op = *opOf;
        std::set<std::pair<std::string, std::int64_t>> seen; // (class and module or call, kernel)
        // Torch compute the profile names (a plain GEMM on BF16 weights) is
        // real GPU work too, where no kernel of that work runs: an op none of
        // whose kernel paths ends in a kernel of the rules' category (GEMM)
        // takes its paths to that compute like kernel paths.
        std::vector<KernelPath> paths = op.paths.paths;
        const auto doesTheWork = [&](const KernelPath &p) {
            const Kernel *k = index.kernel(p.kernelId);
            return k && k->category == rules.computeCategory;
        };
        if (!compute.symbols.empty() && inModel && std::none_of(paths.begin(), paths.end(), doesTheWork))
            for (KernelPath &p : findPaths(index, op.callSites, report.effective, {}, &report.graph.siteContext, &compute).paths)
                paths.push_back(std::move(p));
        for (const KernelPath &p : paths) {
            if (p.frames.empty())
                continue;
            std::string cls;
            const std::optional<ModuleInstance> module = pathModule(index, calls, shapes, op.name, p, cls);
            // Without a module of its own, each call apart: the owner's two
            // torch.bmm calls multiply by different weights.
            const std::string place = module ? module->target : "@" + std::to_string(p.frames.back().siteId);
            if (!seen.insert({cls + '|' + place, p.kernelId}).second)
                continue;
            DefinitionUse use{op.name, cls, index.symbol(p.kernelId).qualName, {}, {}, {}};
            if (module)
                use.module = module->cls;
            for (const DefinitionFamily &f : rules.families) {
                if (!std::regex_search(use.kernel, f.kernel) || !passesArgument(f, calls, p))
                    continue;
                if (const std::string misfit = configurationMisfit(f, report.effective); !misfit.empty()) {
                    use.note = misfit;
                    continue;
                }
                // An op that calls no module of its own (`F.linear(x, self.weight)`)
                // runs in the module whose method makes the call.
                const bool inOwner = !module && !f.modulePattern.empty() && inModel && !cls.empty()
                    && std::regex_search(cls, f.module);
                if (!module && !f.modulePattern.empty() && !inOwner) {
                    if (inModel) // an op outside the model has no module to find
                        use.note = "the module " + op.name + " of " + (cls.empty() ? std::string("?") : cls) + " is not found";
                    continue;
                }
                const ModuleInstance &shapesOf = module ? *module : ModuleInstance{cls, {}, {}, {}};
                if (!familyFits(f, shapesOf))
                    continue;
                // The kernel's own template (the one the family names among
                // those its `trace=` dispatch may pick), else the one the family
                // names for a kernel computing the same (not flashinfer's API: unverified).
                const TraceTemplate *own = templates.forKernel(p.kernelId);
                if (!own && !f.templateName.empty() && templates.dispatchesTo(p.kernelId, f.templateName))
                    own = templates.named(f.templateName);
                const TraceTemplate *trace = own ? own : f.templateName.empty() ? nullptr : templates.named(f.templateName);
                if ((f.fromTemplate || !f.templateName.empty()) && !trace) {
                    use.note = "no trace template is found for " + use.kernel;
                    continue;
                }
                KernelDefinition d = trace ? instantiateTemplate(*trace, own ? use.kernel : std::string(), f,
                                                                 shapesOf, withConfig)
                                           : instantiateDefinition(f, shapesOf, withConfig);
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
            const auto sameUse = [&](const DefinitionUse &u) {
                return u.op == use.op && u.kernel == use.kernel && u.definition == use.definition && u.note == use.note;
            };
            if (std::none_of(out.uses.begin(), out.uses.end(), sameUse))
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
