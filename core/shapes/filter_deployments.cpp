// See filter_deployments.h.
#include "shapes/filter_deployments.h"

#include <charconv>
#include <optional>

namespace katlas {
namespace {

// The one value a filter gives the setting `name` stands for, if any.
std::optional<std::string> namedValue(const DimensionFilter &filter, const std::map<std::string, std::string> &settings,
                                      const char *size)
{
    const auto setting = settings.find(size);
    if (setting == settings.end())
        return std::nullopt;
    const auto it = filter.allowed().find(setting->second);
    if (it == filter.allowed().end() || it->second.size() != 1)
        return std::nullopt;
    return *it->second.begin();
}

std::optional<int> wholeNumber(const std::optional<std::string> &text)
{
    int n = 0;
    if (!text || text->empty() || std::from_chars(text->data(), text->data() + text->size(), n).ptr != text->data() + text->size() || n < 1)
        return std::nullopt;
    return n;
}

} // namespace

std::vector<Deployment> filterDeployments(const DimensionFilter &filter,
                                          const std::map<std::string, std::string> &settings)
{
    std::vector<int> tps{1, 2, 4, 8};
    if (const std::optional<int> tp = wholeNumber(namedValue(filter, settings, "tp")))
        tps = {*tp};
    std::vector<bool> dps{false, true};
    if (const std::optional<std::string> dp = namedValue(filter, settings, "dp_attention"); dp == "true" || dp == "false")
        dps = {*dp == "true"};
    const int ep = wholeNumber(namedValue(filter, settings, "ep")).value_or(1);
    const int page = wholeNumber(namedValue(filter, settings, "page_size")).value_or(1);
    std::vector<Deployment> out;
    for (int tp : tps)
        for (bool dp : dps)
            out.push_back({tp, ep, page, dp});
    return out;
}

std::string deploymentsKey(const std::vector<Deployment> &deployments)
{
    std::string key;
    for (const Deployment &d : deployments)
        key += std::to_string(d.tp) + '/' + std::to_string(d.ep) + '/' + (d.dpAttention ? "dp " : "tp ");
    return key;
}

} // namespace katlas
