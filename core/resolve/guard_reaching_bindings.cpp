// Which assignments to a local reach a read (see guard_evaluator.h,
// docs/guard-evaluation.md "Assignments that reach a read"): one that later
// assignments replace on every way before the read does not reach it; one
// they replace where a guard holds reaches it only where that guard fails.
//
//     backend = get_backend()          # reaches the call only where
//     if backend.is_auto():            # backend.is_auto() fails
//         if deep_gemm_enabled():
//             backend = Backend.DEEP_GEMM
//         else:
//             backend = Backend.TRITON
//     Runner(backend)
#include "resolve/guard_evaluator.h"
#include "resolve/guard_limits.h"

#include <algorithm>
#include <utility>

namespace katlas {

using namespace guard_limits;

namespace {

// A later assignment replaces an earlier one under the guards it adds to the
// earlier one's (its own start with them), and everywhere when it stands
// outside the earlier one's branch, under guards the earlier one's start
// with; the line it is made at.
struct Replacement {
    GuardList guards;
    int line = 0;
};

// `if g: x = a` and `else: x = b` together replace x wherever the guards
// before g hold: two replacements that differ only in the negation of their
// last guard are one without it.
void merge(std::vector<Replacement> &replacements)
{
    for (bool merged = true; merged;) {
        merged = false;
        for (size_t i = 0; i < replacements.size() && !merged; ++i)
            for (size_t j = i + 1; j < replacements.size() && !merged; ++j) {
                const GuardList &a = replacements[i].guards, &b = replacements[j].guards;
                if (a.empty() || a.size() != b.size() || !std::equal(a.begin(), a.end() - 1, b.begin())
                    || a.back().text != b.back().text || a.back().negated == b.back().negated)
                    continue;
                replacements[i].guards.pop_back();
                replacements[i].line = std::min(replacements[i].line, replacements[j].line);
                replacements.erase(replacements.begin() + static_cast<std::ptrdiff_t>(j));
                merged = true;
            }
    }
}

} // namespace

GuardEvaluator::Outcomes GuardEvaluator::reachingValues(const FunctionInfo &fn, const std::string &name,
                                                        const std::vector<Binding> &bindings, const Scope &scope, int line,
                                                        int depth)
{
    Outcomes out;
    std::vector<Binding> whole; // those no later assignment replaces before the read
    for (const Binding &b : bindings) {
        if (b.kind != Binding::Kind::Assignment || b.assignment->value.line <= 0) {
            whole.push_back(b);
            continue;
        }
        const ValueFact &made = b.assignment->value;
        std::vector<Replacement> replacements;
        for (const Binding &later : bindings) {
            if (later.kind != Binding::Kind::Assignment || later.assignment->value.line <= made.line
                || later.assignment->value.line >= line)
                continue;
            const GuardList &guards = later.assignment->value.guards;
            if (startsWith(guards, made.guards))
                replacements.push_back({GuardList(guards.begin() + static_cast<std::ptrdiff_t>(made.guards.size()),
                                                  guards.end()),
                                        later.assignment->value.line});
            else if (startsWith(made.guards, guards))
                replacements.push_back({{}, later.assignment->value.line}); // runs wherever the earlier one ran
        }
        merge(replacements);
        if (std::any_of(replacements.begin(), replacements.end(), [](const Replacement &r) { return r.guards.empty(); }))
            continue; // replaced on every way
        std::vector<const Replacement *> single;
        for (const Replacement &r : replacements)
            if (r.guards.size() == 1)
                single.push_back(&r);
        if (single.empty()) {
            whole.push_back(b);
            continue;
        }
        Outcomes kept = bindingValues({b}, scope, depth + 1);
        for (const Replacement *r : single) {
            // The guard read where its `if` stands: the local as assigned above it.
            Guard fails = r->guards.front();
            fails.negated = !fails.negated;
            const std::optional<LocalCut> outer = std::exchange(m_localCut, LocalCut{fn.symbol, name, r->line});
            const std::optional<std::vector<ConditionSet>> ways = guardConditions({fails}, scope, depth + 1, r->line);
            m_localCut = outer;
            if (!ways) {
                kept.clear();
                break;
            }
            Outcomes crossed;
            for (const Outcome &o : kept)
                for (const ConditionSet &way : *ways) {
                    Outcome c = o;
                    addConditions(c.conditions, way);
                    crossed.push_back(std::move(c));
                }
            kept = std::move(crossed);
        }
        out.insert(out.end(), kept.begin(), kept.end());
    }
    if (!whole.empty()) {
        const Outcomes rest = bindingValues(whole, scope, depth + 1);
        out.insert(out.end(), rest.begin(), rest.end());
    }
    return out.empty() ? Outcomes{{}} : finish(std::move(out));
}

} // namespace katlas
