// Calls through parameters (see evaluator.h, docs/call-resolution.md): a
// function handed to another as an argument is called wherever that
// parameter is called. `def apply(fn, x): fn(x)` with `apply(handler, y)`:
// `fn(x)` is a call of handler, so handler's parameter takes x.
#include "resolve/evaluator.h"

#include "resolve/chain.h"
#include "resolve/instantiation_index.h"

#include <algorithm>
#include <set>

namespace katlas {
namespace {

constexpr size_t kMaxPasses = 32; // past this many calls handing a name on, it is not followed
constexpr int kMaxHops = 3;       // a parameter handed on to another function, at most this often

std::string lastName(const Chain &c)
{
    if (c.empty() || c.find_first_of("([") != Chain::npos)
        return {};
    return c.substr(c.rfind('.') == Chain::npos ? 0 : c.rfind('.') + 1);
}

} // namespace

bool Evaluator::isWithin(SymbolId function, SymbolId outer) const
{
    for (int depth = 0; function && depth < 16; ++depth) {
        if (function == outer)
            return true;
        const FunctionInfo *fn = m_table.function(function);
        function = fn ? fn->outer : 0;
    }
    return false;
}

std::vector<Instantiation> Evaluator::callsThroughParameters(const FunctionInfo &fn)
{
    struct Hop {
        std::string name;  // what the function is called there
        SymbolId within;   // the function whose body hands it on (0: anywhere)
        int depth;
    };
    const InstantiationIndex &sites = instantiations();
    const std::string &own = m_table.symbol(fn.symbol).name;
    std::vector<Hop> work{{own, 0, 0}};
    for (const std::string &alias : sites.aliasesOf(own))
        work.push_back({alias, 0, 0});
    std::set<std::pair<SymbolId, std::string>> seen; // (function, parameter) reached
    std::vector<Instantiation> out;
    for (size_t w = 0; w < work.size(); ++w) {
        const Hop hop = work[w];
        const std::vector<Instantiation> &passes = sites.passesOf(hop.name);
        if (passes.size() > kMaxPasses)
            continue;
        for (const Instantiation &at : passes) {
            if (hop.within && !isWithin(at.function, hop.within))
                continue;
            const ValueFact &call = sites.call(at);
            const Scope scope{at.module, at.function, 0};
            // The arguments naming it: by position (index) or by keyword.
            std::vector<std::pair<size_t, std::string>> slots;
            // A decorator applied hands on the definition itself, not what its name then holds.
            const auto handed = [&](const Chain &arg) { return call.decorates ? definitionsNamed(arg, scope) : evalChain(arg, scope); };
            for (size_t i = 0; i < call.args.size(); ++i)
                if (lastName(call.args[i]) == hop.name && runs(handed(call.args[i]), fn.symbol))
                    slots.emplace_back(i, std::string());
            for (const auto &[keyword, value] : call.keywordArgs)
                if (lastName(value) == hop.name && runs(evalChain(value, scope), fn.symbol))
                    slots.emplace_back(0, keyword);
            if (slots.empty())
                continue;
            const auto segs = splitChain(call.chain);
            for (const Value &callee : evalSegments(segs, segs.size() - 1, scope)) {
                // The function receiving it: a function called, or the __init__ of a class built.
                std::vector<SymbolId> receivers;
                bool bound = callee.selfClass != 0;
                if (callee.kind == Value::Kind::Function)
                    for (const DispatchTarget &t : dispatch(callee))
                        receivers.push_back(t.function);
                else if (callee.kind == Value::Kind::Class)
                    if (const SymbolId init = m_table.lookupMethod(callee.id, "__init__")) {
                        receivers.push_back(init);
                        bound = true;
                    }
                for (const SymbolId receiver : receivers) {
                    const FunctionInfo *g = m_table.function(receiver);
                    if (!g)
                        continue;
                    const auto &params = g->fact->params;
                    const size_t offset = bound && g->cls && !g->isStatic ? 1 : 0;
                    for (const auto &[index, keyword] : slots) {
                        std::string param;
                        if (!keyword.empty()) {
                            if (std::any_of(params.begin(), params.end(), [&](const Param &p) { return p.name == keyword; }))
                                param = keyword;
                        } else if (index + offset < params.size() && !params[index + offset].keywordOnly) {
                            param = params[index + offset].name;
                        }
                        if (param.empty() || !seen.emplace(receiver, param).second)
                            continue;
                        for (const Instantiation &inner : sites.callsOf(param))
                            if (isWithin(inner.function, receiver))
                                out.push_back(inner);
                        if (hop.depth + 1 < kMaxHops)
                            work.push_back({param, receiver, hop.depth + 1});
                    }
                }
            }
        }
    }
    return out;
}

} // namespace katlas
