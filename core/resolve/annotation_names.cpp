// See annotation_names.h.
#include "resolve/annotation_names.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace katlas {

std::vector<AnnotationName> dottedNames(const std::string &text)
{
    auto head = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; };
    auto tail = [&](char c) { return head(c) || std::isdigit(static_cast<unsigned char>(c)); };
    // The return parts of Callable[...]: after its top-level comma, up to its bracket.
    std::vector<std::pair<size_t, size_t>> returns;
    for (size_t at = text.find("Callable["); at != std::string::npos; at = text.find("Callable[", at + 1)) {
        int level = 0;
        size_t comma = std::string::npos;
        for (size_t i = at + 8; i < text.size(); ++i) {
            if (text[i] == '[')
                ++level;
            else if (text[i] == ']' && --level == 0) {
                if (comma != std::string::npos)
                    returns.emplace_back(comma, i);
                break;
            } else if (text[i] == ',' && level == 1 && comma == std::string::npos)
                comma = i;
        }
    }
    std::vector<AnnotationName> out;
    for (size_t i = 0; i < text.size();) {
        if (!head(text[i])) {
            ++i;
            continue;
        }
        size_t end = i;
        while (true) {
            while (end < text.size() && tail(text[end]))
                ++end;
            if (end + 1 < text.size() && text[end] == '.' && head(text[end + 1]))
                ++end;
            else
                break;
        }
        const bool returned
            = std::any_of(returns.begin(), returns.end(), [&](const auto &r) { return i > r.first && i < r.second; });
        out.push_back({text.substr(i, end - i), returned});
        i = end;
    }
    return out;
}

} // namespace katlas
