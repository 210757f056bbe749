// Setting defaults in meta (see setting_defaults.h).
#include "graph/setting_defaults.h"

#include <sstream>

namespace katlas {

std::string encodeSettingDefaults(const SettingDefaults &defaults)
{
    std::string out;
    for (const auto &[name, value] : defaults)
        out += name + '=' + value + '\n';
    return out;
}

SettingDefaults decodeSettingDefaults(const std::string &text)
{
    SettingDefaults out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        const auto eq = line.find('=');
        if (eq != std::string::npos && eq > 0)
            out.emplace(line.substr(0, eq), line.substr(eq + 1));
    }
    return out;
}

} // namespace katlas
