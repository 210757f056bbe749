// Ways of a text condition (see condition_ways.h).
#include "graph/condition_ways.h"

#include "graph/separated_text.h"

#include <string_view>

namespace katlas {
namespace {

constexpr char kWay = '\x1b';      // between the conditions of one way
constexpr char kWayField = '\x1a'; // between a condition's dimension and values
constexpr char kWayValue = '\x18'; // between its values


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

std::vector<ConditionSet> waysOf(const Condition &textCondition)
{
    std::vector<ConditionSet> out;
    if (!textCondition.dimension.empty())
        return out;
    for (const std::string &v : textCondition.values)
        out.push_back(decodeWay(v));
    return out;
}

void setWays(Condition &textCondition, const std::vector<ConditionSet> &ways)
{
    textCondition.values.clear();
    for (const ConditionSet &way : ways)
        textCondition.values.push_back(encodeWay(way));
}

} // namespace katlas
