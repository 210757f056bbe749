// The Definitions of a model under a filter, a checkpoint's config.json and
// a deployment, with everything checked first: the profile's families, the
// checkpoint's architecture (it must be a class of the model's module) and
// that the deployment divides the checkpoint's sizes. One entry point for
// `katlas definitions`, the op-traces report and the window.
#pragma once

#include "shapes/model_definitions.h"
#include "shapes/module_shape.h"
#include "trace/dimension_filter.h"

#include <QJsonObject>
#include <QString>

#include <optional>
#include <string>

namespace katlas {

class TraceSession;
struct Profile;

struct DefinitionRequest {
    QJsonObject config;  // the checkpoint's config.json
    QString configPath;  // named in messages
    Deployment deployment;
    std::string model;   // the profile's model; empty: its default
    DimensionFilter filter;
};

// The model settings a config.json gives, replacing those the filter names
// (a configuration's checkpoint); nullopt when the profile reads no model
// configuration.
std::optional<DimensionFilter> filterWithModelConfig(DimensionFilter filter, const QJsonObject &config, const Profile &profile);

// A page size not given (0) is what the effective filter deploys: a
// configuration's page-size setting, or the one an implication sets where a
// backend fixes it (FlashMLA pages by 64); else 1.
Deployment deployedPageSize(Deployment deployment, const DimensionFilter &effective, const DefinitionRules &rules);

// nullopt and a message naming the config file (and the key) when the
// request cannot be answered.
// `conflicts`: what the filter's values contradict (TraceReport::conflicts).
std::optional<ModelDefinitions> definitionsFor(const TraceSession &session, const DefinitionRequest &request,
                                               std::string *error, std::vector<std::string> *conflicts = nullptr);

// The profile's JSON with its "definitions" and "module_shapes": the stored
// one, else the shipped profile of its name (an index made before them).
QByteArray definitionsProfile(const Profile &profile);

// "DeepseekV3ForCausalLM (config.json)": the checkpoint's model class and file.
std::string checkpointText(const QJsonObject &config, const QString &path);
// "TP 8" / "TP 8, EP 8, page 64, DP attention": the deployment in a few words.
std::string deploymentText(const Deployment &deployment);

} // namespace katlas
