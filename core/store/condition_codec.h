// Text encodings of guard lists and condition sets in the call_site and edge
// tables. Fields are separated by ASCII unit/record separators, which never
// occur in Python source text (see docs/schema.md).
#pragma once

#include "graph/call_graph.h"

#include <string>
#include <string_view>

namespace katlas {

std::string encodeGuards(const GuardList &guards);
GuardList decodeGuards(std::string_view text);
std::string encodeConditions(const ConditionSet &conditions);
ConditionSet decodeConditions(std::string_view text);

} // namespace katlas
