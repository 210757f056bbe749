// A compact, versioned binary encoding of a file's syntax facts, stored in
// the index so that re-indexing can skip files whose content is unchanged.
#pragma once

#include "parse/syntax_facts.h"

#include <optional>
#include <string>

namespace katlas {

std::string encodeFacts(const ModuleFacts &facts);
// nullopt for a blob of another encoding version or a damaged one.
std::optional<ModuleFacts> decodeFacts(const std::string &blob);

} // namespace katlas
