// One flashinfer-trace Definition: a profile family (definition_rules.h)
// filled in with the shapes of the module an op calls, under a
// configuration's stage and quantization, as the JSON the schema asks for.
#pragma once

#include "shapes/definition_rules.h"
#include "shapes/model_shapes.h"

#include <QJsonArray>
#include <QJsonObject>

#include <cstdint>
#include <map>
#include <string>

namespace katlas {

struct DefinitionContext {
    std::string stage;        // "decode": the stage tag and {stage}; empty when the configuration leaves it open
    std::string model;        // "deepseek_v3": the model tag
    std::string quantization; // "float8_e4m3fn": the quantization tag; empty for none
    std::map<std::string, std::int64_t> sizes; // deploymentSizes(): "page_size", "tp", ...
    QJsonObject config;       // the checkpoint's config.json: axes may read `config.n_group`
};

struct KernelDefinition {
    std::string name;    // "rmsnorm_h7168"
    std::string opType;  // "rmsnorm": the folder it is written in
    QJsonObject json;
    std::string error;   // set when it cannot be written: why (an axis not known)
};

// `pattern` with each {key} replaced by its value; a key without one stays.
std::string definitionName(const std::string &pattern, const std::map<std::string, std::string> &values);

// Whether the family describes what `module` computes: its `module` regex
// matches the module's class and each `when` shape has its value.
bool familyFits(const DefinitionFamily &family, const ModuleInstance &module);

// What a definition's axis expressions read: the module's shapes, the
// deployment's sizes and the checkpoint's config.
ShapeEnvironment definitionEnvironment(const ModuleInstance &module, const DefinitionContext &context);
// stage:, model: and quantization: where the context knows each.
QJsonArray contextTags(const DefinitionContext &context);

KernelDefinition instantiateDefinition(const DefinitionFamily &family, const ModuleInstance &module,
                                       const DefinitionContext &context);

} // namespace katlas
