// The op traces report (formats.md §2): the execution graph top-down with
// every leaf op's call sites, the op summary, op × configuration tables,
// non-model ops and the cross-check.
#pragma once

#include "export/markdown_links.h"
#include "export/trace_report.h"

namespace katlas {

std::string opTracesMarkdown(const TraceSession &session, const TraceReport &report, const MarkdownLinks &links);

} // namespace katlas
