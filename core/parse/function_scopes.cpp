// Scopes of a module's functions (see function_scopes.h).
#include "parse/function_scopes.h"

#include <algorithm>
#include <unordered_set>

namespace katlas {

namespace {

std::string redefinedScope(const std::string &qual, int line)
{
    return qual + '@' + std::to_string(line);
}

} // namespace

std::string newFunctionScope(const ModuleFacts &facts, const std::string &qual, int line)
{
    const bool defined = std::any_of(facts.functions.begin(), facts.functions.end(),
                                     [&](const FunctionFact &fn) { return fn.qualName == qual; });
    return defined ? redefinedScope(qual, line) : qual;
}

std::vector<std::string> functionScopes(const ModuleFacts &facts)
{
    std::vector<std::string> out;
    out.reserve(facts.functions.size());
    std::unordered_set<std::string_view> seen;
    for (const FunctionFact &fn : facts.functions)
        out.push_back(seen.insert(fn.qualName).second ? fn.qualName : redefinedScope(fn.qualName, fn.line));
    return out;
}

std::string withoutDefinitionLines(const std::string &scope)
{
    std::string out;
    out.reserve(scope.size());
    for (size_t i = 0; i < scope.size(); ++i) {
        if (scope[i] == '@') {
            while (i + 1 < scope.size() && scope[i + 1] != '.')
                ++i;
            continue;
        }
        out += scope[i];
    }
    return out;
}

} // namespace katlas
