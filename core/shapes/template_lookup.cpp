// See template_lookup.h.
#include "shapes/template_lookup.h"

#include "shapes/indexed_source.h"
#include "trace/op_graph.h"

#include <algorithm>

namespace katlas {

TemplateLookup::TemplateLookup(const CallIndex &index, std::vector<std::string> templateModules)
    : m_index(index), m_templateModules(std::move(templateModules))
{
}

void TemplateLookup::readTemplates()
{
    m_read = true;
    if (m_templateModules.empty())
        return;
    for (const SourceFile &f : m_index.graph().files) {
        if (!moduleMatches(m_templateModules, f.module))
            continue;
        if (const std::optional<std::string> source = readIndexedSource(m_index, f.id)) {
            TemplateModule module = readTemplateModule(*source);
            for (TraceTemplate &t : module.templates)
                m_templates.emplace(t.variable, std::move(t)); // the first of a name
            for (auto &[function, variables] : module.dispatches)
                m_dispatches.emplace(function, std::move(variables));
        }
    }
}

std::string TemplateLookup::traceOf(std::int64_t symbolId)
{
    if (!m_read)
        readTemplates();
    const Symbol &s = m_index.symbol(symbolId);
    if (m_templates.empty() || !s.fileId)
        return {};
    auto traces = m_traces.find(s.fileId);
    if (traces == m_traces.end())
        traces = m_traces.emplace(s.fileId, tracesOfFunctions(readIndexedSource(m_index, s.fileId).value_or(std::string()))).first;
    const auto variable = traces->second.find(s.line);
    return variable == traces->second.end() ? std::string() : variable->second;
}

const TraceTemplate *TemplateLookup::forKernel(std::int64_t symbolId)
{
    if (const auto it = m_byKernel.find(symbolId); it != m_byKernel.end())
        return it->second;
    const TraceTemplate *found = nullptr;
    if (const auto t = m_templates.find(traceOf(symbolId)); t != m_templates.end())
        found = &t->second;
    m_byKernel.emplace(symbolId, found);
    return found;
}

bool TemplateLookup::dispatchesTo(std::int64_t symbolId, const std::string &variable)
{
    const auto d = m_dispatches.find(traceOf(symbolId));
    return d != m_dispatches.end() && std::find(d->second.begin(), d->second.end(), variable) != d->second.end();
}

const TraceTemplate *TemplateLookup::named(const std::string &variable)
{
    if (!m_read)
        readTemplates();
    const auto it = m_templates.find(variable);
    return it == m_templates.end() ? nullptr : &it->second;
}

} // namespace katlas
