// See model_shapes.h.
#include "shapes/model_shapes.h"

#include "shapes/indexed_source.h"
#include "trace/op_graph.h"

namespace katlas {

std::map<std::string, std::int64_t> deploymentSizes(const Deployment &d)
{
    const std::int64_t ep = std::max(d.ep, 1);
    return {{"tp", d.tp}, {"ep", ep}, {"moe_tp", std::max<std::int64_t>(d.tp / ep, 1)},
            {"attention_tp", d.dpAttention ? 1 : d.tp}, {"page_size", d.pageSize}};
}

ModelShapes::ModelShapes(const CallIndex &index, const std::vector<std::string> &modelModules, QJsonObject config,
                         Deployment deployment, std::vector<ModuleShapeRule> rules,
                         std::map<std::string, std::string> shapeCalls, std::shared_ptr<ClassInitCache> inits)
    : m_index(index), m_config(std::move(config)), m_deployment(deployment), m_rules(std::move(rules)),
      m_initCache(inits ? std::move(inits) : std::make_shared<ClassInitCache>())
{
    const auto sizes = deploymentSizes(deployment);
    for (const auto &[call, size] : shapeCalls)
        if (const auto it = sizes.find(size); it != sizes.end())
            m_deploymentNames[call + "()"] = ShapeValue::number(it->second);
    for (const SourceFile &f : index.graph().files)
        if (moduleMatches(modelModules, f.module))
            parseFile(f.id);
}

std::shared_ptr<const std::vector<ClassInit>> ClassInitCache::of(const CallIndex &index, std::int64_t fileId)
{
    {
        std::lock_guard lock(m_mutex);
        if (const auto it = m_files.find(fileId); it != m_files.end())
            return it->second;
    }
    const std::optional<std::string> source = readIndexedSource(index, fileId);
    auto inits = std::make_shared<const std::vector<ClassInit>>(source ? classInits(*source) : std::vector<ClassInit>{});
    std::lock_guard lock(m_mutex);
    return m_files.emplace(fileId, std::move(inits)).first->second;
}

void ModelShapes::parseFile(std::int64_t fileId)
{
    if (!m_parsedFiles.insert(fileId).second)
        return;
    for (const ClassInit &c : *m_initCache->of(m_index, fileId))
        m_inits.emplace(c.cls, c);
}

const ClassInit *ModelShapes::init(const std::string &cls)
{
    if (const auto it = m_inits.find(cls); it != m_inits.end())
        return &it->second;
    for (const Symbol &s : m_index.graph().symbols)
        if (s.kind == SymbolKind::Class && s.name == cls && s.fileId) {
            parseFile(s.fileId);
            break;
        }
    const auto it = m_inits.find(cls);
    return it == m_inits.end() ? nullptr : &it->second;
}

const ConstructorCall *ModelShapes::builderOf(const std::string &cls) const
{
    for (const auto &[owner, init] : m_inits)
        for (const ConstructorCall &b : init.builds)
            if (b.call.cls == cls && owner != cls)
                return &b;
    return nullptr;
}

const ShapeEnvironment &ModelShapes::scope(const std::string &cls)
{
    if (const auto it = m_scopes.find(cls); it != m_scopes.end())
        return it->second;
    ShapeEnvironment env{m_config, m_deploymentNames};
    const ClassInit *ci = init(cls);
    if (!ci || !m_inProgress.insert(cls).second)
        return m_scopes.emplace(cls + "\n(partial)", env).first->second;
    const ConstructorCall *builder = builderOf(cls);
    const ShapeEnvironment outer = builder ? scope(builder->ownerClass) : env;
    const ShapeEnvironment defaults = env;
    for (size_t i = 0; i < ci->params.size(); ++i) {
        const InitParameter &p = ci->params[i];
        if (p.name == "config")
            continue; // `config.X` reads the config.json
        std::optional<std::string> arg;
        if (builder) {
            if (const auto kw = builder->call.keywords.find(p.name); kw != builder->call.keywords.end())
                arg = kw->second;
            else if (i < builder->call.positional.size())
                arg = builder->call.positional[i];
        }
        env.names[p.name] = arg ? evaluateShape(*arg, outer)
            : !p.defaultText.empty() ? evaluateShape(p.defaultText, defaults)
                                     : ShapeValue::symbol(p.name);
    }
    for (const InitAssignment &a : ci->assignments) {
        const auto known = env.names.find(a.target);
        if (a.conditional && known != env.names.end() && known->second.known())
            continue; // the unconditional value is the rule, a branch the exception
        env.names[a.target] = evaluateShape(a.value, env);
    }
    m_inProgress.erase(cls);
    return m_scopes.emplace(cls, std::move(env)).first->second;
}

std::optional<ModuleInstance> ModelShapes::module(const std::string &cls, const std::string &target)
{
    return moduleIn(cls, target, 0);
}

std::string ModelShapes::pickedClass(const std::string &owner, int line) const
{
    // The classes whose constructor the call graph resolves the call to,
    // with the classes their `__init__` hands on to (`super().__init__`).
    std::set<std::int64_t> files; // of the classes of that name (m_inits keeps one per name)
    for (const Symbol &s : m_index.graph().symbols)
        if (s.kind == SymbolKind::Class && s.name == owner && s.fileId)
            files.insert(s.fileId);
    std::vector<std::int64_t> constructors;
    for (const CallSite &site : m_index.graph().callSites)
        if (site.line == line && files.count(site.fileId))
            for (size_t e : m_index.edgesOf(site.id))
                if (const std::int64_t callee = m_index.edge(e).calleeId)
                    constructors.push_back(callee);
    std::set<std::string> classes;
    for (size_t i = 0; i < constructors.size() && i < 64; ++i) {
        const Symbol &s = m_index.symbol(constructors[i]);
        if (s.kind == SymbolKind::Class) {
            classes.insert(s.name);
            continue;
        }
        if (s.name != "__init__")
            continue;
        for (const std::int64_t id : {s.id, s.originId})
            if (id && m_index.symbol(id).parentId)
                classes.insert(m_index.symbol(m_index.symbol(id).parentId).name);
        for (std::int64_t site : m_index.sitesOf(s.id))
            if (m_index.site(site).callee.find("__init__") != std::string::npos)
                for (size_t e : m_index.edgesOf(site))
                    if (const std::int64_t callee = m_index.edge(e).calleeId)
                        constructors.push_back(callee);
    }
    for (const ModuleShapeRule &r : m_rules)
        if (classes.count(r.cls))
            return r.cls;
    return {};
}

std::optional<ModuleInstance> ModelShapes::moduleIn(const std::string &cls, const std::string &target, int depth)
{
    const ClassInit *ci = init(cls);
    if (!ci || depth > 8)
        return std::nullopt;
    for (const ConstructorCall &b : ci->builds) {
        if (b.target != target)
            continue;
        const std::string built = b.call.cls.empty() ? pickedClass(cls, b.line) : b.call.cls;
        if (built.empty())
            return std::nullopt;
        ModuleShapeRule rule{built, {}, {}};
        for (const ModuleShapeRule &r : m_rules)
            if (r.cls == built)
                rule = r;
        ModuleCall call = b.call;
        call.cls = built;
        return ModuleInstance{built, cls, target, moduleShapes(call, rule, scope(cls), m_deployment)};
    }
    // Handed in by the builder: `self.input_layernorm = input_layernorm`.
    for (const InitAssignment &a : ci->assignments) {
        if (a.target != target)
            continue;
        for (size_t i = 0; i < ci->params.size(); ++i) {
            if (ci->params[i].name != a.value)
                continue;
            const ConstructorCall *builder = builderOf(cls);
            if (!builder)
                return std::nullopt;
            std::string arg;
            if (const auto kw = builder->call.keywords.find(a.value); kw != builder->call.keywords.end())
                arg = kw->second;
            else if (i < builder->call.positional.size())
                arg = builder->call.positional[i];
            if (arg.rfind("self.", 0) != 0)
                return std::nullopt;
            const std::string owner = builder->ownerClass;
            return moduleIn(owner, arg, depth + 1);
        }
    }
    return std::nullopt;
}

std::optional<std::string> ModelShapes::memberText(const std::string &cls, const std::string &target,
                                                   const std::string &member)
{
    const ClassInit *owner = init(cls);
    if (!owner)
        return std::nullopt;
    for (const ConstructorCall &b : owner->builds) {
        if (b.target != target || b.call.cls.empty())
            continue;
        const ClassInit *built = init(b.call.cls);
        if (!built)
            return std::nullopt;
        std::optional<std::string> value;
        for (const InitAssignment &a : built->assignments)
            if (a.target == "self." + member) {
                if (a.conditional || value)
                    return std::nullopt; // set more than once, or under a test
                value = a.value;
            }
        if (!value)
            return std::nullopt;
        for (size_t i = 0; i < built->params.size(); ++i) {
            if (built->params[i].name != *value)
                continue;
            if (const auto kw = b.call.keywords.find(*value); kw != b.call.keywords.end())
                return kw->second;
            if (i < b.call.positional.size())
                return b.call.positional[i];
            if (built->params[i].defaultText.empty())
                return std::nullopt;
            return built->params[i].defaultText;
        }
        return value;
    }
    return std::nullopt;
}

} // namespace katlas
