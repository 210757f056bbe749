// The guard evaluator's memos of chains' and parameters' values and of its
// decisions, kept compact (memo_pool.h): some 340,000 results on sglang +
// flashinfer, whose conditions' strings took 123 MB when each result kept
// its own copy.
#include "resolve/guard_evaluator.h"

#include <functional>

namespace katlas {

size_t GuardEvaluator::OutcomeStore::AbstractHash::operator()(const Abstract &a) const
{
    const std::hash<std::string> text;
    size_t seed = static_cast<size_t>(a.kind) * 2 + (a.truth ? 1 : 0);
    hashMix(seed, text(a.text));
    hashMix(seed, text(a.fallback));
    hashMix(seed, text(a.readFrom));
    return seed;
}

GuardEvaluator::OutcomeStore::Packed GuardEvaluator::OutcomeStore::pack(const Outcomes &outcomes)
{
    Packed packed;
    packed.reserve(outcomes.size());
    for (const Outcome &o : outcomes)
        packed.emplace_back(m_values.keep(o.value), m_sets.keep(o.conditions));
    return packed;
}

GuardEvaluator::Outcomes GuardEvaluator::OutcomeStore::unpack(const Packed &packed)
{
    Outcomes outcomes;
    outcomes.reserve(packed.size());
    for (const auto &[value, conditions] : packed)
        outcomes.push_back({*value, *conditions});
    return outcomes;
}

GuardEvaluator::OutcomeStore::PackedDecision GuardEvaluator::OutcomeStore::pack(const Decision &decision)
{
    PackedDecision packed{decision.never, decision.keepText, m_sets.keep(decision.conditions), {}};
    packed.ways.reserve(decision.ways.size());
    for (const ConditionSet &way : decision.ways)
        packed.ways.push_back(m_sets.keep(way));
    return packed;
}

GuardEvaluator::Decision GuardEvaluator::OutcomeStore::unpack(const PackedDecision &packed)
{
    Decision decision{packed.never, *packed.conditions, packed.keepText, {}};
    decision.ways.reserve(packed.ways.size());
    for (const ConditionSet *way : packed.ways)
        decision.ways.push_back(*way);
    return decision;
}

void GuardEvaluator::OutcomeStore::clear()
{
    m_values.clear();
    m_sets.clear();
}

} // namespace katlas
