// Kernel traces markdown (see kernel_traces_md.h).
#include "export/kernel_traces_md.h"

#include "export/kernel_listing.h"
#include "trace/backtrace.h"

#include <algorithm>
#include <sstream>

namespace katlas {
namespace {

// Real code reaches some kernels through thousands of chains: a report shows
// the first ones, with a count of the rest.
constexpr size_t kReportBacktraceNodes = 120;

std::string location(const CallIndex &index, std::int64_t siteId)
{
    const CallSite &s = index.site(siteId);
    const SourceFile *f = index.file(s.fileId);
    return (f ? f->path : std::string()) + ":" + std::to_string(s.line);
}

class ChainWriter {
public:
    ChainWriter(const CallIndex &index, const MarkdownLinks &links, std::ostringstream &out)
        : m_index(index), m_links(links), m_out(out)
    {
    }

    // Each node is a call site; its line names what is called there and links to it.
    void write(const std::vector<BacktraceNode> &nodes, const std::string &prefix)
    {
        for (size_t i = 0; i < nodes.size(); ++i) {
            const BacktraceNode &n = nodes[i];
            const bool last = i + 1 == nodes.size();
            m_out << prefix << (last ? "└─> " : "├─> ") << m_links.siteLink(m_index.site(n.siteId).callee + "()", n.siteId);
            if (!n.conditions.empty())
                m_out << " *(" << markdownText(n.conditions) << ")*";
            m_out << "  \n";
            write(n.callers, prefix + (last ? "    " : "│   "));
        }
    }

private:
    const CallIndex &m_index;
    const MarkdownLinks &m_links;
    std::ostringstream &m_out;
};

} // namespace

std::string kernelTracesMarkdown(const TraceSession &session, const TraceReport &r, const MarkdownLinks &links)
{
    const CallIndex &index = session.index();
    std::ostringstream o;
    o << reportHeader(r, "Kernel Traces");
    o << "## Summary\n\n| Kernel | Source | Category | Primary Call Site |\n|---|---|---|---|\n";
    for (const ReportKernel &k : r.kernels)
        o << "| " << markdownText(withAliases(k.name, k.aliases)) << " | " << markdownText(k.source) << " | "
          << markdownText(k.category) << " | " << links.siteLink(location(index, k.primarySite), k.primarySite)
          << " |\n";

    o << "\n## Kernel → Ops\n\n| Kernel | Ops | Op Call Sites |\n|---|---|---|\n";
    for (const ReportKernel &k : r.kernels) {
        std::string ops, sites;
        for (const std::string &op : k.ops)
            ops += (ops.empty() ? "" : ", ") + op;
        for (std::int64_t s : k.opSites)
            sites += (sites.empty() ? "" : ", ") + links.siteLink("L" + std::to_string(index.site(s).line), s);
        o << "| " << markdownText(k.name) << " | " << markdownText(ops) << " | " << sites << " |\n";
    }

    o << "\n## Detailed Call Chains\n";
    const std::unordered_set<std::int64_t> within = reachableFrom(index, {r.graph.entry});
    std::string category;
    int section = 0, item = 0;
    for (const ReportKernel &k : r.kernels) {
        if (k.category != category) {
            category = k.category;
            item = 0;
            o << "\n### " << ++section << ". " << markdownText(category) << " Kernels\n";
        }
        o << "\n#### " << section << '.' << ++item << ' ' << markdownText(withAliases(k.name, k.aliases)) << " **("
          << markdownText(k.source) << ")**\n\n";
        const Backtrace bt = buildBacktrace(index, k.id, within, {r.graph.entry}, r.effective, 24, kReportBacktraceNodes);
        for (const BacktraceNode &site : bt.sites) {
            // The link names what the line calls; a kernel reached through an
            // alias (self.fwd = torch.ops...) is named after the link.
            const std::string &callee = index.site(site.siteId).callee;
            const std::string shortName = k.name.substr(k.name.rfind('.') == std::string::npos ? 0 : k.name.rfind('.') + 1);
            const bool byAlias = std::any_of(k.aliases.begin(), k.aliases.end(), [&](const std::string &a) {
                return callee.size() >= a.size() && callee.compare(callee.size() - a.size(), a.size(), a) == 0;
            });
            if (byAlias)
                o << links.siteLink(callee + "()", site.siteId);
            else if (callee.find(shortName) != std::string::npos)
                o << links.siteLink(k.name + "()", site.siteId);
            else
                o << links.siteLink(callee + "()", site.siteId) << " = " << markdownText(k.name);
            o << " **(" << markdownText(k.source) << ")**";
            if (!site.conditions.empty())
                o << " *(" << markdownText(site.conditions) << ")*";
            o << "  \n";
            ChainWriter(index, links, o).write(site.callers, "");
            o << '\n';
        }
        if (bt.notShown)
            o << "*" << bt.notShown << " more callers not shown*\n";
    }

    o << "\n## Kernel Source Breakdown\n";
    std::map<std::string, std::vector<const ReportKernel *>> bySource;
    for (const ReportKernel &k : r.kernels)
        bySource[k.source].push_back(&k);
    for (const auto &[source, kernels] : bySource) {
        o << "\n### " << markdownText(source) << "\n\n| Kernel | Module | Definition |\n|---|---|---|\n";
        for (const ReportKernel *k : kernels) {
            const Symbol &s = index.symbol(k->id);
            const SourceFile *f = index.file(s.fileId);
            o << "| " << markdownText(k->name) << " | "
              << markdownText(f ? f->module : s.qualName.substr(0, s.qualName.rfind('.'))) << " | "
              << (f ? links.link(f->path + ":" + std::to_string(s.line), s.fileId, s.line) : std::string("—"))
              << " |\n";
        }
    }

    o << "\n## Entry Points\n\n| Model | File | Entry |\n|---|---|---|\n";
    const Symbol &entry = index.symbol(r.graph.entry);
    const SourceFile *ef = index.file(entry.fileId);
    o << "| " << markdownText(r.graph.label) << " | "
      << links.link(ef ? ef->path : std::string(), entry.fileId, entry.line) << " | " << markdownText(entry.qualName)
      << " |\n";
    return o.str();
}

} // namespace katlas
