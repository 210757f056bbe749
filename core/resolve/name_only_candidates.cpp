// Name-only candidates: see name_only_candidates.h.
#include "resolve/name_only_candidates.h"

namespace katlas {
namespace {
constexpr size_t kMaxNameOnlyCandidates = 3;
}

std::vector<SymbolId> NameOnlyCandidates::of(const std::string &chain)
{
    const auto dot = chain.rfind('.');
    if (dot == std::string::npos || chain.find('(', dot) != std::string::npos || chain.find('[', dot) != std::string::npos)
        return {};
    if (m_methodsByName.empty())
        for (const Symbol &s : m_table.symbols())
            if (s.kind == SymbolKind::Method && s.name.front() != '_')
                m_methodsByName[s.name].push_back(s.id);
    const auto it = m_methodsByName.find(chain.substr(dot + 1));
    if (it == m_methodsByName.end() || it->second.size() > kMaxNameOnlyCandidates)
        return {};
    return it->second;
}

} // namespace katlas
