// The deployment settings an index's guards read, with their defaults, as
// kept in the index's meta table ("setting_defaults"): one `name=value` a line.
#pragma once

#include <map>
#include <string>

namespace katlas {

using SettingDefaults = std::map<std::string, std::string>;

inline constexpr const char *kSettingDefaultsKey = "setting_defaults";

std::string encodeSettingDefaults(const SettingDefaults &defaults);
SettingDefaults decodeSettingDefaults(const std::string &text);

} // namespace katlas
