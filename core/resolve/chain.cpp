// Splitting chains into segments (see chain.h).
#include "resolve/chain.h"

#include <cctype>

namespace katlas {

std::vector<ChainSegment> splitChain(std::string_view chain)
{
    std::vector<ChainSegment> out;
    size_t i = 0;
    auto readName = [&]() {
        const size_t start = i;
        while (i < chain.size() && chain[i] != '.' && chain[i] != '(' && chain[i] != '[')
            ++i;
        return std::string(chain.substr(start, i - start));
    };
    if (chain.empty())
        return out;
    out.push_back({ChainSegment::Kind::Name, readName()});
    while (i < chain.size()) {
        const char c = chain[i];
        if (c == '.') {
            ++i;
            out.push_back({ChainSegment::Kind::Attr, readName()});
        } else if (c == '(') {
            i += 2; // "()"
            out.push_back({ChainSegment::Kind::Call, {}});
        } else if (c == '[') {
            const size_t close = chain.find(']', i);
            const size_t end = close == std::string_view::npos ? chain.size() : close;
            out.push_back({ChainSegment::Kind::Subscript, std::string(chain.substr(i + 1, end - i - 1))});
            i = end + 1; // "[]", "['a']", "[1]"
        } else {
            ++i;
        }
    }
    return out;
}

std::string_view dynamicAttributeName(std::string_view attr)
{
    if (attr.size() < 3 || attr.front() != '{' || attr.back() != '}')
        return {};
    return attr.substr(1, attr.size() - 2);
}

bool isNameKey(std::string_view key)
{
    return !key.empty() && (std::isalpha(static_cast<unsigned char>(key.front())) || key.front() == '_');
}

std::string lastComponent(std::string_view dotted)
{
    const size_t dot = dotted.rfind('.');
    return std::string(dot == std::string_view::npos ? dotted : dotted.substr(dot + 1));
}

std::string withoutNameKeys(std::string_view chain)
{
    std::string out;
    out.reserve(chain.size());
    for (size_t i = 0; i < chain.size(); ++i) {
        out.push_back(chain[i]);
        if (chain[i] != '[')
            continue;
        const size_t close = chain.find(']', i);
        if (close != std::string_view::npos && isNameKey(chain.substr(i + 1, close - i - 1)))
            i = close - 1;
    }
    return out;
}

std::string dottedHead(const std::vector<ChainSegment> &segments, size_t *length)
{
    std::string out;
    size_t n = 0;
    for (const ChainSegment &s : segments) {
        if (s.kind == ChainSegment::Kind::Name && n == 0)
            out = s.name;
        else if (s.kind == ChainSegment::Kind::Attr && n > 0)
            out += "." + s.name;
        else
            break;
        ++n;
    }
    if (length)
        *length = n;
    return out;
}

} // namespace katlas
