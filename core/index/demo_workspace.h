// The embedded demo workspace: a small Python tree of our own, shaped like
// sglang + flashinfer, with its profile. Extracted to a cache folder so that
// it can be indexed and shown like any checkout.
#pragma once

#include "index/indexer.h"

#include <optional>

namespace katlas {

struct DemoWorkspace {
    QString root;              // folder holding one sub-folder per repo
    Profile profile;
    std::vector<RepoInput> repos;
    QString defaultDbPath;     // where the app keeps the demo's index
};

// Extracts (once per version; again if files are missing) and returns the demo.
std::optional<DemoWorkspace> demoWorkspace(QString *error);

// The folder for caches: $KATLAS_CACHE_DIR, else the platform's cache location.
QString cacheFolder();

} // namespace katlas
