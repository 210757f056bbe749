// The kernel traces report (formats.md §1): bottom-up, like a debugger
// backtrace, from each kernel to the model's entry.
#pragma once

#include "export/markdown_links.h"
#include "export/trace_report.h"

namespace katlas {

std::string kernelTracesMarkdown(const TraceSession &session, const TraceReport &report, const MarkdownLinks &links);

} // namespace katlas
