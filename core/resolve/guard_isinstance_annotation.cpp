// `isinstance(p, tuple)` on a parameter read as its annotation says, as a
// type checker reads it (see guard_evaluator.h):
//
//     def apply(self, layer, x: torch.Tensor, bias=None):
//         if isinstance(x, tuple):       # false: a Tensor is no tuple
//             return f(input=x[0], input_scale=x[1])
//         return f(input=x)
//
// Only built-in container types are tested this way (tuple, list, dict, set,
// frozenset, str, bytes), and only against an annotation whose every type is
// known to derive from none of them: a class of the index whose bases all
// are (its MRO), or a class outside the index the profile lists in
// `plain_external_classes`. `Optional[...]` adds None, which fails the test
// too; an annotation that names a container, a protocol or anything not
// known leaves the test to the path. See docs/guard-evaluation.md,
// "isinstance of an annotated parameter".
#include "resolve/guard_evaluator.h"

#include "resolve/annotation_names.h"

#include <algorithm>
#include <unordered_set>

namespace katlas {

namespace {

bool isContainerType(const std::string &name)
{
    static const std::unordered_set<std::string> types = {"tuple", "list", "dict", "set", "frozenset", "str", "bytes"};
    return types.count(name) > 0;
}

// Annotation names that add nothing an instance could be (`Optional[X]`, `X | None`).
bool isNeutralWrapper(const std::string &name)
{
    static const std::unordered_set<std::string> names
        = {"Optional", "Union", "None", "typing.Optional", "typing.Union"};
    return names.count(name) > 0;
}

} // namespace

bool GuardEvaluator::isPlainClass(SymbolId cls) const
{
    const ClassInfo *info = m_table.cls(cls);
    if (!info)
        return false;
    for (SymbolId c : info->mro) {
        const ClassInfo *ci = m_table.cls(c);
        if (!ci)
            return false;
        for (const std::string &base : ci->externalBases)
            if (base != "object"
                && std::find(m_profile.plainExternalClasses.begin(), m_profile.plainExternalClasses.end(), base)
                    == m_profile.plainExternalClasses.end())
                return false;
    }
    return true;
}

std::optional<GuardEvaluator::Outcomes> GuardEvaluator::isinstanceByAnnotation(const GuardExpr &call,
                                                                               const std::string &annotation,
                                                                               const Scope &scope)
{
    if (annotation.empty())
        return std::nullopt;
    const GuardExpr &tested = call.operands[1];
    const std::vector<GuardExpr> names = testedClasses(tested);
    for (const GuardExpr &name : names) {
        if (name.kind != GuardExpr::Kind::Chain || !isContainerType(name.text))
            return std::nullopt;
        const Values bound = m_evaluator.evalChain(name.text, scope);
        if (std::any_of(bound.begin(), bound.end(),
                        [&](const Value &v) { return v.kind != Value::Kind::External || v.external != "<builtin>." + name.text; }))
            return std::nullopt; // a name the module binds to something else
    }
    bool typed = false;
    for (const AnnotationName &a : dottedNames(annotation)) {
        if (isNeutralWrapper(a.name))
            continue;
        const Values found = m_evaluator.evalChain(a.name, scope);
        if (found.empty())
            return std::nullopt;
        for (const Value &v : found) {
            const bool plain = v.kind == Value::Kind::Class ? isPlainClass(v.id)
                : v.kind == Value::Kind::External
                    && std::find(m_profile.plainExternalClasses.begin(), m_profile.plainExternalClasses.end(), v.external)
                        != m_profile.plainExternalClasses.end();
            if (!plain)
                return std::nullopt;
        }
        typed = true;
    }
    if (!typed)
        return std::nullopt;
    return Outcomes{{{Abstract::Kind::Bool, false, {}, {}}, {}}};
}

} // namespace katlas
