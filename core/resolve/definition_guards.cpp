#include "resolve/definition_guards.h"

#include <algorithm>

namespace katlas {

namespace {

// The guards of `later` that `earlier` is not already under.
GuardList extraGuards(const GuardList &earlier, const GuardList &later)
{
    GuardList extra;
    for (const Guard &g : later) {
        if (std::find(earlier.begin(), earlier.end(), g) == earlier.end())
            extra.push_back(g);
    }
    return extra;
}

} // namespace

std::vector<std::optional<GuardList>> definitionGuards(const std::vector<const GuardList *> &inOrder)
{
    std::vector<std::optional<GuardList>> out;
    out.reserve(inOrder.size());
    for (size_t i = 0; i < inOrder.size(); ++i) {
        std::optional<GuardList> guards = *inOrder[i];
        for (size_t j = i + 1; j < inOrder.size() && guards; ++j) {
            const GuardList extra = extraGuards(*inOrder[i], *inOrder[j]);
            if (extra.empty()) {
                guards.reset(); // replaced wherever it exists
            } else if (extra.size() == 1) {
                const Guard negated{extra.front().text, !extra.front().negated};
                if (std::find(guards->begin(), guards->end(), negated) == guards->end())
                    guards->push_back(negated);
            }
        }
        out.push_back(std::move(guards));
    }
    return out;
}

} // namespace katlas
