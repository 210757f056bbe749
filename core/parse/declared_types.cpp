// What a type annotation's text says of None (see declared_types.h).
#include "parse/declared_types.h"

#include <array>
#include <cctype>

namespace katlas {
namespace {

// Does `text` hold `word` not as a part of a longer name?
bool holdsWord(std::string_view text, std::string_view word)
{
    const auto isNameChar = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
        const size_t end = at + word.size();
        if ((at == 0 || !isNameChar(text[at - 1])) && (end >= text.size() || !isNameChar(text[end])))
            return true;
    }
    return false;
}

} // namespace

bool declaresNotNone(std::string_view annotation)
{
    if (annotation.empty())
        return false;
    // Types that hold None, or say nothing of it: any mention rules the declaration out.
    static constexpr std::array<std::string_view, 6> kAdmitting{"Optional", "None", "Any", "object", "NoneType", "TypeVar"};
    for (std::string_view word : kAdmitting)
        if (holdsWord(annotation, word))
            return false;
    return true;
}

} // namespace katlas
