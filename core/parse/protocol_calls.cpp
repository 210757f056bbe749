// Methods Python calls without their name being written (see protocol_calls.h).
#include "parse/protocol_calls.h"

#include <algorithm>
#include <array>
#include <utility>

namespace katlas {

Chain protocolCall(const SyntaxSource &source, TSNode call)
{
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 10> kProtocols = {{
        {"str", "__str__"}, {"repr", "__repr__"}, {"len", "__len__"}, {"bool", "__bool__"}, {"hash", "__hash__"},
        {"iter", "__iter__"}, {"next", "__next__"}, {"format", "__format__"}, {"abs", "__abs__"},
        {"reversed", "__reversed__"},
    }};
    const TSNode callee = field(call, "function");
    if (!isType(callee, "identifier"))
        return {};
    const std::string_view name = source.text(callee);
    const auto protocol = std::find_if(kProtocols.begin(), kProtocols.end(), [&](const auto &p) { return p.first == name; });
    if (protocol == kProtocols.end())
        return {};
    const TSNode args = field(call, "arguments");
    if (ts_node_is_null(args) || ts_node_named_child_count(args) == 0)
        return {};
    const TSNode first = ts_node_named_child(args, 0);
    if (isType(first, "keyword_argument") || isType(first, "list_splat") || isType(first, "dictionary_splat"))
        return {};
    const Chain object = source.chainOf(first);
    if (object.empty())
        return {};
    return object + "." + std::string(protocol->second);
}

std::vector<Chain> setattrCalls(const SyntaxSource &source, TSNode assignment)
{
    std::vector<Chain> out;
    const auto add = [&](TSNode target) {
        if (!isType(target, "attribute"))
            return;
        if (Chain object = source.chainOf(field(target, "object")); !object.empty()) {
            object += ".__setattr__";
            if (std::find(out.begin(), out.end(), object) == out.end())
                out.push_back(std::move(object));
        }
    };
    const TSNode left = field(assignment, "left");
    if (isType(left, "pattern_list") || isType(left, "tuple_pattern"))
        for (TSNode t : NamedChildren(left))
            add(t);
    else
        add(left);
    return out;
}

} // namespace katlas
