// A compact, versioned binary encoding of a file's syntax facts, stored in
// the index so that re-indexing can skip files whose content is unchanged.
// A file's facts are two blobs: its declarations (everything but the call
// sites) and its calls, so that an incremental re-index rebuilds the
// resolver's view of the unchanged files without decoding their calls.
#pragma once

#include "parse/syntax_facts.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace katlas {

struct EncodedFacts {
    std::string declarations;
    std::string calls;
};
EncodedFacts encodeFacts(const ModuleFacts &facts);
// nullopt for a blob of another encoding version or a damaged one. Without
// `calls`, the facts' calls are left empty.
std::optional<ModuleFacts> decodeFacts(std::string_view declarations);
std::optional<ModuleFacts> decodeFacts(std::string_view declarations, std::string_view calls);
bool decodeCalls(std::string_view blob, std::vector<CallFact> &calls);

} // namespace katlas
