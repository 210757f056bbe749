// Names of the call graph's enums, as stored in the database and shown to users.
#include "graph/call_graph.h"

#include <array>
#include <utility>

namespace katlas {
namespace {
constexpr std::array kResolutionNames = {"exact", "type", "registry", "override", "name", "unresolved"};
constexpr std::array kKindNames = {"module", "class", "function", "method", "external"};
} // namespace

const char *resolutionName(Resolution r) { return kResolutionNames[static_cast<size_t>(r)]; }

Resolution resolutionFromName(std::string_view name)
{
    for (size_t i = 0; i < kResolutionNames.size(); ++i)
        if (name == kResolutionNames[i])
            return static_cast<Resolution>(i);
    return Resolution::Unresolved;
}

const char *symbolKindName(SymbolKind k) { return kKindNames[static_cast<size_t>(k)]; }

SymbolKind symbolKindFromName(const std::string &name)
{
    for (size_t i = 0; i < kKindNames.size(); ++i)
        if (name == kKindNames[i])
            return static_cast<SymbolKind>(i);
    return SymbolKind::External;
}

} // namespace katlas
