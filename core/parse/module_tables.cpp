// Module-level tables (see module_tables.h).
#include "parse/module_tables.h"

namespace katlas {

void addDictEntries(const SyntaxSource &source, const std::string &dictName, TSNode dict, std::vector<DictEntryFact> &out)
{
    for (TSNode pair : NamedChildren(dict)) {
        if (!isType(pair, "pair"))
            continue;
        const std::string key = source.stringContent(field(pair, "key"));
        const Chain value = source.chainOf(field(pair, "value"));
        if (!key.empty() && !value.empty())
            out.push_back({dictName, key, value, lineOf(pair)});
    }
}

void addDictUpdate(const SyntaxSource &source, TSNode call, std::vector<DictEntryFact> &out)
{
    if (!isType(call, "call"))
        return;
    const Chain fn = source.chainOf(field(call, "function"));
    const auto dot = fn.find('.');
    if (dot == std::string::npos || fn.substr(dot) != ".update")
        return;
    TSNode args = field(call, "arguments");
    if (!ts_node_is_null(args) && ts_node_named_child_count(args) > 0 && isType(ts_node_named_child(args, 0), "dictionary"))
        addDictEntries(source, fn.substr(0, dot), ts_node_named_child(args, 0), out);
}

void addAllNames(const SyntaxSource &source, TSNode list, std::vector<std::string> &out)
{
    if (!isType(list, "list") && !isType(list, "tuple"))
        return;
    for (TSNode child : NamedChildren(list)) {
        std::string s = source.stringContent(child);
        if (!s.empty())
            out.push_back(std::move(s));
    }
}

} // namespace katlas
