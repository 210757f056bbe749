// The profile: everything Kernel Atlas knows about a codebase, as data
// (package roots, kernel rules, registries, guard → dimension rules, model
// entries). Loaded from JSON; see docs/profile.md for the format.
#pragma once

#include <QString>

#include "graph/call_graph.h"
#include "profile/profile_pattern.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace katlas {

struct RepoRule {
    std::string name;                      // "sglang"
    std::vector<std::string> packageRoots; // folders whose children are top-level packages
    std::vector<std::string> include;      // globs relative to the repo root
    std::vector<std::string> exclude;
};

// How a function becomes a kernel. Exactly one matcher is set.
struct KernelRule {
    std::string source;         // "sgl-kernel", "flashinfer", "triton", "torch.ops", ...
    std::string modulePrefix;   // public functions/classes of modules under this package
    std::string decorator;      // functions decorated with this chain, e.g. "triton.jit"
    std::string callPrefix;     // call chains starting with this, e.g. "torch.ops."
    bool publicOnly = true;     // skip names starting with '_'
    int nameDepth = 2;          // call_prefix: components after the prefix naming the kernel
};

// What counts as launching device work, for the kernel libraries'
// (module_prefix rules) entries: with a `launches` section, an entry is a
// kernel only when it reaches a launch through calls inside its library.
struct LaunchRules {
    bool enabled = false;                   // the profile has a `launches` section
    std::vector<std::string> callPrefixes;  // external names starting so: "torch.ops."
    std::vector<std::string> decorators;    // calling a function so decorated: "triton.jit"
    std::vector<ProfilePattern> calls;      // searched in the callee as written and in an external's name
    std::vector<std::string> callTexts;
    std::vector<ProfilePattern> helpers;    // external kernel names (call_prefix rules) that are not kernels
    std::vector<std::string> helperTexts;
};

struct CategoryRule {
    std::string category;
    ProfilePattern pattern;     // searched in "<module>.<name>" of the kernel
    std::string patternText;
};

// A registry whose keys select a dimension value.
struct RegistryRule {
    enum class Kind { Decorator, Dict };
    Kind kind = Kind::Decorator;
    std::string name;           // decorator chain head ("register_backend") or dict variable
    std::string dimension;
    // Decorator registries: the function whose call returns what was
    // registered under the keys its arguments name, or None
    // (`get_fused_func(a2a, runner)` for `@register_fused_func("none", "triton")`).
    std::string lookup;
};

// Maps guard text or a function name to a dimension value. `value` may use
// $1.. for the pattern's capture groups.
struct DimensionRule {
    enum class Target { Guard, Function, Symbol };
    Target target = Target::Guard;
    ProfilePattern pattern;
    std::string patternText;
    std::string dimension;
    std::string value;
};

// A call whose value each value of a dimension fixes: on `gpu_arch=sm90`,
// `torch.cuda.get_device_capability()` is (9, 0) and `get_device_sm()` 90.
// Guards compute with it (`80 <= major * 10 + minor < 89`); see
// docs/guard-evaluation.md, "Numbers a configuration fixes".
struct DimensionValueRule {
    ProfilePattern call;  // searched in the callee's chain
    std::string callText;
    std::string dimension;
    // Dimension value -> the call's value: a whole number ("90") or a tuple
    // of them ("9,0").
    std::vector<std::pair<std::string, std::string>> values;
    std::string evidence;
};

struct Dimension {
    std::string key;            // "quantization"
    std::string label;          // "Quantization"
    std::vector<std::string> values; // known values, in display order (may grow from the index)
    std::map<std::string, std::string> translatedLabels; // "zh_CN" -> label, from "label_zh_CN"
    // The setting this dimension is ("server.moe_runner_backend"): guards
    // that read the setting are conditions on the dimension.
    std::string setting;
    // Where the window's configuration panel shows it: "hardware", "model",
    // "backends", "stage" or "other" (the default).
    std::string group = "other";
    // The label in `locale` ("zh_CN") when the profile has one, else `label`.
    const std::string &labelFor(const std::string &locale) const;
};

// Where deployment settings are read: the attributes of a settings class
// (`ServerArgs.enable_deterministic_inference: bool = False`) or the value of
// an environment reader (`get_bool_env_var("SGLANG_X", "false")`). Guards on
// them become `<prefix>.<name>` conditions whose default a configuration
// assumes (see docs/profile.md, "settings").
struct SettingsRule {
    // Class: a settings class's attributes; EnvReader: calls reading an
    // environment variable; Config: the model's configuration, a parameter
    // annotated with class `name` (`config: PretrainedConfig`), whose
    // attributes are settings without a default (a checkpoint gives them).
    enum class Kind { Class, EnvReader, Config };
    Kind kind = Kind::Class;
    std::string name;            // class qualName, the reader function's name, or the config class's name
    std::string prefix;          // dimension prefix: "server", "env"
    int defaultArg = 1;          // EnvReader: positional index of the default
    std::string defaultKeyword = "default";
    std::string defaultValue;    // EnvReader: when the call passes none ("false")
};

// A named assignment of dimensions: what a user deploys ("H200 FP8 decode").
// Dimensions it leaves out mean "any value".
struct Configuration {
    std::string name;           // also the key users type: --config "H200 FP8 decode"
    std::string description;
    std::map<std::string, std::string> translatedLabels; // "zh_CN" -> label, from "label_zh_CN"
    std::map<std::string, std::set<std::string>> assignment; // dimension -> allowed values
    // The checkpoint deployed (profile "checkpoints"): its model settings
    // are part of the assignment (model.n_shared_experts -> {"1"}).
    std::string checkpoint;
    // The label in `locale` when the profile has one, else the name.
    const std::string &labelFor(const std::string &locale) const;
};

// "If each dimension of `when` takes one of its values, each dimension of
// `then` takes one of its values": a value only exists together with others
// (attention_backend=aiter -> platform=hip; quantization=fp8 and
// platform=cuda -> ...).
struct Implication {
    std::map<std::string, std::set<std::string>> when;
    std::map<std::string, std::set<std::string>> then;
    std::string evidence;       // where the codebase says so, "file:line ..."
};

// A dimension whose value a family of functions computes from another's:
// the functions whose qualified name matches `functions` return it, the
// match's groups give the key dimension's value (`handle_attention_(\w+)`
// -> attention_backend=$1), and returned values matching `value` name the
// derived dimension's value (`AttnForwardMethod\.(\w+)` -> attn_path=$1).
struct DerivedRule {
    std::string dimension;
    ProfilePattern functions;
    std::string functionsText;
    std::string keyDimension;
    std::string key = "$1";
    ProfilePattern value;
    std::string valueText;
    std::string valueFormat = "$1";
    // The key whose values a key value no function is named for takes (a
    // registry's fallback handler); empty: such a key value leaves the
    // dimension open.
    std::string defaultKey;
};

struct ModelEntry {
    std::string model;          // "deepseek_v2"
    std::string repo;
    std::string function;       // dotted: "pkg.models.m.ForCausalLM.forward"
    std::vector<std::string> modelModules; // module globs that count as model code
    // Functions outside model code that a model's layer calls to orchestrate
    // ops of its own (`LayerCommunicator.prepare_attn` calling the layer's
    // norms): expanded like model code. Globs of qualified names.
    std::vector<std::string> containers;
    std::string label;          // human-readable, "DeepSeek V2/V3/R1"
    // The checkpoint (of "checkpoints") a deployment of the model runs when
    // it names none; empty: none assumed.
    std::string checkpoint;
};

struct ExtraEntry {
    std::string name;           // "Sampler"
    std::string group;          // "Sampling"
    std::string function;       // dotted function name
    // The values of dimensions it runs under (`spec_mode`: the speculative
    // ones); a filter allowing none of a dimension's leaves it out.
    std::map<std::string, std::set<std::string>> runsIn;
    // Does `allowed` (a filter's values by dimension) leave it a value of each?
    bool runsUnder(const std::map<std::string, std::set<std::string>> &allowed) const;
};

struct Profile {
    std::string name;
    std::vector<RepoRule> repos;
    std::vector<std::string> callMethods; // obj(...) calls these, e.g. "forward", "__call__"
    // Calls outside the index that return a callable calling their first
    // argument (`torch.compiler.disable(f)`): they stand for that argument.
    std::vector<std::string> passThrough;
    // Classes outside the index known to derive from no built-in container
    // type (`torch.Tensor`): a parameter annotated with one is no tuple,
    // list, dict, set or str (docs/guard-evaluation.md, "isinstance of an
    // annotated parameter").
    std::vector<std::string> plainExternalClasses;
    // Classes outside the index whose methods give no None, nor do the
    // items of what they give (`torch.Tensor`): a method of a parameter
    // declared with one is not None (resolve/declared_not_none.h).
    std::vector<std::string> notNoneResults;
    std::vector<KernelRule> kernels;
    LaunchRules launches;
    std::vector<CategoryRule> categories;
    std::string defaultCategory = "Utility";
    std::vector<RegistryRule> registries;
    std::vector<Dimension> dimensions;
    std::vector<DimensionRule> dimensionRules;
    std::vector<DimensionValueRule> dimensionValues;
    std::vector<SettingsRule> settings;
    std::vector<DerivedRule> derived;
    // Worked out by the index, set when one is opened: what derived
    // dimensions take, and the defaults of the settings its guards read.
    std::vector<DerivedValue> derivedValues;
    std::map<std::string, std::string> settingDefaults;
    std::vector<Configuration> configurations;
    // Checkpoints by name: their model settings ("model.n_shared_experts" -> "1").
    std::map<std::string, std::map<std::string, std::string>> checkpoints;
    std::vector<Implication> implications;
    std::vector<ModelEntry> models;
    std::vector<ExtraEntry> extraEntries;
    // Functions a deployment runs before any model code, by qualified name
    // (resolve/global_lifetimes.h).
    std::vector<std::string> startup;
    std::string defaultModel;
    std::string sourceText;     // the JSON as loaded, stored in the index

    const RepoRule *repo(const std::string &name) const;
    const ModelEntry *model(const std::string &name) const;
    // The settings rule that reads the model's configuration
    // (`config_annotation`); null when the profile has none.
    const SettingsRule *modelConfigRule() const;
    const Dimension *dimension(const std::string &key) const;
    const Configuration *configuration(const std::string &name) const;
};

struct ProfileError {
    QString file;
    int line = 0;
    QString key;
    QString message;
    QString toString() const;
};

// Parses and validates a profile; on failure returns nullopt and fills `error`
// with the file, line and key at fault.
std::optional<Profile> loadProfile(const QString &path, ProfileError *error);
std::optional<Profile> parseProfile(const QByteArray &json, const QString &fileName, ProfileError *error);
// A profile shipped inside the program: "sglang", or "demo" for the demo workspace.
std::optional<Profile> loadBuiltinProfile(const QString &name, ProfileError *error);
// The names loadBuiltinProfile knows: the shipped profiles, then "demo".
QStringList builtinProfileNames();

} // namespace katlas
