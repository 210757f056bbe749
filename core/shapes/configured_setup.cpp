// See configured_setup.h.
#include "shapes/configured_setup.h"

#include "profile/profile.h"
#include "shapes/definition_request.h"
#include "shapes/definition_rules.h"
#include "shapes/filter_deployments.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace katlas {

std::optional<QJsonObject> checkpointConfig(const Profile &profile, const std::string &name)
{
    const QJsonObject root = QJsonDocument::fromJson(definitionsProfile(profile)).object();
    for (const QJsonValue &c : root.value(QLatin1String("checkpoints")).toArray())
        if (c.toObject().value(QLatin1String("name")).toString().toStdString() == name)
            return c.toObject().value(QLatin1String("config")).toObject();
    return std::nullopt;
}

std::optional<ConfiguredSetup> configuredSetup(const Profile &profile, const std::string &checkpoint,
                                               const DimensionFilter &filter)
{
    if (checkpoint.empty())
        return std::nullopt;
    std::string error;
    const DefinitionRules rules = readDefinitionRules(definitionsProfile(profile), &error);
    const std::vector<Deployment> deployments = filterDeployments(filter, rules.deploymentSettings);
    std::optional<QJsonObject> config = checkpointConfig(profile, checkpoint);
    if (!error.empty() || deployments.size() != 1 || !config)
        return std::nullopt;
    return ConfiguredSetup{checkpoint, std::move(*config), deployments.front()};
}

} // namespace katlas
