// Guard and condition encodings (see condition_codec.h).
#include "store/condition_codec.h"

namespace katlas {
namespace {

constexpr char kItem = '\x1e';  // between guards / conditions
constexpr char kField = '\x1f'; // between the fields of one
constexpr char kValue = '\x1d'; // between the values of a condition
// A text condition's alternatives take its values field, one alternative a
// value: its conditions apart by kWay, each `±dimension` kWayField values
// apart by kWayValue.
constexpr char kWay = '\x1b';
constexpr char kWayField = '\x1a';
constexpr char kWayValue = '\x18';

// Calls `part` with each piece of `s` between separators (none for "").
template <typename Part>
void forEachPart(std::string_view s, char sep, Part &&part)
{
    if (s.empty())
        return;
    size_t start = 0;
    for (;;) {
        const size_t end = s.find(sep, start);
        part(s.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        if (end == std::string_view::npos)
            return;
        start = end + 1;
    }
}

// `±dimension`, `field`, then the values apart by `value`.
void appendCondition(std::string &out, const Condition &c, char field, char value)
{
    out += c.negated ? '!' : '+';
    out += c.dimension;
    out += field;
    for (size_t i = 0; i < c.values.size(); ++i) {
        if (i)
            out += value;
        out += c.values[i];
    }
}

std::string encodeWay(const ConditionSet &way)
{
    std::string out;
    for (const Condition &c : way) {
        if (!out.empty())
            out += kWay;
        appendCondition(out, c, kWayField, kWayValue);
    }
    return out;
}

ConditionSet decodeWay(std::string_view text)
{
    ConditionSet out;
    forEachPart(text, kWay, [&](std::string_view item) {
        const size_t field = item.find(kWayField);
        if (item.empty() || field == std::string_view::npos)
            return;
        Condition c;
        c.negated = item[0] == '!';
        c.dimension = item.substr(1, field - 1);
        forEachPart(item.substr(field + 1), kWayValue, [&](std::string_view v) { c.values.emplace_back(v); });
        out.push_back(std::move(c));
    });
    return out;
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
        for (size_t i = 0; i < c.alternatives.size(); ++i) {
            if (i || !c.values.empty())
                out += kValue;
            out += encodeWay(c.alternatives[i]);
        }
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
        forEachPart(fields[1], kValue, [&](std::string_view v) {
            if (c.dimension.empty())
                c.alternatives.push_back(decodeWay(v));
            else
                c.values.emplace_back(v);
        });
        out.push_back(std::move(c));
    });
    return out;
}

} // namespace katlas
