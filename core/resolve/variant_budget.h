// The bound on argument-shape copies of one function (per owner): at most
// kMaxVariants shapes each, first come first served, further shapes share
// the general copy. Items of a name declared not None (`|residual=O`,
// declared_not_none.h) refine a shape: at most kMaxVariants refined shapes
// are made beside the plain ones, further ones falling back to their plain
// shape (see docs/guard-evaluation.md, "Declared not None").
#pragma once

#include "resolve/symbol_table.h"

#include <map>
#include <string>
#include <utility>

namespace katlas {

class VariantBudget
{
public:
    static constexpr int kMaxVariants = 16;

    // The shape a copy of `function` for `owner` gets for calls of
    // `variant` (none: the general copy); `made(v)`: is there a copy of
    // shape v already?
    template <class Made>
    std::string admit(SymbolId function, SymbolId owner, const std::string &variant, Made made)
    {
        if (variant.empty() || made(variant))
            return variant;
        const auto key = std::make_pair(function, owner);
        const std::string plain = plainShape(variant);
        if (plain != variant && m_refinedCount[key] < kMaxVariants)
            return variant;
        if (made(plain) || m_plainCount[key] < kMaxVariants)
            return plain;
        return {};
    }

    // A copy of shape `variant` was made.
    void made(SymbolId function, SymbolId owner, const std::string &variant);

    // `variant` with its names declared not None as unknown values.
    static std::string plainShape(const std::string &variant);

private:
    std::map<std::pair<SymbolId, SymbolId>, int> m_plainCount, m_refinedCount;
};

} // namespace katlas
