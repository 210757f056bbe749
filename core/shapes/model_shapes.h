// The modules a model builds, with their shapes per GPU: each class's
// `__init__` is evaluated with the values its builder passes (found where the
// class is constructed in model code, recursively up to the model), against
// an HF config.json and a deployment. A module handed to another object
// (`LayerCommunicator(input_layernorm=self.input_layernorm)`) is followed
// back to where it was built.
#pragma once

#include "shapes/init_scope.h"
#include "shapes/module_shape.h"
#include "trace/call_index.h"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace katlas {

struct ModuleInstance {
    std::string cls;                          // "RMSNorm"
    std::string ownerClass;                   // the class that builds it
    std::string target;                       // "self.input_layernorm"
    std::map<std::string, ShapeValue> shapes; // per GPU, after the profile's module_shapes rule
};

// The `__init__`s of indexed files, read once and shared by the ModelShapes
// of several deployments. Thread-safe.
class ClassInitCache {
public:
    std::shared_ptr<const std::vector<ClassInit>> of(const CallIndex &index, std::int64_t fileId);

private:
    std::mutex m_mutex;
    std::map<std::int64_t, std::shared_ptr<const std::vector<ClassInit>>> m_files;
};

class ModelShapes {
public:
    // `modelModules`: globs of the modules that count as model code (the
    // profile's model entry); `shapeCalls`: calls the deployment answers
    // ("get_attention_tp_size" -> "attention_tp", see module_shape.h).
    // `inits`: where parsed files are shared (null: this instance's own).
    ModelShapes(const CallIndex &index, const std::vector<std::string> &modelModules, QJsonObject config,
                Deployment deployment, std::vector<ModuleShapeRule> rules, std::map<std::string, std::string> shapeCalls,
                std::shared_ptr<ClassInitCache> inits = nullptr);

    // The module `target` ("self.q_a_proj") of an instance of `cls`; nullopt
    // when it is not built from a constructor call that can be found.
    std::optional<ModuleInstance> module(const std::string &cls, const std::string &target);

    const QJsonObject &config() const { return m_config; }

    // What the module `target` of an instance of `cls` sets its attribute
    // `member` to in its `__init__`, as written, a parameter read as what its
    // building call passes (else the parameter's default): "True" for
    // `self.input_is_parallel = input_is_parallel` built passing nothing for
    // a default True. nullopt when not found or set only under a test.
    std::optional<std::string> memberText(const std::string &cls, const std::string &target, const std::string &member);

    // The values a class's `__init__` gives its names ("self.num_local_heads").
    const ShapeEnvironment &scope(const std::string &cls);

private:
    const CallIndex &m_index;
    QJsonObject m_config;
    Deployment m_deployment;
    std::vector<ModuleShapeRule> m_rules;
    std::map<std::string, ShapeValue> m_deploymentNames;
    std::map<std::string, ClassInit> m_inits;       // by class name; the first found
    std::set<std::int64_t> m_parsedFiles;
    std::shared_ptr<ClassInitCache> m_initCache;
    std::map<std::string, ShapeEnvironment> m_scopes;
    std::set<std::string> m_inProgress;

    void parseFile(std::int64_t fileId);
    const ClassInit *init(const std::string &cls);
    const ConstructorCall *builderOf(const std::string &cls) const;
    std::optional<ModuleInstance> moduleIn(const std::string &cls, const std::string &target, int depth);
    // The class of the profile's module shapes a call of what a call returns
    // builds in `owner`'s `__init__` at `line` (`get_moe_impl_class(q)(...)`
    // -> FusedMoE), from the call graph; empty when none.
    std::string pickedClass(const std::string &owner, int line) const;
};

// The deployment sizes by the names module_shapes rules and shape calls use:
// "tp", "ep", "moe_tp", "attention_tp", "page_size".
std::map<std::string, std::int64_t> deploymentSizes(const Deployment &deployment);

} // namespace katlas
