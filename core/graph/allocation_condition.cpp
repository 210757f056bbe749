#include "graph/allocation_condition.h"

#include <cstdint>

namespace katlas {

namespace {

// A short stable name for a place: 32-bit FNV-1a of its qualified name, in
// hex. Edges carry many of them; the full names would weigh megabytes.
std::string placeKey(const std::string &place)
{
    std::uint32_t h = 2166136261u;
    for (unsigned char ch : place) {
        h ^= ch;
        h *= 16777619u;
    }
    static const char digits[] = "0123456789abcdef";
    std::string out(8, '0');
    for (int i = 7; i >= 0; --i, h >>= 4)
        out[static_cast<size_t>(i)] = digits[h & 15];
    return out;
}

} // namespace

Condition builtAt(const std::string &classQualName, const std::string &place)
{
    Condition c;
    c.dimension = std::string(kAllocationPrefix) + classQualName;
    c.values = {placeKey(place)};
    c.text = c.dimension + " == " + c.values.front();
    return c;
}

} // namespace katlas
