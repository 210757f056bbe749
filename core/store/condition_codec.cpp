// Guard and condition encodings (see condition_codec.h).
#include "store/condition_codec.h"

namespace katlas {
namespace {

constexpr char kItem = '\x1e';  // between guards / conditions
constexpr char kField = '\x1f'; // between the fields of one
constexpr char kValue = '\x1d'; // between the values of a condition

std::vector<std::string> split(const std::string &s, char sep)
{
    std::vector<std::string> out;
    if (s.empty())
        return out;
    size_t start = 0;
    for (;;) {
        const size_t end = s.find(sep, start);
        out.push_back(s.substr(start, end == std::string::npos ? std::string::npos : end - start));
        if (end == std::string::npos)
            return out;
        start = end + 1;
    }
}

} // namespace

std::string encodeGuards(const GuardList &guards)
{
    std::string out;
    for (const Guard &g : guards) {
        if (!out.empty())
            out += kItem;
        out += g.negated ? '!' : '+';
        out += g.text;
    }
    return out;
}

GuardList decodeGuards(const std::string &text)
{
    GuardList out;
    for (const std::string &item : split(text, kItem))
        if (!item.empty())
            out.push_back({item.substr(1), item[0] == '!'});
    return out;
}

std::string encodeConditions(const ConditionSet &conditions)
{
    std::string out;
    for (const Condition &c : conditions) {
        if (!out.empty())
            out += kItem;
        out += c.negated ? '!' : '+';
        out += c.dimension;
        out += kField;
        for (size_t i = 0; i < c.values.size(); ++i) {
            if (i)
                out += kValue;
            out += c.values[i];
        }
        out += kField;
        out += c.text;
    }
    return out;
}

ConditionSet decodeConditions(const std::string &text)
{
    ConditionSet out;
    for (const std::string &item : split(text, kItem)) {
        const std::vector<std::string> fields = split(item.substr(1), kField);
        if (item.empty() || fields.size() != 3)
            continue;
        Condition c;
        c.negated = item[0] == '!';
        c.dimension = fields[0];
        c.values = split(fields[1], kValue);
        c.text = fields[2];
        out.push_back(std::move(c));
    }
    return out;
}

} // namespace katlas
