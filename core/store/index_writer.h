// Writes a whole index into a new database file and puts it in place of the
// old one atomically: a failed or cancelled write leaves the old one intact.
#pragma once

#include "graph/call_graph.h"

#include <QString>

#include <atomic>
#include <string>
#include <utility>
#include <vector>

namespace katlas {

struct IndexContents {
    CallGraph graph;
    std::vector<ModuleFacts> facts; // parallel to graph.files
    std::vector<std::pair<std::string, std::string>> meta;
};

bool writeIndex(const QString &dbPath, const IndexContents &contents, const std::atomic_bool *cancel, QString *error);

} // namespace katlas
