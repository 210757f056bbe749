// A copy of the files an index of some repos reads (one folder per repo,
// the same relative paths and times), for benchmarks and tests that edit
// files without touching the user's checkouts.
#pragma once

#include "index/indexer.h"

#include <QString>

#include <vector>

namespace katlas {

std::vector<RepoInput> copyIndexedFiles(const std::vector<RepoInput> &repos, const Profile &profile, const QString &root);

} // namespace katlas
