// Tunes the C allocator for indexing: parsing and resolving allocate and
// free millions of small objects; glibc's defaults hand memory back to the
// system and fault it in again between phases (7 % of the index time on
// sglang + flashinfer). Called once by the indexer; a no-op elsewhere.
#pragma once

namespace katlas {

void tuneAllocatorForIndexing();

} // namespace katlas
