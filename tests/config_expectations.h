// Hand-traced expectations of a full configuration (tests/data/real_configs,
// see its README) scored against what the index lists: for every leaf op of
// the model's graph under the configuration, the kernels listed against those
// a reader of the code found. Kernels outside the index's sources (torch
// matmuls, NCCL) are what a reader lists for completeness; they are not
// counted.
#pragma once

#include "graph/condition_text.h"
#include "trace/config_matrix.h"
#include "trace/configuration.h"
#include "trace/default_checkpoint.h"
#include "trace/op_graph.h"
#include "trace/path_finder.h"
#include "trace/trace_session.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <functional>
#include <map>
#include <set>
#include <string>

namespace katlas::test {

struct ConfigurationScore {
    std::string filter;
    int listedRight = 0, listedWrong = 0, missed = 0;
    std::vector<std::string> details; // one line per op that differs
    std::vector<std::string> table;   // one markdown row per op judged: right, listed not run, missed (counts), then the right and the not-run kernels
    double precision() const { return listedRight + listedWrong ? double(listedRight) / (listedRight + listedWrong) : 1.0; }
    double recall() const { return listedRight + missed ? double(listedRight) / (listedRight + missed) : 1.0; }
};


inline ConfigurationScore scoreConfiguration(const TraceSession &session, const QString &expectationFile, const std::string &model)
{
    ConfigurationScore score;
    QFile f(expectationFile);
    if (!f.open(QIODevice::ReadOnly))
        return score;
    const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
    score.filter = doc.value(QStringLiteral("filter")).toString().toStdString();
    std::vector<std::string> notRun;
    for (const QJsonValue &b : doc.value(QStringLiteral("branches_not_run")).toArray())
        notRun.push_back(b.toObject().value(QStringLiteral("op_prefix")).toString().toStdString());
    std::map<std::string, std::set<std::string>> expected;
    for (const QJsonValue &v : doc.value(QStringLiteral("ops")).toArray()) {
        const QJsonObject op = v.toObject();
        std::set<std::string> &kernels = expected[op.value(QStringLiteral("op")).toString().toStdString()];
        if (!op.value(QStringLiteral("runs")).toBool())
            continue;
        for (const QJsonValue &k : op.value(QStringLiteral("kernels")).toArray()) {
            const std::string name = k.toObject().value(QStringLiteral("kernel")).toString().toStdString();
            const std::string source = name.substr(0, name.find(':'));
            if (source != "torch" && source != "nccl" && source != "torch.compile")
                kernels.insert(name);
        }
    }
    std::string error;
    const DimensionFilter named = *DimensionFilter::parse(score.filter, &error);
    // The checkpoint deployed: the model's default when it is that one (what
    // `katlas ops --filter` deploys), else its model settings named.
    const std::string checkpoint = doc.value(QStringLiteral("checkpoint")).toString().toStdString();
    CheckpointChoice deployed = withDefaultCheckpoint(named, session.profile(), model);
    if (deployed.checkpoint != checkpoint)
        deployed.filter = withCheckpoint(named, session.profile(), checkpoint);
    const DimensionFilter filter = effectiveFilter(deployed.filter, session.profile());
    const OpGraph graph = buildOpGraph(session.index(), session.profile(), model, filter);
    std::set<std::string> seen;
    auto judge = [&](const std::string &id, const std::set<std::string> &listed) {
        std::set<std::string> want;
        if (const auto it = expected.find(id); it != expected.end())
            want = it->second;
        else if (std::none_of(notRun.begin(), notRun.end(), [&](const std::string &p) { return id.rfind(p, 0) == 0; }))
            return; // an op the reader did not cover
        seen.insert(id);
        std::set<std::string> right, wrong, missed;
        for (const std::string &k : listed)
            (want.count(k) ? right : wrong).insert(k);
        for (const std::string &k : want)
            if (!listed.count(k))
                missed.insert(k);
        score.table.push_back("| `" + id + "` | " + std::to_string(right.size()) + " | " + std::to_string(wrong.size()) + " | "
                              + std::to_string(missed.size()) + " | " + valuesText(right, ", ") + " | " + valuesText(wrong, ", ") + " |");
        score.listedRight += static_cast<int>(right.size());
        score.listedWrong += static_cast<int>(wrong.size());
        score.missed += static_cast<int>(missed.size());
        if (!wrong.empty() || !missed.empty())
            score.details.push_back(id + "\n    listed, not run: " + valuesText(wrong, " ") + "\n    run, not listed: " + valuesText(missed, " "));
    };
    // A leaf is judged on its kernels; a container the reader judged as one
    // op (it was a leaf when traced) on all its leaves' kernels.
    std::function<std::set<std::string>(const OpNode &)> visit = [&](const OpNode &node) {
        std::set<std::string> listed;
        if (node.kind == OpNode::Kind::Leaf) {
            const SiteContexts contexts = contextsOf({&node});
            for (const KernelPath &p : findPaths(session.index(), node.callSites, filter, {}, &contexts).paths)
                listed.insert(session.index().kernel(p.kernelId)->source + ":" + kernelName(session.index(), p.kernelId));
            judge(node.id, listed);
            return listed;
        }
        const bool asOne = expected.count(node.id) > 0;
        for (const OpNode &child : node.children) {
            if (asOne) {
                const SiteContexts contexts = contextsOf({&child});
                for (const KernelPath &p : findPaths(session.index(), child.callSites, filter, {}, &contexts).paths)
                    listed.insert(session.index().kernel(p.kernelId)->source + ":" + kernelName(session.index(), p.kernelId));
            } else {
                visit(child);
            }
        }
        if (asOne)
            judge(node.id, listed);
        return listed;
    };
    for (const OpNode &root : graph.roots)
        visit(root);
    for (const auto &[id, kernels] : expected)
        if (!seen.count(id) && !kernels.empty()) {
            score.missed += static_cast<int>(kernels.size());
            score.details.push_back(id + " (op not in the graph)\n    run, not listed: " + valuesText(kernels, " "));
        }
    return score;
}

} // namespace katlas::test
