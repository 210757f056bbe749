// The text of an indexed file, read from its repository's checkout (the
// index keeps where each repository is, not its files' contents).
#pragma once

#include "trace/call_index.h"

#include <cstdint>
#include <optional>
#include <string>

namespace katlas {

// nullopt when the file is not in the index or cannot be read.
std::optional<std::string> readIndexedSource(const CallIndex &index, std::int64_t fileId);

} // namespace katlas
