#include "graph/allocation_condition.h"

namespace katlas {

Condition builtAt(const std::string &classQualName, const std::string &place)
{
    Condition c;
    c.dimension = std::string(kAllocationPrefix) + classQualName;
    c.values = {place};
    c.text = c.dimension + " == " + c.values.front();
    return c;
}

} // namespace katlas
