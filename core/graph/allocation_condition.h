// Which building site an instance comes from, as a condition: an object made
// by `Cls(...)` in one function carries `built:<class>=<function>`, and what
// a constructor's parameter receives from that place carries the same
// condition. A path through an instance built at one place and a value passed
// where the class is built at another holds both values of one dimension,
// which contradict, so the path is dropped (docs/guard-evaluation.md,
// "Values per building site"). These conditions are bookkeeping: no filter
// names them and no chip, column or report shows them.
#pragma once

#include "graph/call_graph.h"

#include <string>
#include <string_view>

namespace katlas {

inline constexpr std::string_view kAllocationPrefix = "built:";

inline bool isAllocationDimension(std::string_view dimension)
{
    return dimension.substr(0, kAllocationPrefix.size()) == kAllocationPrefix;
}

// `built:<classQualName>` = the place (the qualified name of the function
// building it, or of its module), as a short stable hash of that name.
Condition builtAt(const std::string &classQualName, const std::string &place);

} // namespace katlas
