// A memo's key kept as a 128-bit digest of its text. The evaluators' keys
// spell out a scope, the arguments a copy was made for and a chain
// (`v1152:22211:0(|forward_batch=V|input_embeds=N|…)#self.x`): 340,000 of
// them took some 40 MB on sglang + flashinfer. Two independent 64-bit hashes
// of the text tell keys apart with a collision probability of about 1e-28
// for that many keys.
#pragma once

#include <cstdint>
#include <functional>
#include <string_view>

namespace katlas {

struct MemoKey {
    std::uint64_t first = 0;
    std::uint64_t second = 0;
    bool operator==(const MemoKey &) const = default;
};

struct MemoKeyHash {
    size_t operator()(const MemoKey &k) const { return static_cast<size_t>(k.first); }
};

inline MemoKey memoKey(std::string_view text)
{
    std::uint64_t fnv = 0xcbf29ce484222325ULL; // FNV-1a, beside the library's own hash
    for (const char c : text) {
        fnv ^= static_cast<unsigned char>(c);
        fnv *= 0x100000001b3ULL;
    }
    return {static_cast<std::uint64_t>(std::hash<std::string_view>()(text)), fnv};
}

} // namespace katlas
