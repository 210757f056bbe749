// Allocator tuning for indexing (see allocator_tuning.h).
#include "index/allocator_tuning.h"

#include <mutex>

#if defined(__GLIBC__)
#include <malloc.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <string>
#endif

namespace katlas {

void tuneAllocatorForIndexing()
{
    static std::once_flag once;
    std::call_once(once, [] {
#if defined(__GLIBC__)
        mallopt(M_TRIM_THRESHOLD, 256 << 20); // keep freed memory for the next phase
        mallopt(M_TOP_PAD, 64 << 20);         // grow the heap in large steps
        mallopt(M_MMAP_THRESHOLD, 16 << 20);  // vectors of facts stay on the heap
#endif
    });
}

void restartWithHugePages(char **argv)
{
#if defined(__GLIBC__) && defined(__linux__)
    constexpr const char *kTunable = "glibc.malloc.hugetlb";
    const char *tunables = std::getenv("GLIBC_TUNABLES");
    if (tunables && std::strstr(tunables, kTunable))
        return; // set already (by us, or by the user: either way, kept)
    const std::string value = (tunables && *tunables ? std::string(tunables) + ':' : std::string()) + kTunable + "=1";
    if (::setenv("GLIBC_TUNABLES", value.c_str(), 1) != 0)
        return;
    ::execv("/proc/self/exe", argv); // returns only when it failed: go on as we are
#else
    (void)argv;
#endif
}

} // namespace katlas
