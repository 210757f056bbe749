// A function's parameters (see parameters.h).
#include "parse/parameters.h"

#include "parse/literal_kinds.h"

namespace katlas {

void collectParameters(const SyntaxSource &source, TSNode params, FunctionFact &fn)
{
    std::vector<Param> &out = fn.params;
    if (ts_node_is_null(params))
        return;
    bool keywordOnly = false;
    for (TSNode p : NamedChildren(params)) {
        Param param;
        if (isType(p, "identifier")) {
            param.name = source.text(p);
        } else if (isType(p, "typed_parameter")) {
            if (ts_node_named_child_count(p) > 0 && isType(ts_node_named_child(p, 0), "identifier"))
                param.name = source.text(ts_node_named_child(p, 0));
            param.annotation = normaliseSpace(source.text(field(p, "type")));
        } else if (isType(p, "default_parameter") || isType(p, "typed_default_parameter")) {
            param.name = source.text(field(p, "name"));
            TSNode type = field(p, "type");
            if (!ts_node_is_null(type))
                param.annotation = normaliseSpace(source.text(type));
            param.defaultKind = argKindOf(field(p, "value"));
            const TSNode value = unparen(field(p, "value"));
            if (isType(value, "identifier") || isType(value, "attribute") || isType(value, "lambda"))
                param.defaultChain = source.chainOf(value);
            // A string or number literal default is the value the parameter
            // holds where a call passes nothing (`activation: str = "silu"`).
            constexpr size_t kMaxLiteral = 66;
            if ((isType(value, "string") || isType(value, "integer") || isType(value, "float")) && isLiteral(value)
                && ts_node_end_byte(value) - ts_node_start_byte(value) <= kMaxLiteral)
                param.defaultLiteral = source.text(value);
        } else {
            // *args, **kwargs, separators: what follows is keyword-only.
            if (isType(p, "list_splat_pattern") && ts_node_named_child_count(p) > 0)
                fn.varargs = source.text(ts_node_named_child(p, 0));
            if (isType(p, "dictionary_splat_pattern") && ts_node_named_child_count(p) > 0)
                fn.kwargs = source.text(ts_node_named_child(p, 0));
            keywordOnly = keywordOnly || isType(p, "list_splat_pattern") || isType(p, "keyword_separator")
                || source.text(p) == "*";
            continue;
        }
        param.keywordOnly = keywordOnly;
        out.push_back(std::move(param));
    }
}

} // namespace katlas
