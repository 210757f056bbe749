// See module_attribute.h.
#include "shapes/module_attribute.h"

namespace katlas {

std::optional<KnownValue> moduleAttribute(ModelShapes &shapes, const TensorOrigin &origin)
{
    if (!origin.rest.empty() || origin.member.empty())
        return std::nullopt;
    std::string cls;
    if (origin.kind == TensorOrigin::Kind::OwnMember)
        cls = origin.ownerClass;
    else if (origin.kind == TensorOrigin::Kind::ModuleMember)
        if (const std::optional<ModuleInstance> instance = shapes.module(origin.ownerClass, origin.target))
            cls = instance->cls;
    if (cls.empty())
        return std::nullopt;
    const ShapeEnvironment &scope = shapes.scope(cls);
    const auto it = scope.names.find("self." + origin.member);
    if (it == scope.names.end() || !it->second.known())
        return std::nullopt;
    return KnownValue::of(*it->second.value);
}

} // namespace katlas
