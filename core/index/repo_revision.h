// Reads the commit a git checkout is at straight from its .git folder (no
// git process): HEAD, a loose ref or packed-refs.
#pragma once

#include <QString>

namespace katlas {

// The commit id of the checkout at `repoPath`, or empty if it is not one.
QString gitRevision(const QString &repoPath);

} // namespace katlas
