// The profile's "definitions": which kernels a flashinfer-trace Definition
// family describes, and how the family's name, axes and tensors follow from
// the shapes of the op's module (see docs/profile.md). Nothing of a codebase
// is named in code: a rule says `rmsnorm_h{hidden_size}` for kernels matching
// `rmsnorm` launched by an `RMSNorm` module.
#pragma once

#include <QByteArray>
#include <QJsonObject>

#include <cstdint>

#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace katlas {

struct DefinitionFamily {
    std::string kernelPattern;   // regex searched in the kernel's qualified name
    std::regex kernel;
    std::string modulePattern;   // regex searched in the op module's class; empty: any
    std::regex module;
    // A regex searched in the texts of the kernel call's arguments: a torch
    // call's weight (`self\.w_kc$`) tells apart two calls of one kernel in
    // one module. Empty: any call.
    std::string argumentPattern;
    std::regex argument;
    // Module shapes the family needs, else it does not describe the op:
    // {"num_kv_heads": 1} keeps MLA's one latent KV head apart from MHA.
    std::map<std::string, std::int64_t> when;
    // Settings the configuration must fix, else the family does not describe
    // the kernel: {"quantization": {"fp8"}} for a kernel every quantization
    // launches (a Triton grouped GEMM) whose FP8 form the family describes.
    // A dimension the configuration leaves open does not fit.
    std::map<std::string, std::set<std::string>> configuration;
    std::string opType;          // "rmsnorm"
    std::string name;            // "rmsnorm_h{hidden_size}": axes and {stage} in braces
    std::map<std::string, std::string> axes; // axis -> "var" or an expression over the module's shapes
    std::vector<std::string> axisOrder;      // in key order
    QJsonObject inputs;          // name -> {"shape": [axes], "dtype": ...}, written as is
    QJsonObject outputs;
    std::vector<std::string> constraints;
    std::vector<std::string> tags; // besides stage/model/quantization/status: "fused"
    std::string description;
    std::string reference;       // plain-PyTorch source with a `run` function
    // Only for kernels with a trace template (template_definition.h): the
    // template gives the name, op_type, tensors and reference, which the
    // family may then leave out; a kernel without one gets no definition.
    bool fromTemplate = false;
    // A template for kernels that are not its API but compute the same
    // (sgl-kernel's sampling is flashinfer's): "top_k_top_p_sampling_trace".
    std::string templateName;
};

// A config.json key the deployment must divide: `num_attention_heads` over
// the attention TP; a key the config lacks is not checked.
struct DeploymentCheck {
    std::string key;
    std::string dividedBy; // "tp", "ep", "moe_tp", "attention_tp"
};

struct DefinitionRules {
    std::string stageDimension;                      // "stage"
    std::map<std::string, std::string> stageNames;   // dimension value -> tag and {stage} ("extend" -> "prefill")
    std::string quantizationDimension;               // "quantization"
    std::map<std::string, std::string> quantizationNames; // value -> tag ("fp8" -> "float8_e4m3fn"); absent: no tag
    std::map<std::string, std::string> shapeCalls;   // "get_attention_tp_size" -> "attention_tp"
    // The settings a filter names the deployment by: "tp" -> "server.tp_size",
    // "ep", "dp_attention" (shapes/filter_deployments.h).
    std::map<std::string, std::string> deploymentSettings;
    std::vector<DeploymentCheck> checks;
    std::vector<DefinitionFamily> families;
    // Globs of the modules holding trace templates ("flashinfer.trace.templates.*"):
    // a kernel whose API names one of theirs is written the template's way.
    std::vector<std::string> templateModules;
    // Qualified names of torch calls whose work a definition describes where
    // an op reaches them (`torch.nn.functional.linear`): families match them
    // as they match kernels.
    std::vector<std::string> computeCalls;
    // The kernel category doing that work: an op with a kernel of it gets
    // no definition of the torch call ("GEMM").
    std::string computeCategory;
};

// The "definitions" of a profile's JSON (empty when it has none); on a
// malformed entry, an empty result and a message naming the key at fault.
DefinitionRules readDefinitionRules(const QByteArray &profileJson, std::string *error);

} // namespace katlas
