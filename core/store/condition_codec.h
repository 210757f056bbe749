// Text encodings of guard lists and condition sets in the call_site and edge
// tables. Fields are separated by ASCII unit/record separators, which never
// occur in Python source text (see docs/schema.md).
#pragma once

#include "graph/call_graph.h"

#include <string>

namespace katlas {

std::string encodeGuards(const GuardList &guards);
GuardList decodeGuards(const std::string &text);
std::string encodeConditions(const ConditionSet &conditions);
ConditionSet decodeConditions(const std::string &text);

} // namespace katlas
