// Escaping of report text and link targets (see markdown_escape.h).
#include "export/markdown_escape.h"

#include <cctype>

namespace katlas {
namespace {

// `&` too: "&lt;script&gt;" must show as written, not as an entity.
constexpr std::string_view kSyntax = "\\`*_[]<>|&";

bool keptInTarget(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.'
        || c == '_' || c == '~' || c == '/';
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

std::string percentDecoded(std::string_view s)
{
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size() && hexValue(s[i + 1]) >= 0 && hexValue(s[i + 2]) >= 0) {
            out += static_cast<char>(hexValue(s[i + 1]) * 16 + hexValue(s[i + 2]));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

} // namespace

static bool alnum(std::string_view text, size_t i)
{
    return i < text.size() && std::isalnum(static_cast<unsigned char>(text[i]));
}

std::string markdownText(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        // An underscore between letters or digits never delimits emphasis
        // (CommonMark's flanking rules): "q_b_proj" stays readable.
        const bool intraword = c == '_' && i > 0 && alnum(text, i - 1) && alnum(text, i + 1);
        if (c == '\n' || c == '\r')
            out += ' ';
        else if (kSyntax.find(c) != std::string_view::npos && !intraword)
            out += '\\', out += c;
        else
            out += c;
    }
    return out;
}

std::string linkTarget(std::string_view path, std::string_view anchor)
{
    static const char hex[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(path.size() + anchor.size() + 1);
    for (char ch : path) {
        const auto c = static_cast<unsigned char>(ch);
        if (keptInTarget(c)) {
            out += ch;
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 0xF];
        }
    }
    if (!anchor.empty())
        out += '#', out += anchor;
    return out;
}

LinkTargetParts parseLinkTarget(std::string_view target)
{
    if (target.size() >= 2 && target.front() == '<' && target.back() == '>')
        target = target.substr(1, target.size() - 2);
    const size_t hash = target.find('#');
    LinkTargetParts parts;
    parts.path = percentDecoded(unescapeMarkdown(target.substr(0, hash)));
    if (hash != std::string_view::npos)
        parts.anchor = percentDecoded(target.substr(hash + 1));
    return parts;
}

std::string unescapeMarkdown(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size(); ++i) {
        // CommonMark: a backslash escapes any ASCII punctuation.
        if (text[i] == '\\' && i + 1 < text.size() && std::ispunct(static_cast<unsigned char>(text[i + 1])))
            ++i;
        out += text[i];
    }
    return out;
}

} // namespace katlas
