// A checkpoint's model configuration (a Hugging Face `config.json`) as
// settings: every scalar `key` becomes `<prefix>.key` with its value as text
// ("n_shared_experts": 1 -> model.n_shared_experts=1; nested objects give
// dotted keys, quantization_config.quant_method). Guards that read the
// model's configuration (`config.n_shared_experts == 0`) become conditions
// on these settings; a configuration or `--hf-config` names their values.
#pragma once

#include <QJsonObject>

#include <map>
#include <optional>
#include <string>

namespace katlas {

using ModelSettings = std::map<std::string, std::string>;

// The value of a key a checkpoint's configuration lacks. The settings of a
// whole configuration hold `<prefix>.*` = absent: every key they do not name
// is absent (see DimensionFilter and docs/guard-evaluation.md).
inline constexpr const char *kAbsentSetting = "absent";
inline constexpr const char *kEveryOtherSetting = "*";

ModelSettings modelSettings(const QJsonObject &config, const std::string &prefix);

// Reads a config.json; nullopt and a message naming the file (and the line
// of a syntax error) when it cannot.
std::optional<QJsonObject> readModelConfig(const std::string &path, std::string *error);
std::optional<ModelSettings> readModelSettings(const std::string &path, const std::string &prefix, std::string *error);

} // namespace katlas
