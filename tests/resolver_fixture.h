// Small inline Python trees resolved into a call graph, and ways to look at
// the result: shared by the resolver and guard-evaluation tests.
#pragma once

#include "parse/fact_extractor.h"
#include "parse/python_parser.h"
#include "resolve/call_graph_builder.h"

#include <QtGlobal>

#include <algorithm>

namespace katlas::test {

struct Tree {
    std::vector<ModuleFacts> files;
    void add(const std::string &module, const char *src, bool package = false)
    {
        PythonParser parser;
        ModuleFacts f;
        f.module = module;
        f.isPackage = package;
        f.path = module + ".py";
        extractFacts(parser, src, f);
        files.push_back(std::move(f));
    }
};

// A profile dimension rule: a guard's text, a called function's name or a
// called symbol's qualified name matching `pattern` implies dim=value.
inline DimensionRule dimensionRule(DimensionRule::Target target, const char *pattern, const char *dim, const char *value)
{
    DimensionRule r;
    r.target = target;
    r.pattern = ProfilePattern(pattern);
    r.patternText = pattern;
    r.dimension = dim;
    r.value = value;
    return r;
}

inline DimensionRule guardRule(const char *pattern, const char *dim, const char *value)
{
    return dimensionRule(DimensionRule::Target::Guard, pattern, dim, value);
}

inline Profile testProfile()
{
    Profile p;
    p.name = "test";
    p.callMethods = {"forward"};
    KernelRule kpkg;
    kpkg.source = "kpkg";
    kpkg.modulePrefix = "kpkg";
    KernelRule triton;
    triton.source = "triton";
    triton.decorator = "triton.jit";
    KernelRule ops;
    ops.source = "torch.ops";
    ops.callPrefix = "torch.ops.";
    p.kernels = {kpkg, triton, ops};
    p.registries = {{RegistryRule::Kind::Decorator, "register_backend", "attention_backend"},
                    {RegistryRule::Kind::Dict, "QUANT", "quantization"}};
    p.dimensionRules = {guardRule("^flag_a\\(\\)$", "moe", "a"), guardRule("^_is_cuda$", "platform", "cuda")};
    p.dimensionRules.push_back(dimensionRule(DimensionRule::Target::Function, "^forward_decode$", "stage", "decode"));
    return p;
}

struct Resolved {
    CallGraph g;
    const Symbol *symbol(const std::string &qual) const
    {
        for (const Symbol &s : g.symbols)
            if (s.qualName == qual)
                return &s;
        return nullptr;
    }
    // Edges of the call sites in `caller` whose callee chain is `chain`.
    std::vector<const Edge *> edges(const std::string &caller, const std::string &chain) const
    {
        std::vector<const Edge *> out;
        const Symbol *c = symbol(caller);
        if (!c)
            return out;
        for (const CallSite &s : g.callSites)
            if (s.callerId == c->id && s.callee == chain)
                for (const Edge &e : g.edges)
                    if (e.callSiteId == s.id)
                        out.push_back(&e);
        return out;
    }
    std::string name(std::int64_t id) const { return id ? g.symbols[static_cast<size_t>(id - 1)].qualName : "<unresolved>"; }
    int line(std::int64_t id) const { return id ? g.symbols[static_cast<size_t>(id - 1)].line : 0; }
    std::vector<std::string> callees(const std::string &caller, const std::string &chain) const
    {
        std::vector<std::string> out;
        for (const Edge *e : edges(caller, chain))
            out.push_back(name(e->calleeId));
        std::sort(out.begin(), out.end());
        return out;
    }
    const Kernel *kernel(const std::string &qual) const
    {
        const Symbol *s = symbol(qual);
        for (const Kernel &k : g.kernels)
            if (s && k.symbolId == s->id)
                return &k;
        return nullptr;
    }
};

inline Resolved resolve(const Tree &t, const Profile &profile = testProfile())
{
    Resolved r;
    const bool ok = buildCallGraph(t.files, profile, r.g);
    Q_ASSERT(ok);
    return r;
}

inline const Condition *dimension(const Edge *e, const std::string &dim)
{
    for (const Condition &c : e->conditions)
        if (c.dimension == dim)
            return &c;
    return nullptr;
}

} // namespace katlas::test
