// Values an annotation stands for (see evaluator.h): the classes it names,
// as instances (any subclass may be there), or the classes themselves for
// `Type[...]`; what a `Callable[[...], R]` returns, as a callable giving an R.
#include "resolve/evaluator.h"

#include <algorithm>
#include <cctype>
#include <unordered_set>

namespace katlas {
namespace {

// The dotted names in a type annotation: "Optional[a.B]" -> Optional, a.B;
// each with whether it is what a `Callable[[...], R]` returns (R's names).
struct AnnotationName {
    std::string name;
    bool returnedByCall = false;
};
std::vector<AnnotationName> dottedNames(const std::string &text)
{
    auto head = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; };
    auto tail = [&](char c) { return head(c) || std::isdigit(static_cast<unsigned char>(c)); };
    // The return parts of Callable[...]: after its top-level comma, up to its bracket.
    std::vector<std::pair<size_t, size_t>> returns;
    for (size_t at = text.find("Callable["); at != std::string::npos; at = text.find("Callable[", at + 1)) {
        int level = 0;
        size_t comma = std::string::npos;
        for (size_t i = at + 8; i < text.size(); ++i) {
            if (text[i] == '[')
                ++level;
            else if (text[i] == ']' && --level == 0) {
                if (comma != std::string::npos)
                    returns.emplace_back(comma, i);
                break;
            } else if (text[i] == ',' && level == 1 && comma == std::string::npos)
                comma = i;
        }
    }
    std::vector<AnnotationName> out;
    for (size_t i = 0; i < text.size();) {
        if (!head(text[i])) {
            ++i;
            continue;
        }
        size_t end = i;
        while (true) {
            while (end < text.size() && tail(text[end]))
                ++end;
            if (end + 1 < text.size() && text[end] == '.' && head(text[end + 1]))
                ++end;
            else
                break;
        }
        const bool returned
            = std::any_of(returns.begin(), returns.end(), [&](const auto &r) { return i > r.first && i < r.second; });
        out.push_back({text.substr(i, end - i), returned});
        i = end;
    }
    return out;
}

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
