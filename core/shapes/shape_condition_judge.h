// Guards on a module's tensors decided by the model's sizes. sglang's FP8
// linear picks DeepGEMM, CUTLASS or Triton by `weight.shape[0] % 64 == 0`
// and `input.dtype == torch.bfloat16`: text the call graph leaves to the
// running batch. Under a checkpoint (the model.* settings of a filter) the
// weight is the module's (`self.q_b_proj.weight`, followed up the path,
// shapes/path_tensor_binding.h), its shape the profile's `module_shapes`
// rule over the sizes the model builds it with (shapes/model_shapes.h), and
// what `forward` is handed runs in the checkpoint's dtype; a number the
// module's `__init__` gives an attribute (`self.num_local_heads == 128`) is
// read from it (shapes/module_attribute.h), and a flag of an object a
// factory builds from what the factory is handed (shapes/built_member.h:
// `self.rotary_emb.use_fallback_kernel`). Sizes that depend on the
// deployment are worked out for every deployment the filter leaves possible
// (shapes/filter_deployments.h: TP 1, 2, 4, 8 of one node, attention
// data-parallel or not, unless it names them): the guard is decided only
// where they all agree. See docs/guard-evaluation.md, "Tensors a path
// hands down".
#pragma once

#include "profile/profile.h"
#include "parse/guard_expression.h"
#include "shapes/built_member.h"
#include "shapes/condition_truth.h"
#include "shapes/model_shapes.h"
#include "shapes/path_tensor_binding.h"
#include "shapes/source_calls.h"
#include "trace/path_judge.h"

#include <map>
#include <memory>
#include <mutex>

namespace katlas {

class ShapeConditionJudge : public PathJudge {
public:
    ShapeConditionJudge(const CallIndex &index, std::string settingPrefix, std::vector<ModuleShapeRule> rules,
                        std::map<std::string, std::string> shapeCalls,
                        std::map<std::string, std::string> deploymentSettings = {},
                        std::vector<DimensionRule> guardRules = {});

    std::unique_ptr<const PathJudgement> under(const DimensionFilter &filter) const override;
    // `settings`: the checkpoint's, read off the filter once (under()).
    struct Settings {
        std::string key;       // the whole filter as text
        std::string shapesKey; // the checkpoint's settings and the deployments as text
        QJsonObject config;    // the checkpoint's config.json
        std::vector<Deployment> deployments; // those the filter leaves possible
        std::map<std::string, std::set<std::string>> dimensions; // the filter's
    };
    bool judge(const std::vector<PathFrame> &frames, PathConditions &conditions, const Settings &settings) const;

private:
    const CallIndex &m_index;
    std::string m_prefix; // "model."
    std::vector<ModuleShapeRule> m_rules;
    std::map<std::string, std::string> m_shapeCalls;
    std::map<std::string, std::string> m_deploymentSettings; // "tp" -> "server.tp_size"
    SourceCalls m_calls;
    BuiltMembers m_built;
    std::shared_ptr<ClassInitCache> m_inits = std::make_shared<ClassInitCache>();
    mutable std::mutex m_mutex;
    // by the filter's model settings, then the deployment
    mutable std::map<std::string, std::vector<std::unique_ptr<ModelShapes>>> m_shapes;
    mutable std::map<std::string, std::optional<bool>> m_decided; // by settings, text and the calls above it
    mutable std::map<std::string, GuardExpr> m_parsed;            // by text
    // by settings and origin: the value under each deployment
    mutable std::map<std::string, std::vector<std::optional<KnownValue>>> m_values;

    std::optional<bool> decide(const std::vector<PathFrame> &frames, size_t frame, const std::string &text,
                               const Settings &settings) const;
    // The model's shapes under each deployment the settings leave, for a checkpoint.
    std::vector<std::unique_ptr<ModelShapes>> &shapesFor(const Settings &settings) const;
    // Where `expression` comes from, locals on the way read through the one
    // assignment of each that can run, as a name or a reshaped tensor
    // (shapes/tensor_reshape.h).
    TensorOrigin originOf(const std::vector<PathFrame> &frames, size_t frame, const std::string &expression,
                          const Settings &settings) const;
    // An `if` test of the function, read on the module whose method it is
    // (`self.input_is_parallel` as its building call passes it).
    std::optional<bool> testOnModule(const std::vector<PathFrame> &frames, size_t frame, const std::string &test,
                                     ModelShapes &shapes) const;
    std::optional<KnownValue> valueOf(const TensorOrigin &origin, ModelShapes &shapes, const Settings &settings) const;
    const std::vector<std::optional<KnownValue>> &values(const TensorOrigin &origin, const Settings &settings) const;
    const ModuleShapeRule *rule(const std::string &cls) const;
};

// The judge for a session's index, when the profile reads a model
// configuration and has `module_shapes` rules; null otherwise.
std::shared_ptr<const PathJudge> shapeConditionJudge(const CallIndex &index, const Profile &profile);

} // namespace katlas
