// The fuzz targets' assertion: an input breaking what must hold is a crash
// libFuzzer keeps (with the reason printed), in release builds too.
#pragma once

#include <cstdio>
#include <cstdlib>

namespace katlas::fuzz {

inline void fuzzCheck(bool holds, const char *what)
{
    if (!holds) {
        std::fprintf(stderr, "fuzz check failed: %s\n", what);
        std::abort();
    }
}

} // namespace katlas::fuzz
