// Text split by ASCII separators, as the index stores guards and conditions
// (see docs/schema.md): one splitter and one writer of a condition.
#pragma once

#include "graph/call_graph.h"

#include <string>
#include <string_view>

namespace katlas {

// Calls `part` with each piece of `s` between separators (none for "").
template <typename Part>
void forEachPart(std::string_view s, char sep, Part &&part)
{
    if (s.empty())
        return;
    size_t start = 0;
    for (;;) {
        const size_t end = s.find(sep, start);
        part(s.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        if (end == std::string_view::npos)
            return;
        start = end + 1;
    }
}

// `±dimension`, `field`, then the values apart by `value`.
inline void appendCondition(std::string &out, const Condition &c, char field, char value)
{
    out += c.negated ? '!' : '+';
    out += c.dimension;
    out += field;
    for (size_t i = 0; i < c.values.size(); ++i) {
        if (i)
            out += value;
        out += c.values[i];
    }
}

} // namespace katlas
