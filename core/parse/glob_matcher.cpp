// Glob matching (see glob_matcher.h): one pass over the pattern keeping the
// set of path positions the pattern read so far can end at, so the time is
// linear in pattern x path and no pattern can exhaust the stack.
#include "parse/glob_matcher.h"

#include <vector>

namespace katlas {

bool globMatch(std::string_view pattern, std::string_view path)
{
    const size_t n = path.size();
    // A trailing "/**" matches a folder and everything in it, when it is the
    // pattern's only star from where it is read on.
    const bool folderTail = pattern.size() >= 3 && pattern.substr(pattern.size() - 3) == "/**";
    size_t lastStarBeforeTail = std::string_view::npos; // of pattern[0 .. size-2)
    if (folderTail)
        lastStarBeforeTail = pattern.substr(0, pattern.size() - 2).rfind('*');

    std::vector<char> at(n + 1, 0), next(n + 1, 0); // path positions reached
    at[0] = 1;
    size_t i = 0;
    while (i < pattern.size()) {
        const std::string_view rest = pattern.substr(i);
        if (rest == "**") {
            for (size_t j = 0; j <= n; ++j)
                if (at[j])
                    return true;
            return false;
        }
        if (folderTail && (lastStarBeforeTail == std::string_view::npos || lastStarBeforeTail < i)) {
            const std::string_view dir = rest.substr(0, rest.size() - 3);
            for (size_t j = 0; j <= n; ++j) {
                const std::string_view tail = path.substr(j);
                if (at[j] && tail.size() > dir.size() && tail.substr(0, dir.size()) == dir && tail[dir.size()] == '/')
                    return true;
            }
            return false;
        }
        std::fill(next.begin(), next.end(), 0);
        bool any = false;
        if (rest.substr(0, 3) == "**/") {
            // Zero or more whole folders; "**/**/" is "**/".
            bool open = false;
            for (size_t j = 0; j <= n; ++j) {
                open = open || at[j];
                if (open && (at[j] || (j > 0 && path[j - 1] == '/')))
                    any = next[j] = 1;
            }
            i += 3;
            while (pattern.substr(i, 3) == "**/")
                i += 3;
        } else if (rest.front() == '*' && rest.size() > 1 && rest[1] == '*') {
            i += 1; // "**" inside a name is "*"
            continue;
        } else if (rest.front() == '*') {
            // Any run of characters within one folder name.
            bool open = false;
            for (size_t j = 0; j <= n; ++j) {
                if (at[j])
                    open = true;
                if (open)
                    any = next[j] = 1;
                if (j < n && path[j] == '/')
                    open = false;
            }
            i += 1;
        } else {
            const char p = rest.front();
            for (size_t j = 0; j < n; ++j)
                if (at[j] && (p == '?' ? path[j] != '/' : path[j] == p))
                    any = next[j + 1] = 1;
            i += 1;
        }
        if (!any)
            return false;
        at.swap(next);
    }
    return at[n] != 0;
}

bool globSelected(const std::vector<std::string> &include, const std::vector<std::string> &exclude,
                  std::string_view path)
{
    bool in = include.empty();
    for (const std::string &g : include)
        if ((in = globMatch(g, path)))
            break;
    if (!in)
        return false;
    for (const std::string &g : exclude)
        if (globMatch(g, path))
            return false;
    return true;
}

} // namespace katlas
