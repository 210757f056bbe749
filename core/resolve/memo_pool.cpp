#include "resolve/memo_pool.h"

#include <string>

namespace katlas {

void hashMix(size_t &seed, size_t h)
{
    seed ^= h + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2);
}

size_t ConditionSetHash::operator()(const ConditionSet &set) const
{
    const std::hash<std::string> text;
    size_t seed = set.size();
    for (const Condition &c : set) {
        hashMix(seed, text(c.dimension));
        hashMix(seed, text(c.text));
        hashMix(seed, c.negated ? 1 : 2);
        for (const std::string &v : c.values)
            hashMix(seed, text(v));
    }
    return seed;
}

size_t ValueHash::operator()(const Value &v) const
{
    size_t seed = static_cast<size_t>(v.kind);
    hashMix(seed, std::hash<SymbolId>()(v.id));
    hashMix(seed, std::hash<SymbolId>()(v.selfClass));
    hashMix(seed, std::hash<std::string>()(v.external));
    hashMix(seed, std::hash<const void *>()(v.elements.get()));
    hashMix(seed, ConditionSetHash()(v.conditions));
    return seed;
}

bool ValueEqual::operator()(const Value &a, const Value &b) const
{
    return a.sameTarget(b) && a.how == b.how && a.boundParam == b.boundParam && a.conditions == b.conditions;
}

ValuesPool::Packed ValuesPool::pack(const Values &values)
{
    Packed packed;
    packed.reserve(values.size());
    for (const Value &v : values)
        packed.push_back(m_values.keep(v));
    return packed;
}

Values ValuesPool::unpack(const Packed &packed)
{
    Values values;
    values.reserve(packed.size());
    for (const Value *v : packed)
        values.push_back(*v);
    return values;
}

} // namespace katlas
