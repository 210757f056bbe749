// The INSERT statements of the graph's rows and how a row binds to them,
// shared by the writer of a whole index and the patcher of an incremental one.
#pragma once

#include "graph/call_graph.h"
#include "store/sqlite_statement.h"

namespace katlas {

extern const char *const kInsertSymbol;
// A symbol's names into the full-text index (kept by hand: it indexes
// the symbol table's content).
extern const char *const kInsertSymbolText;
extern const char *const kInsertCallSite;
extern const char *const kInsertEdge;
extern const char *const kInsertKernel;
extern const char *const kInsertDiagnostic;

Statement &bindSymbol(Statement &st, const Symbol &s);
Statement &bindSymbolText(Statement &st, const Symbol &s);
Statement &bindCallSite(Statement &st, const CallSite &s);
Statement &bindEdge(Statement &st, const Edge &e);
Statement &bindKernel(Statement &st, const Kernel &k);
// A kernel's aliases in its row: names separated by U+001E.
std::string joinKernelAliases(const std::vector<std::string> &aliases);
std::vector<std::string> splitKernelAliases(std::string_view text);
Statement &bindDiagnostic(Statement &st, const FileDiagnostic &d);

} // namespace katlas
