// Lambdas are functions without a name: the facts name each `<lambdaN>`,
// counted from 1 in the scope that defines it, in the order of the source
// (as PyCG names them), so that a lambda can be passed, stored and called
// like any function (docs/call-resolution.md).
#pragma once

#include "parse/syntax_node.h"

#include <string>
#include <unordered_map>

namespace katlas {

class LambdaNames {
public:
    // Names the lambdas of one statement's expressions defined in the scope
    // whose definitions are prefixed `qualPrefix`; not those inside nested
    // blocks, definitions or other lambdas (their own scopes name them).
    void nameIn(SyntaxSource &source, TSNode statement, const std::string &qualPrefix);
    // The name of `lambda`, named now if no statement named it.
    std::string nameOf(SyntaxSource &source, TSNode lambda, const std::string &qualPrefix);

private:
    void walk(SyntaxSource &source, TSNode n, const std::string &qualPrefix, int depth);
    std::unordered_map<std::string, int> m_counters; // per scope prefix
};

} // namespace katlas
