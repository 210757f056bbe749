// The facts of class and function definitions and lambdas (see definition_facts.h).
#include "parse/definition_facts.h"

#include "parse/declared_types.h"
#include "parse/decorator_calls.h"
#include "parse/function_scopes.h"
#include "parse/parameters.h"

#include <algorithm>

namespace katlas {

Decorator decoratorOf(const SyntaxSource &source, TSNode expr)
{
    Decorator d;
    d.chain = source.chainOf(expr);
    if (isType(expr, "call")) {
        TSNode args = field(expr, "arguments");
        if (!ts_node_is_null(args) && ts_node_named_child_count(args) > 0)
            d.firstArg = source.stringContent(ts_node_named_child(args, 0));
        constexpr size_t kMaxKeys = 4;
        for (TSNode a : NamedChildren(args)) {
            if (isType(a, "keyword_argument") || d.keys.size() >= kMaxKeys)
                break;
            d.keys.push_back(source.stringContent(a));
        }
    }
    return d;
}

BodyContext addClass(const SyntaxSource &source, TSNode n, const std::string &qual, std::vector<Decorator> decorators,
    const BodyContext &ctx, ModuleFacts &facts)
{
    ClassFact cls;
    cls.qualName = qual;
    cls.line = lineOf(n);
    cls.endLine = endLineOf(n);
    cls.decorators = std::move(decorators);
    cls.guards = ctx.guards;
    addDecoratorCalls(cls.decorators, std::string(source.text(field(n, "name"))), ctx.scope, cls.line, ctx.guards,
        ctx.assignScope == ctx.scope, facts);
    TSNode supers = field(n, "superclasses");
    if (!ts_node_is_null(supers)) {
        for (TSNode child : NamedChildren(supers)) {
            Chain base = source.chainOf(child);
            if (!base.empty())
                cls.bases.push_back(base);
        }
    }
    facts.classes.push_back(std::move(cls));
    BodyContext inner = ctx;
    inner.assignScope = qual;
    inner.classQual = qual;
    inner.selfName.clear();
    inner.qualPrefix = qual + ".";
    inner.functionIndex = -1;
    return inner;
}

namespace {

// Does anything in `n` give the function a value to return: `return x`, a
// `yield`? Nested definitions and lambdas are their own.
bool givesValue(TSNode n, int depth)
{
    if (depth > 200)
        return true; // too deep to tell: assume it may
    for (TSNode c : NamedChildren(n)) {
        if (isType(c, "function_definition") || isType(c, "class_definition") || isType(c, "lambda")
            || isType(c, "decorated_definition"))
            continue;
        if ((isType(c, "return_statement") && ts_node_named_child_count(c) > 0) || isType(c, "yield"))
            return true;
        if (givesValue(c, depth + 1))
            return true;
    }
    return false;
}

bool returnsNothing(TSNode function)
{
    const TSNode body = field(function, "body");
    if (ts_node_is_null(body) || givesValue(body, 0))
        return false;
    for (TSNode c : NamedChildren(body))
        if (isType(c, "raise_statement"))
            return false; // a stub that always raises
    return true;
}

} // namespace

FunctionFact functionFactOf(const SyntaxSource &source, TSNode n, const std::string &qual, const BodyContext &ctx)
{
    FunctionFact fn;
    fn.qualName = qual;
    fn.line = lineOf(n);
    fn.endLine = endLineOf(n);
    fn.guards = ctx.guards;
    fn.returnsNothing = returnsNothing(n);
    if (const TSNode type = field(n, "return_type"); !ts_node_is_null(type))
        fn.returnsNotNone = declaresNotNone(source.text(type));
    collectParameters(source, field(n, "parameters"), fn);
    return fn;
}

BodyContext addFunction(const SyntaxSource &source, TSNode n, const std::string &qual,
    std::vector<Decorator> decorators, const BodyContext &ctx, ModuleFacts &facts)
{
    FunctionFact fn = functionFactOf(source, n, qual, ctx);
    fn.className = ctx.classQual;
    bool isStatic = false;
    for (const Decorator &d : decorators)
        isStatic = isStatic || d.chain == "staticmethod";
    addDecoratorCalls(decorators, std::string(source.text(field(n, "name"))), ctx.scope, fn.line, ctx.guards,
        ctx.assignScope == ctx.scope, facts);
    fn.decorators = std::move(decorators);
    const std::string scope = newFunctionScope(facts, qual, fn.line);
    facts.functions.push_back(std::move(fn));

    BodyContext inner = functionBodyContext(qual, scope, facts);
    const auto &params = facts.functions.back().params;
    if (!ctx.classQual.empty() && !isStatic && !params.empty())
        inner.selfName = params.front().name;
    // A function nested in a method reads the method's receiver as it is
    // (`def deco(fn): cls._handlers[name] = fn` inside a classmethod),
    // unless a parameter of its own takes the name.
    else if (ctx.classQual.empty() && !ctx.selfName.empty()
             && std::none_of(params.begin(), params.end(), [&](const Param &p) { return p.name == ctx.selfName; }))
        inner.selfName = ctx.selfName;
    return inner;
}

} // namespace katlas
