// Runtime-only guard text (see runtime_condition.h).
#include "graph/runtime_condition.h"

#include <algorithm>
#include <iterator>

namespace katlas {

bool isRuntimeCondition(std::string_view text)
{
    if (text.find(" and ") != std::string_view::npos || text.find(" or ") != std::string_view::npos)
        return false;
    static constexpr std::string_view marks[] = {".shape", ".numel()", "len(", " < ", " > ", " <= ", " >= ", ".dtype",
                                                 ".device", ".size(", ".ndim", ".is_contiguous()"};
    return std::any_of(std::begin(marks), std::end(marks), [&](std::string_view m) { return text.find(m) != std::string_view::npos; });
}

} // namespace katlas
