// The shapes of a module built in model code: its constructor's arguments
// (as written at the call) evaluated against an HF config and a deployment,
// then divided as the profile's "module_shapes" rules say (sglang's
// ColumnParallelLinear holds output_size / TP of the weight on each GPU).
#pragma once

#include "shapes/shape_expression.h"

#include <QByteArray>

#include <map>
#include <string>
#include <vector>

namespace katlas {

struct Deployment {
    int tp = 1;          // --tp
    int ep = 1;          // --ep
    // --page-size; 0: not given, so what the configuration deploys (its
    // page-size setting, or one an implication sets: FlashMLA's 64), else 1.
    int pageSize = 1;
    bool dpAttention = false; // --dp-attention: attention runs with TP 1 per replica
};

// A profile's rule for one module class: its constructor parameters in
// order, and which of them each GPU holds a share of ("tp"; "ep"; "moe_tp":
// TP / EP, what the experts' layers are split by; "attention_tp": the TP
// attention runs with, 1 under --dp-attention).
struct ModuleShapeRule {
    std::string cls;
    std::vector<std::string> params;
    std::map<std::string, std::string> divideBy; // parameter -> deployment size name
    // A keyword that, given at the call with a known value, is the number of
    // GPUs a "tp" share is over (`tp_size=attn_tp_size`: attention's own TP).
    std::string sizeKeyword;
    // Parameters given as a list of sizes (`[intermediate_size] * 2`,
    // `[q_size, kv_size]`): their total is the layer's size.
    std::vector<std::string> totals;
    // The tensors an instance holds, by attribute, each dimension the
    // parameter whose per-GPU value it is: `weight` -> [output_size,
    // input_size]. Guards that read `layer.weight.shape[0]` are decided with
    // them (shapes/shape_condition_judge.h).
    std::map<std::string, std::vector<std::string>> tensors;
    // The config.json key whose value is the dtype of what `forward` is
    // handed (`torch_dtype`: the activations a model runs in); empty: unknown.
    std::string inputDtype;
    // The parameter whose per-GPU value is the last dimension of what
    // `forward` is handed (a linear layer's `input_size`); empty: unknown.
    std::string inputLastDim;
};

// The "module_shapes" of a profile's JSON; an empty list when it has none,
// a message naming the entry at fault when one is malformed.
std::vector<ModuleShapeRule> readModuleShapeRules(const QByteArray &profileJson, std::string *error);

struct ModuleCall {
    std::string cls;
    std::vector<std::string> positional;         // argument texts
    std::map<std::string, std::string> keywords; // name -> argument text
};

// Parameter name -> value per GPU. Parameters not given at the call are
// absent; a division that does not come out whole stays symbolic ("a / 8").
std::map<std::string, ShapeValue> moduleShapes(const ModuleCall &call, const ModuleShapeRule &rule,
                                               const ShapeEnvironment &env, const Deployment &deployment);

} // namespace katlas
