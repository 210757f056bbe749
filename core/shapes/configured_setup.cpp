// See configured_setup.h.
#include "shapes/configured_setup.h"

#include "profile/profile.h"
#include "shapes/definition_request.h"
#include "shapes/definition_rules.h"
#include "shapes/filter_deployments.h"
#include "trace/configuration.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace katlas {

namespace {

std::optional<QJsonObject> checkpointIn(const QJsonObject &root, const std::string &name)
{
    for (const QJsonValue &c : root.value(QLatin1String("checkpoints")).toArray())
        if (c.toObject().value(QLatin1String("name")).toString().toStdString() == name)
            return c.toObject().value(QLatin1String("config")).toObject();
    return std::nullopt;
}

} // namespace

std::optional<QJsonObject> checkpointConfig(const Profile &profile, const std::string &name)
{
    return checkpointIn(QJsonDocument::fromJson(definitionsProfile(profile)).object(), name);
}

std::optional<ConfiguredSetup> configuredSetup(const Profile &profile, const std::string &checkpoint,
                                               const DimensionFilter &filter)
{
    if (checkpoint.empty())
        return std::nullopt;
    const QByteArray json = definitionsProfile(profile); // read once for both
    std::string error;
    const DefinitionRules rules = readDefinitionRules(json, &error);
    // The effective filter: a backend may fix the page size (an implication).
    const std::vector<Deployment> deployments = filterDeployments(effectiveFilter(filter, profile), rules.deploymentSettings);
    std::optional<QJsonObject> config = checkpointIn(QJsonDocument::fromJson(json).object(), checkpoint);
    if (!error.empty() || deployments.size() != 1 || !config)
        return std::nullopt;
    return ConfiguredSetup{checkpoint, std::move(*config), deployments.front()};
}

} // namespace katlas
