// A second look at a finished path: guard text the call graph leaves to the
// running program (a weight's shape, an input's dtype) that something the
// index does not hold, the model's sizes under a checkpoint, decides after
// all (shapes/shape_condition_judge.h). findPaths asks the index's judge, if
// it has one, about every path that keeps such text.
#pragma once

#include "trace/dimension_filter.h"

#include <cstdint>
#include <vector>

namespace katlas {

struct PathFrame;

class PathJudge {
public:
    virtual ~PathJudge() = default;
    // Has it anything to say under `filter` (a checkpoint is named)?
    virtual bool applies(const DimensionFilter &filter) const = 0;
    // False when some text of `conditions` cannot hold as the path needs
    // under `filter` (the path cannot run there); text shown to hold is
    // taken off `conditions`. Safe to call from several threads.
    virtual bool judge(const std::vector<PathFrame> &frames, PathConditions &conditions,
                       const DimensionFilter &filter) const = 0;
};

} // namespace katlas
