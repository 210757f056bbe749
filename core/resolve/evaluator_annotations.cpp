// Values an annotation stands for (see evaluator.h): the classes it names,
// as instances (any subclass may be there), or the classes themselves for
// `Type[...]`; what a `Callable[[...], R]` returns, as a callable giving an R.
#include "resolve/evaluator.h"

#include "resolve/annotation_names.h"

#include <algorithm>
#include <cctype>
#include <unordered_set>

namespace katlas {
namespace {

// Names of the typing module that wrap the type we want.
bool isTypingWrapper(const std::string &name)
{
    static const std::unordered_set<std::string> wrappers
        = {"Optional", "Union", "List", "Dict", "Tuple", "Type", "Any", "None", "Callable", "Sequence", "Iterable",
            "Mapping", "Set", "FrozenSet", "Literal", "ClassVar", "Final", "Annotated", "typing", "list", "dict",
            "tuple", "set", "type", "int", "float", "str", "bool", "bytes", "object"};
    return wrappers.count(name) > 0;
}

} // namespace

Values Evaluator::fromAnnotation(const std::string &annotation, const Scope &scope)
{
    Values out;
    const bool isType = annotation.rfind("Type[", 0) == 0 || annotation.rfind("type[", 0) == 0;
    for (const auto &[name, returnedByCall] : dottedNames(annotation)) {
        if (isTypingWrapper(name) || name.rfind("typing.", 0) == 0)
            continue;
        Values vals = evalChain(name, scope);
        if (vals.empty()) {
            // Names imported only for type checking, or in quotes: by class name.
            const std::string last = name.substr(name.rfind('.') == std::string::npos ? 0 : name.rfind('.') + 1);
            const auto &candidates = m_table.classesNamed(last);
            if (candidates.size() == 1) {
                Value c;
                c.kind = Value::Kind::Class;
                c.id = candidates.front();
                vals.push_back(c);
            }
        }
        for (Value &v : vals) {
            if (v.kind != Value::Kind::Class)
                continue;
            if (!isType) {
                v.kind = Value::Kind::Instance;
                v.selfClass = v.id;
                v.declared = true;
                v.callable = returnedByCall;
            }
            v.how = weaker(v.how, Resolution::Type);
            append(out, {v});
        }
    }
    return out;
}

} // namespace katlas
