// Runtime-only guard text (see runtime_condition.h).
#include "graph/runtime_condition.h"

#include <algorithm>
#include <initializer_list>

namespace katlas {

namespace {

bool containsAny(std::string_view text, std::initializer_list<std::string_view> marks)
{
    return std::any_of(marks.begin(), marks.end(), [&](std::string_view m) { return text.find(m) != std::string_view::npos; });
}

} // namespace

bool readsRuntimeState(std::string_view text)
{
    return containsAny(text, {".shape", ".numel()", "len(", ".dtype", ".device", ".size(", ".ndim", ".is_contiguous()"});
}

bool isRuntimeCondition(std::string_view text)
{
    if (text.find(" and ") != std::string_view::npos || text.find(" or ") != std::string_view::npos)
        return false;
    return readsRuntimeState(text) || containsAny(text, {" < ", " > ", " <= ", " >= "});
}

} // namespace katlas
