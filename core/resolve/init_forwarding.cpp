// A subclass `__init__` that hands its `**kwargs` (and maybe its `*args`) on
// to its base's (see guard_evaluator.h):
//
//     class FlashInferFusedMoE(FusedMoE):
//         def __init__(self, *args, **kwargs):
//             super().__init__(*args, **kwargs)
//
// A parameter of the base's `__init__` that the subclass neither takes nor
// names in that call receives what the places building the subclass pass
// by that keyword (by position too where the subclass takes nothing but
// `*args, **kwargs`), and the base's default where they pass nothing. See
// docs/guard-evaluation.md, "Values per building site".
#include "resolve/guard_evaluator.h"

#include <algorithm>

namespace katlas {

GuardEvaluator::InitForwarding GuardEvaluator::forwardedToBase(SymbolId cls, SymbolId init, const std::string &name)
{
    const FunctionInfo *own = m_table.function(m_table.lookupMethod(cls, "__init__"));
    const ClassInfo *info = m_table.cls(cls);
    if (!own || own->cls != cls || !info || info->mro.size() < 2 || own->fact->kwargs.empty()
        || own->fact->superInitLine == 0)
        return {};
    // The base's __init__ that `super().__init__` reaches is `init`.
    if (m_table.lookupMethod(info->mro[1], "__init__") != init)
        return {};
    const auto &params = own->fact->params;
    if (std::any_of(params.begin(), params.end(), [&](const Param &p) { return p.name == name; }))
        return {};
    // Its `super().__init__(...)` call, found once per class.
    const auto [found, added] = m_superInitCalls.try_emplace(cls, nullptr);
    if (added)
        for (const auto &[module, call] : callsNamed("__init__"))
            if (module == own->module && call->scope == own->scope && call->line == own->fact->superInitLine
                && call->callee.rfind("super()", 0) == 0) {
                found->second = call;
                break;
            }
    if (const CallFact *call = found->second) {
        const std::string &shape = call->args;
        if (shape.find("|**") == std::string::npos || shape.find('|' + name + '=') != std::string::npos)
            return {};
        // Positions carry over when the call passes only `*args`, and the
        // subclass takes nothing but `self`, `*args` and `**kwargs` (the
        // facts keep the splats apart from `params`).
        const bool onlyArgs = shape.substr(0, shape.find('|')) == "*" && params.size() == 1 && !own->fact->varargs.empty();
        return {true, onlyArgs};
    }
    return {};
}

GuardEvaluator::Outcomes GuardEvaluator::keywordPassed(const ValueFact &call, const Scope &scope, const std::string &name,
                                                       const Outcomes &fallback, int depth)
{
    for (const auto &[keyword, chain] : call.keywordArgs)
        if (keyword == name)
            return chainValues(chain, scope, depth + 1);
    bool splat = false;
    for (const auto &[key, text] : call.argExprs) {
        if (key == name)
            return values(parsed(text), scope, depth + 1);
        splat = splat || key == "*";
    }
    return splat ? Outcomes{{}} : defaultUnlessCut(call, name, fallback);
}

} // namespace katlas
