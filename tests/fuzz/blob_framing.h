// How the stored-facts fuzz target reads one input as a file's three facts
// blobs (declarations, locals, calls), and how its seeds are written.
#pragma once

#include "store/facts_codec.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace katlas::fuzz {

// Two little-endian 32-bit lengths, then the declarations, the locals, and
// the rest as the calls. Lengths past the end are cut to what is there.
inline EncodedFacts splitBlobs(const std::uint8_t *data, std::size_t size)
{
    auto length = [&](std::size_t at) -> std::size_t {
        if (at + 4 > size)
            return 0;
        return std::size_t(data[at]) | std::size_t(data[at + 1]) << 8 | std::size_t(data[at + 2]) << 16
            | std::size_t(data[at + 3]) << 24;
    };
    std::string_view rest(reinterpret_cast<const char *>(data), size);
    const std::size_t declarations = length(0), locals = length(4);
    rest.remove_prefix(std::min<std::size_t>(8, rest.size()));
    EncodedFacts out;
    out.declarations = rest.substr(0, std::min(declarations, rest.size()));
    rest.remove_prefix(out.declarations.size());
    out.locals = rest.substr(0, std::min(locals, rest.size()));
    rest.remove_prefix(out.locals.size());
    out.calls = rest;
    return out;
}

inline std::string joinBlobs(const EncodedFacts &blobs)
{
    std::string out;
    for (const std::size_t n : {blobs.declarations.size(), blobs.locals.size()})
        for (int shift = 0; shift < 32; shift += 8)
            out.push_back(char((n >> shift) & 0xFF));
    return out + blobs.declarations + blobs.locals + blobs.calls;
}

} // namespace katlas::fuzz
