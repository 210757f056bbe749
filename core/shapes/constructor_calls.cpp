// See constructor_calls.h: the attribute-assigned builds of each class's
// `__init__`, as init_scope.h reads them.
#include "shapes/constructor_calls.h"

#include "shapes/init_scope.h"

namespace katlas {

std::vector<ConstructorCall> constructorCalls(std::string_view source)
{
    std::vector<ConstructorCall> out;
    for (ClassInit &init : classInits(source))
        for (ConstructorCall &build : init.builds)
            if (!build.target.empty())
                out.push_back(std::move(build));
    return out;
}

} // namespace katlas
