// Glob matching (see glob_matcher.h).
#include "parse/glob_matcher.h"

namespace katlas {

bool globMatch(std::string_view pattern, std::string_view path)
{
    if (pattern.empty())
        return path.empty();
    if (pattern.substr(0, 3) == "**/") {
        // Zero folders, or one more folder consumed.
        if (globMatch(pattern.substr(3), path))
            return true;
        const auto slash = path.find('/');
        return slash != std::string_view::npos && globMatch(pattern, path.substr(slash + 1));
    }
    if (pattern == "**")
        return true;
    if (pattern.size() >= 3 && pattern.substr(pattern.size() - 3) == "/**" && pattern.find('*') == pattern.size() - 2) {
        const std::string_view dir = pattern.substr(0, pattern.size() - 3);
        return path.size() > dir.size() && path.substr(0, dir.size()) == dir && path[dir.size()] == '/';
    }
    const char p = pattern.front();
    if (p == '*') {
        if (pattern.size() > 1 && pattern[1] == '*')
            return globMatch(pattern.substr(1), path);
        for (size_t i = 0; i <= path.size(); ++i) {
            if (globMatch(pattern.substr(1), path.substr(i)))
                return true;
            if (i < path.size() && path[i] == '/')
                break;
        }
        return false;
    }
    if (path.empty())
        return false;
    if (p == '?')
        return path.front() != '/' && globMatch(pattern.substr(1), path.substr(1));
    return p == path.front() && globMatch(pattern.substr(1), path.substr(1));
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
