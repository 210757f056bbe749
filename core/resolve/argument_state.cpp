// State handed with an argument (see argument_state.h).
#include "resolve/argument_state.h"

#include "resolve/argument_shape.h"

#include <algorithm>
#include <map>
#include <string_view>

namespace katlas {
namespace {

// The kind a literal assigned gives an attribute.
ArgKind literalKind(const ValueFact &value)
{
    if (value.expr == "None")
        return 'N';
    if (value.expr == "True")
        return 'T';
    if (value.expr == "False")
        return 'F';
    return 'V';
}

// Is every test the effect is made under one the call is made under too?
bool madeOnEveryWay(const GuardList &effect, const GuardList &call)
{
    return std::all_of(effect.begin(), effect.end(), [&](const Guard &g) { return std::find(call.begin(), call.end(), g) != call.end(); });
}

} // namespace

std::vector<std::pair<std::string, ArgKind>> setterAssignments(const FunctionFact &method, const std::string &scope,
                                                               const std::vector<AssignmentFact> &assignments,
                                                               const std::string &shape)
{
    std::vector<std::pair<std::string, ArgKind>> out;
    std::map<std::string, ArgKind> passed;
    bool bound = false;
    for (const AssignmentFact &a : assignments) {
        if (a.scope != scope || !a.target.starts_with("self.") || a.target.find('.', 5) != std::string::npos)
            continue;
        ArgKind kind = 'V';
        if (a.value.guards.empty()) {
            kind = literalKind(a.value);
            const bool isParam = std::any_of(method.params.begin(), method.params.end(), [&](const Param &p) { return p.name == a.value.chain; });
            if (kind == 'V' && isParam && a.value.expr.empty()) {
                if (!bound) {
                    passed = bindArguments(method, true, shape);
                    bound = true;
                }
                const auto it = passed.find(a.value.chain);
                kind = it == passed.end() ? 'V' : it->second;
            }
        }
        out.emplace_back(a.target.substr(5), kind);
    }
    return out;
}

std::string handedStateItems(const CallFact &call, const std::vector<StateEffect> &effects, const std::vector<const CallFact *> &calls)
{
    std::string out;
    for (const auto &[slot, name] : handedNames(call.args)) {
        // Another call handing the object on between the setting and the call may set it again.
        const auto handedBetween = [&](int from) {
            return std::any_of(calls.begin(), calls.end(), [&](const CallFact *c) {
                if (c->line <= from || c->line >= call.line)
                    return false;
                const auto names = handedNames(c->args);
                return std::any_of(names.begin(), names.end(), [&](const auto &n) { return n.second == name; });
            });
        };
        std::map<std::string, const StateEffect *> last; // per attribute, the last effect above the call
        for (const StateEffect &e : effects)
            if (e.object == name && e.line < call.line) {
                const StateEffect *&at = last[e.attr];
                if (!at || e.line >= at->line)
                    at = &e;
            }
        for (const auto &[attr, e] : last)
            if (e->kind != 'V' && madeOnEveryWay(*e->guards, call.guards) && !handedBetween(e->line))
                out += "|%" + slot + '.' + attr + '=' + e->kind;
    }
    return out;
}

std::string HandedStates::itemsFor(const CallFact &call, const Scope &scope, const std::vector<const CallFact *> &calls)
{
    if (call.args.find("|#") == std::string::npos && call.args.find("==") == std::string::npos)
        return {};
    return handedStateItems(call, effectsOf(scope, calls), calls);
}

const std::vector<StateEffect> &HandedStates::effectsOf(const Scope &scope, const std::vector<const CallFact *> &calls)
{
    auto [it, added] = m_effects.try_emplace(scope.function);
    const FunctionInfo *fn = m_table.function(scope.function);
    if (!added || !fn)
        return it->second;
    std::vector<StateEffect> &out = it->second;
    // Only the parameters are handed on as they are (`|#3:batch`, `batch=batch`).
    const auto isParam = [&](std::string_view name) {
        return std::any_of(fn->fact->params.begin(), fn->fact->params.end(), [&](const Param &p) { return p.name == name; });
    };
    const std::vector<AssignmentFact> &assignments = m_table.files()[static_cast<size_t>(m_table.moduleAt(fn->module).fileIndex)].assignments;
    for (const AssignmentFact &a : assignments)
        if (a.scope == fn->scope && a.target.starts_with(kForeignTarget) && !a.target.ends_with("]") && isParam(a.object))
            out.push_back({a.object, a.target.substr(std::char_traits<char>::length(kForeignTarget)), a.value.line, &a.value.guards,
                           literalKind(a.value)});
    // A method of the object called for what it sets (`batch.set_flag(False)`).
    for (const CallFact *c : calls) {
        const size_t dot = c->callee.find('.');
        if (dot == std::string::npos || c->callee.find_first_of(".([", dot + 1) != std::string::npos
            || !isParam(std::string_view(c->callee).substr(0, dot)) || c->callee.compare(0, dot, "self") == 0)
            continue;
        std::map<std::string, ArgKind> sets;
        for (const FunctionInfo *method : m_methods(*c, scope)) {
            const std::vector<AssignmentFact> &own = m_table.files()[static_cast<size_t>(m_table.moduleAt(method->module).fileIndex)].assignments;
            for (const auto &[attr, kind] : setterAssignments(*method->fact, method->scope, own, c->args)) {
                const auto [at, first] = sets.emplace(attr, kind);
                if (!first && at->second != kind)
                    at->second = 'V'; // the methods it may run disagree
            }
        }
        for (const auto &[attr, kind] : sets)
            out.push_back({c->callee.substr(0, dot), attr, c->line, &c->guards, kind});
    }
    return out;
}

} // namespace katlas
