// Shared by the guard-evaluation suites: a profile with a settings class
// (`cfg.ServerArgs` -> server.*), an environment reader (env.*), a decode
// stage rule and a derived dimension; and the kernels calls reach.
#pragma once

#include "resolver_fixture.h"
#include "trace/call_index.h"
#include "trace/dimension_filter.h"
#include "trace/path_finder.h"

#include <QStringList>

#include <set>
#include <string>
#include <vector>

namespace katlas::test {

inline SettingsRule settingsRule(SettingsRule::Kind kind, const char *name, const char *prefix, const char *defaultValue = "")
{
    SettingsRule rule;
    rule.kind = kind;
    rule.name = name;
    rule.prefix = prefix;
    rule.defaultValue = defaultValue;
    return rule;
}

inline Profile settingsProfile()
{
    Profile p = testProfile();
    p.settings = {settingsRule(SettingsRule::Kind::Class, "cfg.ServerArgs", "server"),
                  settingsRule(SettingsRule::Kind::EnvReader, "get_bool_env_var", "env", "false")};
    p.dimensionRules.push_back(guardRule("^[\\w.]+\\.is_decode\\(\\)$", "stage", "decode"));
    DerivedRule path;
    path.dimension = "attn_path";
    path.functionsText = "^handlers\\.handle_(\\w+)$";
    path.functions = ProfilePattern(path.functionsText);
    path.keyDimension = "attention_backend";
    path.valueText = "^Method\\.(\\w+)$";
    path.value = ProfilePattern(path.valueText);
    p.derived = {path};
    return p;
}

// The settings profile that also reads `os.environ.get(NAME, default)` as
// the setting env.NAME (default "none" where the call gives none).
inline Profile environGetProfile()
{
    Profile p = settingsProfile();
    p.settings.push_back(settingsRule(SettingsRule::Kind::EnvReader, "os.environ.get", "env", "none")); // default: the 2nd argument
    return p;
}

// The settings profile that also reads the model's configuration
// (`config: PretrainedConfig` -> model.<attribute>).
inline Profile modelSettingsProfile()
{
    Profile p = settingsProfile();
    p.settings.push_back(settingsRule(SettingsRule::Kind::Config, "PretrainedConfig", "model"));
    return p;
}

// The kernels the calls in `caller` (every line, or one) reach under a filter.
inline std::set<std::string> kernelsReachedUnder(const Resolved &r, const std::string &caller, const DimensionFilter &filter,
                                                 int line = 0)
{
    const CallIndex index(r.g);
    std::vector<std::int64_t> sites;
    for (const CallSite &s : r.g.callSites)
        if (r.name(s.callerId) == caller && (line == 0 || s.line == line))
            sites.push_back(s.id);
    std::set<std::string> out;
    for (const KernelPath &p : findPaths(index, sites, filter).paths)
        out.insert(index.symbol(p.kernelId).name);
    return out;
}

// The kernels the calls in `caller` (every line, or one) reach, unfiltered.
inline std::set<std::string> kernelsReached(const Resolved &r, const std::string &caller, int line = 0)
{
    return kernelsReachedUnder(r, caller, {}, line);
}

// The settings module the tests read: `cfg.ServerArgs` with these fields
// and `get_args()`.
inline void addServerArgs(Tree &t, const std::string &fields)
{
    const std::string text = "class ServerArgs:\n" + fields
        + "_args: Optional[ServerArgs] = None\n"
          "def get_args() -> ServerArgs:\n"
          "    return _args\n";
    t.add("cfg", text.c_str());
}

// Names compared as one text, so a failure shows what was reached.
inline QString joined(const std::set<std::string> &names)
{
    QStringList out;
    for (const std::string &n : names)
        out << QString::fromStdString(n);
    return out.join(QLatin1Char(' '));
}

// The profile a trace of `r` reads: the index's derived values (the flags
// the settings class sets itself among them) and its settings' defaults.
inline Profile tracedProfile(const Profile &p, const Resolved &r)
{
    Profile out = p;
    out.derivedValues = r.g.derivedValues;
    out.settingDefaults = r.g.settingDefaults;
    return out;
}

inline DimensionFilter parsed(const char *text)
{
    std::string error;
    return *DimensionFilter::parse(text, &error);
}

} // namespace katlas::test
