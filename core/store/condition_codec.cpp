// Guard and condition encodings (see condition_codec.h).
#include "store/condition_codec.h"

#include "graph/separated_text.h"

namespace katlas {
namespace {

constexpr char kItem = '\x1e';  // between guards / conditions
constexpr char kField = '\x1f'; // between the fields of one
constexpr char kValue = '\x1d'; // between the values of a condition



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

GuardList decodeGuards(std::string_view text)
{
    GuardList out;
    forEachPart(text, kItem, [&](std::string_view item) {
        if (!item.empty())
            out.push_back({std::string(item.substr(1)), item[0] == '!'});
    });
    return out;
}

std::string encodeConditions(const ConditionSet &conditions)
{
    std::string out;
    for (const Condition &c : conditions) {
        if (!out.empty())
            out += kItem;
        appendCondition(out, c, kField, kValue);
        out += kField;
        out += c.text;
    }
    return out;
}

ConditionSet decodeConditions(std::string_view text)
{
    ConditionSet out;
    forEachPart(text, kItem, [&](std::string_view item) {
        if (item.empty())
            return;
        std::string_view fields[3];
        int n = 0;
        forEachPart(item.substr(1), kField, [&](std::string_view f) {
            if (n < 3)
                fields[n] = f;
            ++n;
        });
        if (n != 3)
            return;
        Condition c;
        c.negated = item[0] == '!';
        c.dimension = fields[0];
        c.text = fields[2];
        forEachPart(fields[1], kValue, [&](std::string_view v) { c.values.emplace_back(v); });
        out.push_back(std::move(c));
    });
    return out;
}

} // namespace katlas
