// The op traces report (formats.md §2): the execution graph top-down with
// every leaf op's call sites, the op summary, op × configuration tables,
// shapes and definitions, non-model ops and the cross-check.
#pragma once

#include "export/markdown_links.h"
#include "export/trace_report.h"
#include "shapes/model_definitions.h"

namespace katlas {

// `definitions`: the kernels' shapes and definitions under a model config
// (`setup` names it); null: the report says how to add one.
std::string opTracesMarkdown(const TraceSession &session, const TraceReport &report, const MarkdownLinks &links,
                             const ModelDefinitions *definitions = nullptr, const std::string &setup = {});

} // namespace katlas
