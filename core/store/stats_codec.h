// An index's summary figures as JSON, kept in its meta table ("stats") so
// that they are read without counting: a whole index writes them, a patch
// updates them by what it removed and added.
#pragma once

#include "graph/index_stats.h"

#include <optional>
#include <string>

namespace katlas {

std::string encodeStats(const IndexStats &stats);
std::optional<IndexStats> decodeStats(const std::string &json);
// `into` += `delta` * sign, figure by figure (sign is 1 or -1).
void addStats(IndexStats &into, const IndexStats &delta, int sign = 1);

} // namespace katlas
