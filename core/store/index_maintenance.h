// Changes made to an existing index in place, outside a full write: used by
// the benchmark to make one file look changed.
#pragma once

#include <QString>

namespace katlas {

// Gives the file with this id a hash no content has, so the next re-index parses it.
bool markFileChanged(const QString &dbPath, long long fileId);

} // namespace katlas
