// A callee or value chain split into its segments:
//   "self.quant_method.apply" -> Name(self) Attr(quant_method) Attr(apply)
//   "get_impl()()"            -> Name(get_impl) Call Call
//   "d['a']()"                -> Name(d) Subscript('a') Call
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace katlas {

struct ChainSegment {
    enum class Kind { Name, Attr, Call, Subscript };
    Kind kind = Kind::Name;
    std::string name; // for Name and Attr; a Subscript's key (`'a'`, `1`, or a name `i`), if any
};

// An attribute named by a variable: `getattr(obj, name)` is the chain
// `obj.{name}`, whose Attr segment is `{name}`; the variable's name, or
// empty for a plain attribute.
std::string_view dynamicAttributeName(std::string_view attr);
// Is a dynamic attribute's name a pattern (`visit_*`: getattr with a name
// built from a literal part) rather than a variable?
bool isAttributePattern(std::string_view name);

std::vector<ChainSegment> splitChain(std::string_view chain);

// A subscript's key that is a name (`i` of `xs[i]`), not a literal
// (`'a'`, `1`, `:1`, `-1`).
bool isNameKey(std::string_view key);
// The last dotted component of a name ("Cls" of "pkg.mod.Cls").
std::string lastComponent(std::string_view dotted);
// The chain with every name key left out (`xs[i]()` -> `xs[]()`), as call
// sites show it.
std::string withoutNameKeys(std::string_view chain);

// The dotted prefix of a chain made only of a name and attributes
// ("a.b.c" of "a.b.c()"), or empty when it starts otherwise.
std::string dottedHead(const std::vector<ChainSegment> &segments, size_t *length = nullptr);

} // namespace katlas
