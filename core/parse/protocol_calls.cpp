// Built-ins that call a method of their argument (see protocol_calls.h).
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

} // namespace katlas
