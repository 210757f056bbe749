// Straight-line reaching assignments for a guard on `self.x` (see
// guard_evaluator.h, docs/guard-evaluation.md "Assignments that reach a
// guard"): in the method making the call, the last assignment to self.x that
// surely runs before the `if` replaces every earlier one and those of other
// methods; an assignment in a branch between them replaces it only where that
// branch's test holds.
#include "resolve/guard_evaluator.h"
#include "resolve/guard_limits.h"

#include "parse/syntax_node.h"

#include <algorithm>
#include <cstring>

namespace katlas {

using namespace guard_limits;

namespace {

bool isWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Does `text` read `self.<attr>` (not `self.<attr>_more`)?
bool reads(const std::string &text, const std::string &attr)
{
    return standsAsWord(text, "self." + attr);
}

Guard negation(const Guard &g) { return {g.text, !g.negated}; }

} // namespace

const std::vector<std::string> &GuardEvaluator::attributesAssignedIn(SymbolId function)
{
    if (const auto it = m_assignedIn.find(function); it != m_assignedIn.end())
        return it->second;
    std::vector<std::string> &out = m_assignedIn[function];
    const FunctionInfo *fn = m_table.function(function);
    if (const ClassInfo *c = fn && fn->cls ? m_table.cls(fn->cls) : nullptr)
        for (const auto &[attr, assignments] : c->selfAttrs)
            if (std::any_of(assignments.begin(), assignments.end(), [&](const auto &a) { return a.second == function; }))
                out.push_back(attr);
    return out;
}

std::optional<GuardEvaluator::Reader> GuardEvaluator::readerFor(const GuardList &guards, size_t index, const Scope &scope,
                                                                  int line)
{
    if (!scope.function || line <= 0)
        return std::nullopt;
    const std::vector<std::string> &assigned = attributesAssignedIn(scope.function);
    const std::string &text = guards[index].text;
    if (std::none_of(assigned.begin(), assigned.end(), [&](const std::string &a) { return reads(text, a); }))
        return std::nullopt;
    return Reader{scope.function, line, GuardList(guards.begin(), guards.begin() + static_cast<std::ptrdiff_t>(index)),
                  guards[index]};
}

std::optional<GuardEvaluator::Decision> GuardEvaluator::decideAt(const GuardList &guards, size_t index, const Scope &scope,
                                                                   int line)
{
    m_pendingReader = readerFor(guards, index, scope, line);
    // A local assigned more than once is read with the assignments that
    // reach the `if` (guard_reaching_bindings.cpp).
    std::optional<ReadAt> outerRead = m_readAt;
    if (scope.function && line > 0 && readsReassignedLocal(guards[index].text, scope.function))
        m_readAt = ReadAt{scope.function, line,
                          GuardList(guards.begin(), guards.begin() + static_cast<std::ptrdiff_t>(index) + 1)};
    std::optional<Decision> d = decide(guards[index], scope);
    m_readAt = std::move(outerRead);
    m_pendingReader.reset();
    return d;
}

bool GuardEvaluator::readsReassignedLocal(const std::string &text, SymbolId function) const
{
    // The test of a flag: `x`, `not x`, `x is None`, `x is not None`; or of
    // what the local holds: `x.is_auto()`.
    std::string name = text;
    if (name.rfind("not ", 0) == 0)
        name = name.substr(4);
    if (const size_t dot = name.find('.'); dot != std::string::npos && dot > 0
        && std::all_of(name.begin(), name.begin() + static_cast<std::ptrdiff_t>(dot), isWordChar))
        name.resize(dot);
    for (const char *suffix : {" is not None", " is None"})
        if (const size_t n = std::strlen(suffix); name.size() > n && name.compare(name.size() - n, n, suffix) == 0)
            name.resize(name.size() - n);
    if (name.empty() || !std::all_of(name.begin(), name.end(), isWordChar))
        return false;
    const FunctionInfo *fn = m_table.function(function);
    if (!fn)
        return false;
    const BindingMap &locals = m_table.localsOf(*fn);
    const auto it = locals.find(name);
    // Assigned more than once, once at least under a test of its own.
    return it != locals.end() && it->second.size() > 1
        && std::any_of(it->second.begin(), it->second.end(), [](const Binding &b) {
               return b.kind == Binding::Kind::Assignment && !b.assignment->value.guards.empty();
           });
}

bool GuardEvaluator::insideTestedIf(const AssignmentFact &assignment, SymbolId method) const
{
    if (!m_reader || method != m_reader->function)
        return false;
    const GuardList &g = assignment.value.guards;
    const GuardList &before = m_reader->before;
    size_t shared = 0;
    while (shared < g.size() && shared < before.size() && g[shared] == before[shared])
        ++shared;
    return shared == before.size() && shared < g.size() && g[shared] == m_reader->tested;
}

std::optional<GuardEvaluator::Outcomes> GuardEvaluator::reachingValues(const std::string &attr, const Scope &scope, int depth)
{
    const FunctionInfo *fn = m_table.function(scope.function);
    const ClassInfo *c = fn && fn->cls ? m_table.cls(fn->cls) : nullptr;
    const auto it = c ? c->selfAttrs.find(attr) : decltype(c->selfAttrs)::const_iterator{};
    if (!c || it == c->selfAttrs.end())
        return std::nullopt;
    const GuardList &before = m_reader->before;
    // The assignments of this method above the call, each with the guards
    // it has beyond those it shares with the call.
    struct Reaching {
        const AssignmentFact *assignment;
        GuardList extra;
    };
    std::vector<Reaching> reaching;
    for (const auto &[assignment, method] : it->second) {
        if (method != scope.function || assignment->value.line >= m_reader->line)
            continue;
        const GuardList &g = assignment->value.guards;
        size_t shared = 0;
        while (shared < g.size() && shared < before.size() && g[shared] == before[shared])
            ++shared;
        if (shared < g.size() && shared < before.size() && g[shared] == negation(before[shared]))
            continue; // in a branch the call is not in
        if (insideTestedIf(*assignment, method))
            continue; // it runs after the test
        reaching.push_back({assignment, GuardList(g.begin() + static_cast<std::ptrdiff_t>(shared), g.end())});
    }
    std::sort(reaching.begin(), reaching.end(),
              [](const Reaching &a, const Reaching &b) { return a.assignment->value.line < b.assignment->value.line; });
    const auto last = std::find_if(reaching.rbegin(), reaching.rend(), [](const Reaching &r) { return r.extra.empty(); });
    if (last == reaching.rend())
        return std::nullopt; // none surely runs: every assignment may hold
    auto first = last.base() - 1;
    // What the sure assignment gives holds where no later one in a branch
    // replaced it; a branch whose test always holds is sure too.
    ConditionSet kept;
    for (auto r = first + 1; r != reaching.end(); ++r) {
        if (r->extra.size() != 1)
            continue; // `not (a and b)` is not one condition: the value may stay
        const ConditionSet unless = conditionsOf({negation(r->extra.front())}, scope);
        if (std::any_of(unless.begin(), unless.end(), [](const Condition &x) { return x.dimension == kUnreachable; })) {
            first = r;
            kept.clear();
            continue;
        }
        for (const Condition &x : unless)
            if (!x.dimension.empty()) // a test known no better: the value may stay
                addCondition(kept, x);
    }
    Outcomes out;
    for (Outcome o : factValues(first->assignment->value, scope, depth + 1)) {
        addConditions(o.conditions, kept);
        out.push_back(std::move(o));
    }
    for (auto r = first + 1; r != reaching.end(); ++r) {
        Outcomes more = factValues(r->assignment->value, scope, depth + 1);
        out.insert(out.end(), more.begin(), more.end());
    }
    return finish(std::move(out));
}

} // namespace katlas
