// A compact, versioned binary encoding of a file's syntax facts, stored in
// the index so that re-indexing can skip files whose content is unchanged.
// A file's facts are three blobs: its declarations (everything but the
// locals and the call sites), its locals and its calls, so that an
// incremental re-index rebuilds the resolver's view of the unchanged files
// without decoding their locals and calls until it needs them.
#pragma once

#include "parse/syntax_facts.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace katlas {

struct EncodedFacts {
    std::string declarations;
    std::string locals;
    std::string calls;
};
EncodedFacts encodeFacts(const ModuleFacts &facts);
// The encoding's version, kept in an index's meta: an index of another one
// was made by an extractor that saw other facts, and is not reused.
int factsFormatVersion();
// nullopt for a blob of another encoding version or a damaged one. From the
// declarations alone, the facts' locals and calls are left empty.
std::optional<ModuleFacts> decodeFacts(std::string_view declarations);
std::optional<ModuleFacts> decodeFacts(std::string_view declarations, std::string_view locals, std::string_view calls);
bool decodeLocals(std::string_view blob, std::vector<AssignmentFact> &locals);
bool decodeCalls(std::string_view blob, std::vector<CallFact> &calls);

} // namespace katlas
