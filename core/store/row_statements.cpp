// Row INSERT statements (see row_statements.h).
#include "store/row_statements.h"

#include "store/condition_codec.h"

namespace katlas {

const char *const kInsertSymbol = "INSERT INTO symbol(id, file_id, qual_name, name, kind, line, end_line, parent_id, origin_id, variant) "
                                  "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
const char *const kInsertSymbolText = "INSERT INTO symbol_fts(rowid, name, qual_name) VALUES (?, ?, ?)";
const char *const kInsertCallSite = "INSERT INTO call_site(id, file_id, caller_id, callee, line, guards) VALUES (?, ?, ?, ?, ?, ?)";
const char *const kInsertEdge = "INSERT INTO edge(call_site_id, callee_id, resolution, conditions) VALUES (?, ?, ?, ?)";
const char *const kInsertKernel = "INSERT INTO kernel(symbol_id, source, category, aliases) VALUES (?, ?, ?, ?)";
const char *const kInsertDiagnostic = "INSERT INTO diagnostic(file_id, path, line, message) VALUES (?, ?, ?, ?)";

Statement &bindSymbol(Statement &st, const Symbol &s)
{
    st.bind(1, s.id).bindIdOrNull(2, s.fileId).bind(3, s.qualName).bind(4, s.name);
    st.bind(5, std::string_view(symbolKindName(s.kind))).bind(6, s.line).bind(7, s.endLine);
    return st.bindIdOrNull(8, s.parentId).bindIdOrNull(9, s.originId).bind(10, s.variant);
}

Statement &bindSymbolText(Statement &st, const Symbol &s)
{
    return st.bind(1, s.id).bind(2, s.name).bind(3, s.qualName);
}

Statement &bindCallSite(Statement &st, const CallSite &s)
{
    st.bind(1, s.id).bind(2, s.fileId).bind(3, s.callerId).bind(4, s.callee).bind(5, s.line);
    return st.bind(6, encodeGuards(s.guards));
}

Statement &bindEdge(Statement &st, const Edge &e)
{
    st.bind(1, e.callSiteId).bindIdOrNull(2, e.calleeId);
    return st.bind(3, std::string_view(resolutionName(e.resolution))).bind(4, encodeConditions(e.conditions));
}

std::string joinKernelAliases(const std::vector<std::string> &aliases)
{
    std::string out;
    for (const std::string &a : aliases)
        out += (out.empty() ? "" : "\x1e") + a;
    return out;
}

std::vector<std::string> splitKernelAliases(std::string_view text)
{
    std::vector<std::string> out;
    while (!text.empty()) {
        const size_t sep = text.find('\x1e');
        out.emplace_back(text.substr(0, sep));
        text = sep == std::string_view::npos ? std::string_view() : text.substr(sep + 1);
    }
    return out;
}

Statement &bindKernel(Statement &st, const Kernel &k)
{
    return st.bind(1, k.symbolId).bind(2, k.source).bind(3, k.category).bind(4, joinKernelAliases(k.aliases));
}

Statement &bindDiagnostic(Statement &st, const FileDiagnostic &d)
{
    return st.bindIdOrNull(1, d.fileId).bind(2, d.path).bind(3, d.line).bind(4, d.message);
}

} // namespace katlas
