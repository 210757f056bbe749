// Gathering a trace report (see trace_report.h).
#include "export/trace_report.h"

#include "export/kernel_listing.h"
#include "export/markdown_escape.h"
#include "trace/backtrace.h"
#include "trace/configuration.h"

#include <unordered_set>

#include <QDateTime>

#include <algorithm>
#include <deque>
#include <unordered_map>

namespace katlas {
std::string reportHeader(const TraceReport &r, const char *kind)
{
    return "# " + markdownText(r.graph.label) + " " + kind + "\n\nGenerated: " + r.generated
        + " · Index: " + (r.index.empty() ? std::string("-") : markdownText(r.index))
        + " · Filters: " + (r.filter.empty() ? std::string("none") : markdownText(r.filter.toString())) + "\n\n";
}

std::string reportDate()
{
    const QByteArray epoch = qgetenv("SOURCE_DATE_EPOCH");
    const QDateTime when = epoch.isEmpty() ? QDateTime::currentDateTimeUtc()
                                           : QDateTime::fromSecsSinceEpoch(epoch.toLongLong(), Qt::UTC);
    return when.toString(QStringLiteral("yyyy-MM-dd")).toStdString();
}

TraceReport buildTraceReport(const TraceSession &session, const std::string &model, const DimensionFilter &filter,
                             const DimensionFilter *deployed, const PathTargets *compute)
{
    const CallIndex &index = session.index();
    TraceReport r;
    r.filter = filter;
    r.effective = effectiveFilter(deployed ? *deployed : filter, session.profile(), &r.conflicts);
    r.graph = buildOpGraph(index, session.profile(), model, r.effective, compute);
    r.generated = reportDate();
    r.index = session.indexDescription();
    if (!r.graph.error.empty())
        return r;

    forEachOp(r.graph.roots, [&](const OpNode &n, int) {
        if (n.kind != OpNode::Kind::Leaf)
            return;
        auto it = std::find_if(r.leafOps.begin(), r.leafOps.end(), [&](const LeafOp &l) { return l.name == n.name; });
        if (it == r.leafOps.end()) {
            r.leafOps.push_back({n.name, {}, {}, {}, false});
            it = r.leafOps.end() - 1;
        }
        for (std::int64_t s : n.callSites)
            if (std::find(it->callSites.begin(), it->callSites.end(), s) == it->callSites.end())
                it->callSites.push_back(s);
    });
    for (const NonModelOp &op : r.graph.nonModel)
        r.nonModelOps.push_back({op.name, op.callSites, {}, {}, false});

    std::map<std::int64_t, ReportKernel> kernels;
    const auto depth = callDepthsFrom(index, {r.graph.entry});
    auto collect = [&](LeafOp &op, bool model) {
        op.paths = findPaths(index, op.callSites, r.effective, {}, &r.graph.siteContext);
        for (const KernelPath &p : op.paths.paths) {
            op.kernels.insert(p.kernelId);
            if (p.frames.size() == 1)
                op.direct = true;
            if (!model)
                continue;
            ReportKernel &k = kernels[p.kernelId];
            k.id = p.kernelId;
            if (std::find(k.ops.begin(), k.ops.end(), op.name) == k.ops.end())
                k.ops.push_back(op.name);
            const std::int64_t opSite = p.frames.front().siteId;
            if (std::find(k.opSites.begin(), k.opSites.end(), opSite) == k.opSites.end())
                k.opSites.push_back(opSite);
            const std::int64_t kernelSite = p.frames.back().siteId;
            auto d = [&](std::int64_t site) {
                const auto it = depth.find(index.site(site).callerId);
                return it == depth.end() ? 1 << 20 : it->second;
            };
            if (!k.primarySite || d(kernelSite) < d(k.primarySite)
                || (d(kernelSite) == d(k.primarySite) && kernelSite < k.primarySite))
                k.primarySite = kernelSite;
        }
    };
    for (LeafOp &op : r.leafOps)
        collect(op, true);
    for (LeafOp &op : r.nonModelOps)
        collect(op, false);
    for (auto &[id, k] : kernels) {
        const Kernel *kr = index.kernel(id);
        k.name = kernelName(index, id);
        k.source = kr ? kr->source : std::string();
        k.category = kr ? kr->category : std::string();
        if (kr)
            k.aliases = kernelAliasNames(*kr);
        std::sort(k.opSites.begin(), k.opSites.end(), [&](std::int64_t a, std::int64_t b) {
            return std::make_pair(index.site(a).fileId, index.site(a).line) < std::make_pair(index.site(b).fileId, index.site(b).line);
        });
        r.kernels.push_back(std::move(k));
    }
    std::sort(r.kernels.begin(), r.kernels.end(), [](const ReportKernel &a, const ReportKernel &b) {
        return std::tie(a.category, a.name, a.id) < std::tie(b.category, b.name, b.id);
    });
    // Cross-check: kernels the entry reaches that no op's paths explain.
    // Paths end at the first kernel, so the walk does not go through kernels.
    std::set<std::string> missing;
    for (const auto &[symbol, d] : callDepthsFrom(index, {r.graph.entry}, true))
        if (index.kernel(symbol) && !kernels.count(symbol))
            missing.insert(kernelName(index, symbol));
    r.modelKernelsWithoutOp.assign(missing.begin(), missing.end());
    return r;
}

} // namespace katlas
