// Ways of a text condition (see condition_ways.h).
#include "graph/condition_ways.h"

#include "graph/separated_text.h"

#include <mutex>
#include <string_view>
#include <unordered_map>

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

std::shared_ptr<const std::vector<ConditionSet>> sharedWaysOf(const Condition &textCondition)
{
    constexpr char kBetweenWays = '\x1c'; // no encoded way holds it
    std::string key;
    for (const std::string &v : textCondition.values) {
        key += v;
        key += kBetweenWays;
    }
    static std::mutex mutex;
    static auto *decoded = new std::unordered_map<std::string, std::shared_ptr<const std::vector<ConditionSet>>>; // never destroyed
    const std::lock_guard lock(mutex);
    auto &slot = (*decoded)[std::move(key)];
    if (!slot)
        slot = std::make_shared<const std::vector<ConditionSet>>(waysOf(textCondition));
    return slot;
}

void setWays(Condition &textCondition, const std::vector<ConditionSet> &ways)
{
    textCondition.values.clear();
    for (const ConditionSet &way : ways)
        textCondition.values.push_back(encodeWay(way));
}

} // namespace katlas
