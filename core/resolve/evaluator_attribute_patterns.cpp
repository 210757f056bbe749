// Attributes named by a pattern: `getattr(self, "visit_" + kind)` is
// `self.{visit_*}`, each attribute of the object whose name the pattern
// matches (parse/attribute_pattern.cpp, docs/call-resolution.md); a name has
// no '/', so the path globs' `*` is the pattern's.
#include "parse/glob_matcher.h"
#include "resolve/chain.h"
#include "resolve/evaluator.h"

#include <set>

namespace katlas {
namespace {

constexpr size_t kMaxPatternMatches = 64;

} // namespace

bool isAttributePattern(std::string_view name) { return name.find('*') != std::string_view::npos; }

Values Evaluator::attributesMatching(const Value &v, std::string_view pattern)
{
    std::set<std::string> names;
    auto consider = [&](const std::string &name) {
        if (names.size() < kMaxPatternMatches && globMatch(pattern, name))
            names.insert(name);
    };
    auto ofClass = [&](SymbolId id) {
        const ClassInfo *c = m_table.cls(id);
        for (SymbolId k : c ? c->mro : std::vector<SymbolId>{})
            if (const ClassInfo *in = m_table.cls(k)) {
                for (const auto &[name, method] : in->methods)
                    consider(name);
                for (const auto &[name, bindings] : in->classAttrs)
                    consider(name);
            }
    };
    switch (v.kind) {
    case Value::Kind::Module:
        for (const auto &[name, bindings] : m_table.moduleAt(v.module).globals)
            consider(name);
        break;
    case Value::Kind::Class:
        ofClass(v.id);
        break;
    case Value::Kind::Instance:
        if (v.callable)
            break;
        ofClass(v.selfClass);
        if (v.declared) // any subclass may be there: its own methods too
            for (SymbolId sub : m_table.subclassesOf(v.selfClass))
                ofClass(sub);
        break;
    default:
        break;
    }
    Values out;
    for (const std::string &name : names)
        append(out, attribute(v, name));
    return out;
}

} // namespace katlas
