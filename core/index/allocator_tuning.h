// Tunes the C allocator for indexing: parsing and resolving allocate and
// free millions of small objects; glibc's defaults hand memory back to the
// system and fault it in again between phases (7 % of the index time on
// sglang + flashinfer). Called once by the indexer; a no-op elsewhere.
#pragma once

namespace katlas {

void tuneAllocatorForIndexing();

// The heap of a whole index is a few hundred MB touched once: faulted in 2 MB
// pages instead of 4 KB ones it takes a tenth less time (most on virtual
// machines). glibc's allocator asks for such pages only when told so at
// start-up (the glibc.malloc.hugetlb tunable), so a command that indexes
// starts its process again, once, with the tunable set; `argv` as main got
// it. Returns (doing nothing) where that is not possible or already done.
void restartWithHugePages(char **argv);

} // namespace katlas
