// Runtime-only guard text (see runtime_condition.h).
#include "graph/runtime_condition.h"

#include "parse/syntax_facts.h"

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
    // `a and b`, `a or b`: each part must be one (a local written out reads
    // `(w.shape[0] % 64 == 0) and (x.dtype == torch.bfloat16)`).
    for (std::string_view joint : {" and ", " or "})
        if (const size_t at = text.find(joint); at != std::string_view::npos)
            return isRuntimeCondition(text.substr(0, at)) && isRuntimeCondition(text.substr(at + joint.size()));
    return readsRuntimeState(text) || text.starts_with(kRaisedGuardPrefix) || containsAny(text, {" < ", " > ", " <= ", " >= "});
}

} // namespace katlas
