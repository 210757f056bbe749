// Allocator tuning for indexing (see allocator_tuning.h).
#include "index/allocator_tuning.h"

#include <mutex>

#if defined(__GLIBC__)
#include <malloc.h>
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

} // namespace katlas
