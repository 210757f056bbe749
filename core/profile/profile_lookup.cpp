// Lookups into a loaded profile.
#include "profile/profile.h"

#include <algorithm>

namespace katlas {

const RepoRule *Profile::repo(const std::string &name) const
{
    for (const RepoRule &r : repos)
        if (r.name == name)
            return &r;
    return nullptr;
}

const SettingsRule *Profile::modelConfigRule() const
{
    for (const SettingsRule &r : settings)
        if (r.kind == SettingsRule::Kind::Config)
            return &r;
    return nullptr;
}

const ModelEntry *Profile::model(const std::string &name) const
{
    for (const ModelEntry &m : models)
        if (m.model == name)
            return &m;
    return nullptr;
}

const Dimension *Profile::dimension(const std::string &key) const
{
    for (const Dimension &d : dimensions)
        if (d.key == key)
            return &d;
    return nullptr;
}

const Configuration *Profile::configuration(const std::string &name) const
{
    for (const Configuration &c : configurations)
        if (c.name == name)
            return &c;
    return nullptr;
}

const std::string &Configuration::labelFor(const std::string &locale) const
{
    const auto it = translatedLabels.find(locale);
    return it == translatedLabels.end() ? name : it->second;
}

const std::string &Dimension::labelFor(const std::string &locale) const
{
    const auto it = translatedLabels.find(locale);
    return it == translatedLabels.end() ? label : it->second;
}

bool ExtraEntry::runsUnder(const std::map<std::string, std::set<std::string>> &allowed) const
{
    for (const auto &[dimension, values] : runsIn) {
        const auto it = allowed.find(dimension);
        if (it != allowed.end() && std::none_of(values.begin(), values.end(), [&](const std::string &v) { return it->second.count(v); }))
            return false;
    }
    return true;
}

} // namespace katlas
