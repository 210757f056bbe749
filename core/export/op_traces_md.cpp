// Op traces markdown (see op_traces_md.h).
#include "export/op_traces_md.h"

#include "export/shapes_section_md.h"

#include <sstream>

namespace katlas {
namespace {

std::string kernelList(const CallIndex &index, const std::set<std::int64_t> &ids)
{
    std::set<std::string> names;
    for (std::int64_t id : ids)
        names.insert(kernelName(index, id));
    std::string out;
    for (const std::string &n : names)
        out += (out.empty() ? "" : ", ") + n;
    return out;
}

class TreeWriter {
public:
    TreeWriter(const CallIndex &index, const MarkdownLinks &links, std::ostringstream &out)
        : m_index(index), m_links(links), m_out(out)
    {
    }

    void write(const std::vector<OpNode> &nodes, const std::string &prefix, bool root)
    {
        for (size_t i = 0; i < nodes.size(); ++i) {
            const OpNode &n = nodes[i];
            const bool last = i + 1 == nodes.size();
            m_out << prefix << (root ? "" : last ? "└─> " : "├─> ") << markdownText(n.name) << "()";
            if (!n.label.empty())
                m_out << " **(" << markdownText(n.label) << ")**";
            m_out << '\n';
            const std::string childPrefix = root ? prefix : prefix + (last ? "    " : "│   ");
            if (n.kind == OpNode::Kind::Leaf) {
                for (std::int64_t s : n.callSites)
                    m_out << childPrefix << "- " << m_links.siteLink("L" + std::to_string(m_index.site(s).line), s) << '\n';
            } else {
                write(n.children, childPrefix, false);
            }
        }
    }

private:
    const CallIndex &m_index;
    const MarkdownLinks &m_links;
    std::ostringstream &m_out;
};

void configTable(std::ostringstream &o, const ConfigMatrix &m)
{
    o << "| " << markdownText(m.rowDimension) << " \\ "
      << (m.columnDimension.empty() ? "any" : markdownText(m.columnDimension)) << " |";
    for (const std::string &c : m.columns)
        o << ' ' << markdownText(c) << " |";
    o << "\n|---|";
    for (size_t c = 0; c < m.columns.size(); ++c)
        o << "---|";
    o << '\n';
    for (size_t r = 0; r < m.rows.size(); ++r) {
        o << "| " << markdownText(m.rows[r]) << " |";
        for (size_t c = 0; c < m.columns.size(); ++c) {
            std::string cell;
            for (const std::string &k : m.cells[r][c])
                cell += (cell.empty() ? "" : ", ") + k;
            o << ' ' << (cell.empty() ? "no path" : markdownText(cell)) << " |";
        }
        o << '\n';
    }
    o << '\n';
}

} // namespace

std::string opTracesMarkdown(const TraceSession &session, const TraceReport &r, const MarkdownLinks &links,
                             const ModelDefinitions *definitions, const std::string &setup)
{
    const CallIndex &index = session.index();
    std::ostringstream doc;
    doc << reportHeader(r, "Op Traces") << "## Execution Graph\n\n";
    // The tree holds links, so it is markdown lines with hard breaks, not a code block.
    std::ostringstream tree;
    TreeWriter(index, links, tree).write(r.graph.roots, "", true);
    std::istringstream lines(tree.str());
    for (std::string line; std::getline(lines, line);)
        doc << line << "  \n"; // two spaces: a markdown line break
    doc << "\n## Direct Model Kernels\n\n| Kernel | Call Sites |\n|---|---|\n";
    for (const LeafOp &op : r.leafOps) {
        if (!op.direct)
            continue;
        std::string sites;
        for (std::int64_t s : op.callSites)
            sites += (sites.empty() ? "" : ", ") + links.siteLink("L" + std::to_string(index.site(s).line), s);
        doc << "| " << markdownText(op.name) << " | " << sites << " |\n";
    }
    doc << "\n## Op Summary\n\n| Op | Kernel Count | Kernels |\n|---|---|---|\n";
    for (const LeafOp &op : r.leafOps)
        doc << "| " << markdownText(op.name) << " | " << op.kernels.size() << " | "
            << markdownText(kernelList(index, op.kernels)) << " |\n";
    doc << "\n## Op × Configuration\n\n";
    for (const LeafOp &op : r.leafOps) {
        if (op.kernels.size() < 2)
            continue;
        doc << "### " << markdownText(op.name) << "\n\n";
        configTable(doc, buildConfigMatrix(index, op.paths, session.profile(), r.effective));
    }
    doc << shapesSectionMarkdown(definitions, setup);
    doc << "## Non-Model Ops\n\n| Op | Kernel Count | Kernels |\n|---|---|---|\n";
    for (const LeafOp &op : r.nonModelOps)
        doc << "| " << markdownText(op.name) << " | " << op.kernels.size() << " | "
            << markdownText(kernelList(index, op.kernels)) << " |\n";
    doc << "\n## Cross-Check\n\n";
    if (r.modelKernelsWithoutOp.empty())
        doc << "Every kernel reached from the entry appears under an op.\n";
    else
        for (const std::string &k : r.modelKernelsWithoutOp)
            doc << "- kernel without op: " << markdownText(k) << '\n';
    bool noKernelOps = false;
    for (const std::string &op : r.graph.opsWithoutKernel) {
        doc << (noKernelOps ? "" : "\nOps that reach no kernel:\n\n") << "- " << markdownText(op) << '\n';
        noKernelOps = true;
    }
    return doc.str();
}

} // namespace katlas
