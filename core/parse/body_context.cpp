// Where a statement stands as the fact extractor walks it (see body_context.h).
#include "parse/body_context.h"

namespace katlas {

BodyContext functionBodyContext(const std::string &qual, const std::string &scope, const ModuleFacts &facts)
{
    BodyContext inner;
    inner.scope = scope;
    inner.assignScope = scope;
    inner.qualPrefix = qual + ".";
    inner.functionIndex = static_cast<int>(facts.functions.size()) - 1;
    inner.functionScope = scope;
    return inner;
}

const FunctionFact *ownFunction(const BodyContext &ctx, const ModuleFacts &facts)
{
    if (ctx.functionIndex < 0 || ctx.scope != ctx.functionScope)
        return nullptr;
    return &facts.functions[static_cast<size_t>(ctx.functionIndex)];
}

std::vector<std::string> parameterNames(const BodyContext &ctx, const ModuleFacts &facts)
{
    std::vector<std::string> out;
    if (const FunctionFact *fn = ownFunction(ctx, facts))
        for (const Param &p : fn->params)
            out.push_back(p.name);
    return out;
}

} // namespace katlas
