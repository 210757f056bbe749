// JSON forms of traces (see trace_json.h).
#include "export/trace_json.h"

#include "graph/runtime_condition.h"

namespace katlas {
namespace {

QJsonObject siteJson(const CallIndex &index, std::int64_t siteId, bool withFunction)
{
    const CallSite &s = index.site(siteId);
    const SourceFile *f = index.file(s.fileId);
    QJsonObject o{{QStringLiteral("repo"), QString::fromStdString(index.repoOfFile(s.fileId))},
                  {QStringLiteral("file"), QString::fromStdString(f ? f->path : std::string())},
                  {QStringLiteral("line"), s.line}};
    if (withFunction) {
        o.insert(QStringLiteral("function"), QString::fromStdString(index.nameInFile(s.callerId)));
        o.insert(QStringLiteral("callee"), QString::fromStdString(s.callee));
    }
    return o;
}

QJsonObject valuesJson(const std::map<std::string, std::vector<std::string>> &m)
{
    QJsonObject o;
    for (const auto &[dim, values] : m) {
        QJsonArray arr;
        for (const std::string &v : values)
            arr.append(QString::fromStdString(v));
        o.insert(QString::fromStdString(dim), arr);
    }
    return o;
}

} // namespace

QJsonObject pathJson(const CallIndex &index, const KernelPath &p)
{
    const Kernel *k = index.kernel(p.kernelId);
    // `runtime`: what only the running batch decides; with any, the kernel
    // may run (runs only where they hold).
    QJsonArray chain, other, runtime;
    for (const PathFrame &f : p.frames)
        chain.append(siteJson(index, f.siteId, true));
    for (const std::string &t : p.conditions.otherConditions()) {
        other.append(QString::fromStdString(t));
        if (isRuntimeCondition(t))
            runtime.append(QString::fromStdString(t));
    }
    return {{QStringLiteral("kernel"), QString::fromStdString(kernelName(index, p.kernelId))},
            {QStringLiteral("source"), QString::fromStdString(k ? k->source : std::string())},
            {QStringLiteral("category"), QString::fromStdString(k ? k->category : std::string())},
            {QStringLiteral("conditions"), valuesJson(p.conditions.required())},
            {QStringLiteral("excluded"), valuesJson(p.conditions.excluded())},
            {QStringLiteral("other_conditions"), other},
            {QStringLiteral("runtime_conditions"), runtime},
            {QStringLiteral("may_run"), !runtime.isEmpty()},
            {QStringLiteral("chain"), chain}};
}

QJsonArray pathsJson(const CallIndex &index, const OpPaths &paths)
{
    QJsonArray arr;
    for (const KernelPath &p : paths.paths)
        arr.append(pathJson(index, p));
    return arr;
}

QJsonObject opsJson(const TraceSession &session, const TraceReport &report)
{
    const CallIndex &index = session.index();
    QJsonArray ops;
    forEachOp(report.graph.roots, [&](const OpNode &n, int depth) {
        QJsonArray sites;
        for (std::int64_t s : n.callSites)
            sites.append(siteJson(index, s, false));
        QJsonObject o{{QStringLiteral("op"), QString::fromStdString(n.name)},
                      {QStringLiteral("id"), QString::fromStdString(n.id)},
                      {QStringLiteral("depth"), depth},
                      {QStringLiteral("container"), n.kind == OpNode::Kind::Container},
                      {QStringLiteral("call_sites"), sites}};
        if (!n.label.empty())
            o.insert(QStringLiteral("label"), QString::fromStdString(n.label));
        // Each op its own paths: `self.down_proj` of the shared experts is
        // not that of a dense layer's MLP (they differ in what they were
        // built with).
        if (n.kind == OpNode::Kind::Leaf) {
            const SiteContexts contexts = contextsOf({&n});
            o.insert(QStringLiteral("paths"), pathsJson(index, findPaths(index, n.callSites, report.effective, {}, &contexts)));
        }
        ops.append(o);
    });
    QJsonArray nonModel;
    for (const LeafOp &l : report.nonModelOps)
        nonModel.append(QJsonObject{{QStringLiteral("op"), QString::fromStdString(l.name)},
                                    {QStringLiteral("paths"), pathsJson(index, l.paths)}});
    return {{QStringLiteral("model"), QString::fromStdString(report.graph.model)},
            {QStringLiteral("filter"), QString::fromStdString(report.filter.toString())},
            {QStringLiteral("ops"), ops},
            {QStringLiteral("non_model_ops"), nonModel}};
}

} // namespace katlas
