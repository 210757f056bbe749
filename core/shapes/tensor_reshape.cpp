// See tensor_reshape.h.
#include "shapes/tensor_reshape.h"

#include <charconv>
#include <vector>

namespace katlas {
namespace {

std::string trimmed(const std::string &s)
{
    const size_t from = s.find_first_not_of(' ');
    const size_t to = s.find_last_not_of(' ');
    return from == std::string::npos ? std::string() : s.substr(from, to - from + 1);
}

// The top-level arguments of the call whose `(` is at `open` and whose `)`
// ends the text; nullopt where it does not.
std::optional<std::vector<std::string>> argumentsToEnd(const std::string &text, size_t open)
{
    std::vector<std::string> out;
    std::string current;
    int depth = 0;
    for (size_t i = open; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '(' || c == '[' || c == '{') {
            if (depth++ > 0)
                current += c;
            continue;
        }
        if (c == ')' || c == ']' || c == '}') {
            if (--depth == 0) {
                if (i + 1 != text.size())
                    return std::nullopt;
                out.push_back(trimmed(current));
                return out;
            }
            current += c;
            continue;
        }
        if (c == ',' && depth == 1) {
            out.push_back(trimmed(current));
            current.clear();
            continue;
        }
        current += c;
    }
    return std::nullopt;
}

} // namespace

std::optional<long> shapeIndex(const std::string &read)
{
    const std::string head = ".shape[";
    if (read.size() <= head.size() + 1 || read.rfind(head, 0) != 0 || read.back() != ']')
        return std::nullopt;
    long i = 0;
    const char *from = read.data() + head.size();
    const char *to = read.data() + read.size() - 1;
    if (std::from_chars(from, to, i).ptr != to)
        return std::nullopt;
    return i;
}

std::optional<std::string> reshapedSize(const std::string &made, const std::string &read)
{
    const std::optional<long> i = shapeIndex(read);
    if (!i || *i < 0)
        return std::nullopt;
    for (const std::string method : {".view(", ".reshape("}) {
        const size_t at = made.rfind(method);
        if (at == std::string::npos)
            continue;
        const std::optional<std::vector<std::string>> args = argumentsToEnd(made, at + method.size() - 1);
        if (!args || static_cast<size_t>(*i) >= args->size() || (*args)[static_cast<size_t>(*i)] == "-1")
            return std::nullopt;
        return (*args)[static_cast<size_t>(*i)];
    }
    return std::nullopt;
}

} // namespace katlas
