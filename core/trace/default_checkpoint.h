// The checkpoint a deployment runs when it names none: a filter that names a
// deployment (GPU, quantization, backends, stage) but no model setting is
// read with the model's default checkpoint (profile `models[].checkpoint`),
// so guards on the model's configuration (`config.n_shared_experts`,
// `getattr(config, "final_logit_softcapping", None)`) are decided as that
// checkpoint decides them. See docs/guard-evaluation.md, "A model's default
// checkpoint".
#pragma once

#include "profile/profile.h"
#include "trace/dimension_filter.h"

#include <string>

namespace katlas {

struct CheckpointChoice {
    DimensionFilter filter;  // the filter with the checkpoint's settings it did not name
    std::string checkpoint;  // the checkpoint assumed; empty when none was
};

// Nothing is assumed without a filter (every path shows), when the filter
// names a setting of the model's configuration itself (a configuration's
// checkpoint, --hf-config, model.x=...), or when the model has no default.
CheckpointChoice withDefaultCheckpoint(const DimensionFilter &filter, const Profile &profile, const std::string &model);

// The filter with `checkpoint`'s settings where it names none of its own.
DimensionFilter withCheckpoint(DimensionFilter filter, const Profile &profile, const std::string &checkpoint);

} // namespace katlas
