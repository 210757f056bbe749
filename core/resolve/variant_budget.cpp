// The bound on argument-shape copies (see variant_budget.h).
#include "resolve/variant_budget.h"

namespace katlas {

void VariantBudget::made(SymbolId function, SymbolId owner, const std::string &variant)
{
    ++(plainShape(variant) == variant ? m_plainCount : m_refinedCount)[std::make_pair(function, owner)];
}

std::string VariantBudget::plainShape(const std::string &variant)
{
    // 'O' stands where an unknown value ('V') stood: by position before the
    // first '|', as an item's kind after `=`. An item of unknown kind is
    // read as none, and a forwarded shape keeps its keywords.
    std::string out = variant;
    const size_t bar = out.find('|');
    for (size_t i = 0; i < out.size(); ++i)
        if (out[i] == 'O' && (i < bar || (out[i - 1] == '=' && (i + 1 == out.size() || out[i + 1] == '|'))))
            out[i] = 'V';
    return out;
}

} // namespace katlas
