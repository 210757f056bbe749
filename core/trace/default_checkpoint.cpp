// A model's default checkpoint (see default_checkpoint.h).
#include "trace/default_checkpoint.h"

#include <algorithm>

namespace katlas {
namespace {

// Does the filter name a setting of the model's configuration?
bool namesModelSettings(const DimensionFilter &filter, const Profile &profile)
{
    const SettingsRule *rule = profile.modelConfigRule();
    if (!rule)
        return false;
    const std::string prefix = rule->prefix + '.';
    return std::any_of(filter.allowed().begin(), filter.allowed().end(),
                       [&](const auto &entry) { return entry.first.rfind(prefix, 0) == 0; });
}

} // namespace

DimensionFilter withCheckpoint(DimensionFilter filter, const Profile &profile, const std::string &checkpoint)
{
    const auto it = profile.checkpoints.find(checkpoint);
    if (it == profile.checkpoints.end())
        return filter;
    for (const auto &[setting, value] : it->second)
        if (!filter.allowed().count(setting))
            filter.set(setting, {value});
    return filter;
}

CheckpointChoice withDefaultCheckpoint(const DimensionFilter &filter, const Profile &profile, const std::string &model)
{
    const ModelEntry *entry = profile.model(model.empty() ? profile.defaultModel : model);
    if (filter.empty() || !entry || entry->checkpoint.empty() || namesModelSettings(filter, profile)
        || !profile.checkpoints.count(entry->checkpoint))
        return {filter, {}};
    return {withCheckpoint(filter, profile, entry->checkpoint), entry->checkpoint};
}

} // namespace katlas
