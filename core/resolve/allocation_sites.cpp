#include "resolve/allocation_sites.h"

#include "graph/allocation_condition.h"
#include "resolve/chain.h"

#include <algorithm>
#include <cctype>

namespace katlas {

namespace {

bool isWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Does a guard read one of the parameters (`if backend.is_triton():`)?
bool testsParameter(const GuardList &guards, const std::vector<Param> &params)
{
    for (const Guard &g : guards)
        for (size_t i = 1; i < params.size(); ++i) {
            const std::string &name = params[i].name;
            for (size_t at = g.text.find(name); at != std::string::npos; at = g.text.find(name, at + 1)) {
                const size_t end = at + name.size();
                if ((at == 0 || (!isWordChar(g.text[at - 1]) && g.text[at - 1] != '.'))
                    && (end == g.text.size() || !isWordChar(g.text[end])))
                    return true;
            }
        }
    return false;
}

// The class a value builds, by its name, where the value is a call of a
// dotted name (`RowParallelLinear(...)`, `linear.RowParallelLinear(...)`).
std::string builtClassName(const ValueFact &value)
{
    const std::vector<ChainSegment> segs = splitChain(value.chain);
    if (segs.size() < 2 || segs.back().kind != ChainSegment::Kind::Call)
        return {};
    const std::string head = dottedHead(segs);
    return head.substr(head.rfind('.') + 1);
}

// Does the call pass one of the parameters on as it is (`reduce_results=
// reduce_results`, or by position)?
bool passesParameter(const ValueFact &call, const std::vector<Param> &params)
{
    const auto isParam = [&](const std::string &name) {
        return std::any_of(params.begin() + 1, params.end(), [&](const Param &p) { return p.name == name; });
    };
    return std::any_of(call.keywordArgs.begin(), call.keywordArgs.end(), [&](const auto &k) { return isParam(k.second); })
        || std::any_of(call.args.begin(), call.args.end(), isParam);
}

} // namespace

bool AllocationSites::sensitive(SymbolId cls)
{
    if (const auto it = m_sensitive.find(cls); it != m_sensitive.end())
        return it->second;
    // A class building itself through its members (a cycle) is not sensitive
    // on that account.
    m_sensitive.emplace(cls, false);
    bool out = false;
    const SymbolId init = m_table.lookupMethod(cls, "__init__");
    const FunctionInfo *fn = init ? m_table.function(init) : nullptr;
    const ClassInfo *info = m_table.cls(cls);
    if (!init && info) {
        // A dataclass without an `__init__` of the index: its fields are what
        // the places building it pass (guard-evaluation.md, "Values per
        // building site").
        out = std::any_of(info->mro.begin(), info->mro.end(), [&](SymbolId k) {
            const ClassInfo *ki = m_table.cls(k);
            return ki && ki->isDataclass();
        });
    } else if (fn && info && fn->fact->params.size() > 1) {
        const auto &params = fn->fact->params;
        const auto isParam = [&](const std::string &name) {
            return std::any_of(params.begin() + 1, params.end(), [&](const Param &p) { return p.name == name; });
        };
        for (SymbolId k : info->mro) {
            const ClassInfo *ki = m_table.cls(k);
            if (!ki)
                continue;
            for (const auto &[attr, assignments] : ki->selfAttrs)
                for (const auto &[assignment, function] : assignments)
                    out = out
                        || (function == init
                            && (isParam(assignment->value.chain) || testsParameter(assignment->value.guards, params)
                                || buildsSensitiveWith(assignment->value, params)));
            if (out)
                break;
        }
    }
    // An `__init__` handing its `**kwargs` on to its base's, whose class
    // keeps what it is passed (init_forwarding.cpp).
    if (!out && fn && info && fn->cls == cls && !fn->fact->kwargs.empty() && fn->fact->superInitLine && info->mro.size() > 1)
        out = sensitive(info->mro[1]);
    m_sensitive[cls] = out;
    return out;
}

bool AllocationSites::buildsSensitiveWith(const ValueFact &value, const std::vector<Param> &params)
{
    // A member built from the constructor's own parameters (`self.down_proj =
    // RowParallelLinear(..., reduce_results=reduce_results)`) holds, per
    // place this class is built, what that place passed: the class keeps its
    // places too, so the member's values keep both.
    const std::string name = builtClassName(value);
    if (name.empty() || !passesParameter(value, params))
        return false;
    const std::vector<SymbolId> &classes = m_table.classesNamed(name);
    return std::any_of(classes.begin(), classes.end(), [&](SymbolId k) { return sensitive(k); });
}

SymbolId AllocationSites::root(SymbolId cls)
{
    const ClassInfo *info = m_table.cls(cls);
    if (!info)
        return cls;
    for (auto k = info->mro.rbegin(); k != info->mro.rend(); ++k)
        if (*k != cls && sensitive(*k))
            return *k;
    return cls;
}

std::string AllocationSites::dimension(SymbolId cls)
{
    return std::string(kAllocationPrefix) + m_table.symbol(root(cls)).qualName;
}

std::optional<Condition> AllocationSites::condition(SymbolId cls, int module, SymbolId function)
{
    if (!sensitive(cls))
        return std::nullopt;
    // One dimension for a class and its subclasses: an object is built at
    // one place as one class, so an instance of one subclass never holds
    // what a place building another passed.
    const SymbolId top = root(cls);
    std::string place = function ? m_table.symbol(function).qualName : m_table.moduleAt(module).name;
    if (top != cls)
        place = m_table.symbol(cls).qualName + ' ' + place;
    return builtAt(m_table.symbol(top).qualName, place);
}

} // namespace katlas
