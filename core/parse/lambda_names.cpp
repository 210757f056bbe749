// Naming lambdas per scope (see lambda_names.h).
#include "parse/lambda_names.h"

namespace katlas {

void LambdaNames::nameIn(SyntaxSource &source, TSNode statement, const std::string &qualPrefix)
{
    walk(source, statement, qualPrefix, 0);
}

std::string LambdaNames::nameOf(SyntaxSource &source, TSNode lambda, const std::string &qualPrefix)
{
    if (const std::string *name = source.expressionName(lambda))
        return *name;
    std::string name = "<lambda" + std::to_string(++m_counters[qualPrefix]) + ">";
    source.nameExpression(lambda, name);
    return name;
}

void LambdaNames::walk(SyntaxSource &source, TSNode n, const std::string &qualPrefix, int depth)
{
    constexpr int kMaxDepth = 200;
    if (ts_node_is_null(n) || depth > kMaxDepth)
        return;
    if (isType(n, "lambda")) {
        nameOf(source, n, qualPrefix);
        return;
    }
    if (isType(n, "block") || isType(n, "function_definition") || isType(n, "class_definition")
        || isType(n, "decorated_definition") || isType(n, "string") || isType(n, "comment"))
        return;
    for (TSNode child : NamedChildren(n))
        walk(source, child, qualPrefix, depth + 1);
}

} // namespace katlas
