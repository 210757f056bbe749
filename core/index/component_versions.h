// Versions of the libraries Kernel Atlas is built on, for the About dialog
// and `katlas --version`.
#pragma once

#include <QString>

namespace katlas {

struct ComponentVersions {
    QString qt, graphviz, treeSitterAbi, grammar, sqlite;
};

ComponentVersions componentVersions();

} // namespace katlas
