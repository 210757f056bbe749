// A second look at a finished path: guard text the call graph leaves to the
// running program (a weight's shape, an input's dtype) that something the
// index does not hold, the model's sizes under a checkpoint, decides after
// all (shapes/shape_condition_judge.h). findPaths asks the index's judge, if
// it has one, about every path that keeps such text.
#pragma once

#include "trace/dimension_filter.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace katlas {

struct PathFrame;

// The judge's questions under one filter, what it reads of the filter read
// once (a query's paths all share it).
class PathJudgement {
public:
    virtual ~PathJudgement() = default;
    // False when some text of `conditions` cannot hold as the path needs
    // (the path cannot run there); text shown to hold is taken off
    // `conditions`. Safe to call from several threads.
    virtual bool judge(const std::vector<PathFrame> &frames, PathConditions &conditions) const = 0;
};

class PathJudge {
public:
    virtual ~PathJudge() = default;
    // Its judgement under `filter`; null where it has nothing to say there
    // (no checkpoint is named).
    virtual std::unique_ptr<const PathJudgement> under(const DimensionFilter &filter) const = 0;
};

} // namespace katlas
