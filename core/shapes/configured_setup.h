// The checkpoint and deployment a filter names, for shapes and definitions
// without a model config of the index's own: a configuration deploys a
// checkpoint of the profile (whose config.json the profile keeps) on the
// deployment its settings name (`server.tp_size=8`, see
// shapes/filter_deployments.h). Only where the filter leaves one deployment.
#pragma once

#include "shapes/module_shape.h"
#include "trace/dimension_filter.h"

#include <QJsonObject>

#include <optional>
#include <string>

namespace katlas {

struct Profile;

struct ConfiguredSetup {
    std::string checkpoint; // its name in the profile
    QJsonObject config;     // its config.json
    Deployment deployment;
};

// The config.json of the profile's checkpoint `name`; nullopt when the
// profile has none of that name.
std::optional<QJsonObject> checkpointConfig(const Profile &profile, const std::string &name);

// `checkpoint` deployed as `filter` names it; nullopt when there is no such
// checkpoint or the filter leaves the deployment open.
std::optional<ConfiguredSetup> configuredSetup(const Profile &profile, const std::string &checkpoint,
                                               const DimensionFilter &filter);

} // namespace katlas
