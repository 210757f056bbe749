// Which flashinfer trace template describes a kernel: the `trace=` of the
// `@flashinfer_api` decorator on the kernel's API function, looked up among
// the templates of the profile's template modules (`definitions.templates`).
// Files are read once, when first needed.
#pragma once

#include "shapes/trace_template.h"
#include "trace/call_index.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace katlas {

class TemplateLookup {
public:
    // `templateModules`: globs of the modules whose `x = TraceTemplate(...)`
    // count ("flashinfer.trace.templates.*").
    TemplateLookup(const CallIndex &index, std::vector<std::string> templateModules);

    // nullptr when the kernel's function names no template the lookup finds.
    const TraceTemplate *forKernel(std::int64_t symbolId);
    // The template bound to `variable`; nullptr when none is.
    const TraceTemplate *named(const std::string &variable);
    // Is `variable` one of the templates the kernel's `trace=` dispatch may
    // pick at run time (`trace=trtllm_fp8_block_scale_moe_trace_dispatch`)?
    bool dispatchesTo(std::int64_t symbolId, const std::string &variable);

private:
    const CallIndex &m_index;
    std::vector<std::string> m_templateModules;
    bool m_read = false;
    std::map<std::string, TraceTemplate> m_templates; // by variable
    std::map<std::string, std::vector<std::string>> m_dispatches; // dispatch function -> template variables
    std::map<std::int64_t, std::map<int, std::string>> m_traces; // per kernel file read: line -> template variable
    std::map<std::int64_t, const TraceTemplate *> m_byKernel;

    // The `trace=` name of the kernel's function; empty when it has none.
    std::string traceOf(std::int64_t symbolId);

    void readTemplates();
};

} // namespace katlas
