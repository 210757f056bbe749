// `katlas ops`, `trace`, `matrix`, `export` and `verify`: questions to the
// trace engine and the reports it writes.
#include "cli_context.h"

#include <QCoreApplication>
#include "commands.h"

#include "export/kernel_listing.h"
#include "export/kernel_traces_md.h"
#include "export/link_verifier.h"
#include "export/op_traces_md.h"
#include "shapes/definition_request.h"
#include "export/op_graph_drawing.h"
#include "export/trace_json.h"
#include "graph/allocation_condition.h"
#include "graph/graph_queries.h"
#include "trace/backtrace.h"
#include "trace/configuration.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLocale>

namespace katlas::cli {
namespace {

std::unique_ptr<TraceSession> openSession(const Args &args)
{
    const QString path = args.has(QStringLiteral("--db")) ? args.value(QStringLiteral("--db")) : demoDatabase();
    QString error;
    auto session = TraceSession::open(path, &error);
    if (!session)
        throw CommandFailed{error};
    return session;
}

TraceReport reportFrom(const TraceSession &session, const Args &args, const DimensionFilter &filter)
{
    TraceReport r = buildTraceReport(session, args.value(QStringLiteral("--model")).toStdString(), filter);
    if (!r.graph.error.empty())
        throw UsageError{QString::fromStdString(r.graph.error)};
    if (!filter.empty())
        warnConflicts(r.conflicts);
    return r;
}

QString didYouMean(const std::vector<std::string> &names, const std::string &wanted)
{
    QStringList near;
    for (const std::string &n : closestNames(names, wanted, 5))
        near << QString::fromStdString(n);
    return near.join(QStringLiteral(", "));
}

QString emptyReason(const OpPaths &p)
{
    switch (p.reason) {
    case OpPaths::Empty::FilteredOut:
        if (isAllocationDimension(p.filteredDimension))
            return QCoreApplication::translate("Cli", "no path: under the filter, none runs with what the op's object was built with");
        return QCoreApplication::translate("Cli", "no path: the filter excludes every path (on %1)").arg(QString::fromStdString(p.filteredDimension));
    case OpPaths::Empty::NoKernel:
        return QCoreApplication::translate("Cli", "no path: this op reaches no kernel");
    default:
        return {};
    }
}

void printTree(const CallIndex &index, const std::vector<OpNode> &nodes, const QString &prefix, bool root)
{
    for (size_t i = 0; i < nodes.size(); ++i) {
        const OpNode &n = nodes[i];
        const bool last = i + 1 == nodes.size();
        out() << prefix << (root ? "" : last ? "└─> " : "├─> ") << QString::fromStdString(n.name) << "()";
        if (!n.label.empty())
            out() << " (" << QString::fromStdString(n.label) << ")";
        if (n.kind == OpNode::Kind::Leaf) {
            QStringList lines;
            for (std::int64_t s : n.callSites)
                lines << QString::number(index.site(s).line);
            out() << "  L" << lines.join(QStringLiteral(", L"));
        }
        out() << '\n';
        printTree(index, n.children, root ? prefix : prefix + (last ? "    " : "│   "), false);
    }
}

} // namespace

int runOpsCommand(const Args &args)
{
    const auto session = openSession(args);
    std::string checkpoint;
    const DimensionFilter filter = filterFrom(args, session->profile(), &checkpoint);
    const TraceReport r = reportFrom(*session, args, filter);
    if (args.has(QStringLiteral("--json"))) {
        QJsonObject json = opsJson(*session, r);
        if (!checkpoint.empty())
            json.insert(QStringLiteral("checkpoint"), QString::fromStdString(checkpoint));
        out() << QJsonDocument(json).toJson(QJsonDocument::Indented);
        return 0;
    }
    out() << QString::fromStdString(r.graph.label) << '\n';
    if (!checkpoint.empty())
        out() << QCoreApplication::translate("Cli", "Checkpoint: %1 (--checkpoint none assumes none)").arg(QString::fromStdString(checkpoint))
              << '\n';
    printTree(session->index(), r.graph.roots, {}, true);
    if (r.graph.roots.empty())
        out() << QCoreApplication::translate("Cli", "(no op: the filter or the index leaves the model's forward empty)") << '\n';
    return 0;
}

int runTraceCommand(const Args &args)
{
    const auto session = openSession(args);
    const CallIndex &index = session->index();
    const DimensionFilter filter = filterFrom(args, session->profile());
    const bool json = args.has(QStringLiteral("--json"));
    if (args.has(QStringLiteral("--op"))) {
        const TraceReport r = reportFrom(*session, args, DimensionFilter{});
        const std::string op = args.value(QStringLiteral("--op")).toStdString();
        const std::vector<std::int64_t> sites = TraceSession::opCallSites(r.graph, op);
        if (sites.empty())
            throw CommandFailed{QCoreApplication::translate("Cli", "no leaf op named '%1'; did you mean: %2")
                                    .arg(QString::fromStdString(op), didYouMean(TraceSession::opNames(r.graph), op))};
        const SiteContexts contexts = TraceSession::opContexts(r.graph, op);
        const OpPaths paths = findPaths(index, sites, effectiveFrom(filter, session->profile()), {}, &contexts);
        if (json) {
            out() << QJsonDocument(QJsonObject{{QStringLiteral("op"), QString::fromStdString(op)},
                                               {QStringLiteral("paths"), pathsJson(index, paths)},
                                               {QStringLiteral("not_shown"), static_cast<qint64>(paths.notShown)},
                                               {QStringLiteral("not_shown_is_lower_bound"), paths.notShownCapped}})
                         .toJson(QJsonDocument::Indented);
            return 0;
        }
        for (const KernelPath &p : paths.paths) {
            out() << QString::fromStdString(kernelName(index, p.kernelId)) << "  ["
                  << QString::fromStdString(index.kernel(p.kernelId)->source) << "]  "
                  << QString::fromStdString(p.conditions.toString()) << '\n';
            for (const PathFrame &f : p.frames) {
                const CallSite &s = index.site(f.siteId);
                out() << "    " << QString::fromStdString(filePath(index.graph(), s.fileId)) << ':' << s.line << "  "
                      << QString::fromStdString(index.nameInFile(s.callerId)) << " -> "
                      << QString::fromStdString(s.callee) << '\n';
            }
        }
        if (paths.paths.empty())
            out() << emptyReason(paths) << '\n';
        if (paths.notShownCapped)
            out() << QCoreApplication::translate("Cli", "more than %1 further paths not shown").arg(paths.notShown) << '\n';
        else if (paths.notShown)
            out() << QCoreApplication::translate("Cli", "%1 more paths not shown").arg(paths.notShown) << '\n';
        return 0;
    }
    if (!args.has(QStringLiteral("--kernel")))
        throw UsageError{QCoreApplication::translate("Cli", "trace needs --op OP or --kernel KERNEL")};
    const std::string kernel = args.value(QStringLiteral("--kernel")).toStdString();
    std::vector<std::int64_t> ids;
    std::vector<std::string> names;
    for (const Kernel &k : index.graph().kernels) {
        const std::string name = kernelName(index, k.symbolId);
        names.push_back(name);
        for (const std::string &a : kernelAliasNames(k))
            names.push_back(a);
        if (name == kernel || index.symbol(k.symbolId).qualName == kernel || namesKernelAlias(k, kernel))
            ids.push_back(k.symbolId);
    }
    if (ids.empty())
        throw CommandFailed{QCoreApplication::translate("Cli", "no kernel named '%1'; did you mean: %2").arg(QString::fromStdString(kernel), didYouMean(names, kernel))};
    const TraceReport r = reportFrom(*session, args, filter);
    const auto within = reachableFrom(index, {r.graph.entry});
    for (std::int64_t id : ids) {
        const Backtrace bt = buildBacktrace(index, id, within, {r.graph.entry}, r.effective);
        out() << QString::fromStdString(index.symbol(id).qualName) << '\n';
        std::function<void(const std::vector<BacktraceNode> &, const QString &)> print =
            [&](const std::vector<BacktraceNode> &nodes, const QString &prefix) {
                for (size_t i = 0; i < nodes.size(); ++i) {
                    const CallSite &s = index.site(nodes[i].siteId);
                    const bool last = i + 1 == nodes.size();
                    out() << prefix << (last ? "└─> " : "├─> ") << QString::fromStdString(s.callee) << "()  "
                          << QString::fromStdString(filePath(index.graph(), s.fileId)) << ':' << s.line;
                    if (!nodes[i].conditions.empty())
                        out() << "  (" << QString::fromStdString(nodes[i].conditions) << ')';
                    out() << '\n';
                    print(nodes[i].callers, prefix + (last ? "    " : "│   "));
                }
            };
        print(bt.sites, {});
        if (bt.sites.empty())
            out() << QCoreApplication::translate("Cli", "not reached from the model's entry under this filter") << '\n';
    }
    return 0;
}

int runMatrixCommand(const Args &args)
{
    const auto session = openSession(args);
    const TraceReport r = reportFrom(*session, args, DimensionFilter{});
    const std::string op = args.value(QStringLiteral("--op")).toStdString();
    if (op.empty())
        throw UsageError{QCoreApplication::translate("Cli", "matrix needs --op OP")};
    const std::vector<std::int64_t> sites = TraceSession::opCallSites(r.graph, op);
    if (sites.empty())
        throw CommandFailed{QCoreApplication::translate("Cli", "no leaf op named '%1'; did you mean: %2")
                                .arg(QString::fromStdString(op), didYouMean(TraceSession::opNames(r.graph), op))};
    const DimensionFilter effective = effectiveFrom(filterFrom(args, session->profile()), session->profile());
    const SiteContexts contexts = TraceSession::opContexts(r.graph, op);
    const OpPaths paths = findPaths(session->index(), sites, effective, {}, &contexts);
    const ConfigMatrix m = buildConfigMatrix(session->index(), paths, session->profile(), effective);
    out() << QString::fromStdString(m.rowDimension.empty() ? "-" : m.rowDimension).leftJustified(20);
    for (const std::string &c : m.columns)
        out() << " | " << QString::fromStdString(c).leftJustified(24);
    out() << '\n';
    for (size_t row = 0; row < m.rows.size(); ++row) {
        out() << QString::fromStdString(m.rows[row]).leftJustified(20);
        for (size_t c = 0; c < m.columns.size(); ++c) {
            QStringList cell;
            for (const std::string &k : m.cells[row][c])
                cell << QString::fromStdString(k);
            out() << " | " << (cell.isEmpty() ? QCoreApplication::translate("Cli", "no path") : cell.join(QStringLiteral(", "))).leftJustified(24);
        }
        out() << '\n';
    }
    return 0;
}

int runExportCommand(const Args &args)
{
    const QString format = args.value(QStringLiteral("--format"));
    const auto session = openSession(args);
    // The op traces report reads --hf-config for shapes too: the model
    // settings it gives apply where the profile reads any.
    Args filterArgs = args;
    DimensionFilter filter;
    if (format == QLatin1String("op-traces-md") && args.has(QStringLiteral("--hf-config"))) {
        filterArgs.options.remove(QStringLiteral("--hf-config"));
        filterArgs.options[QStringLiteral("--checkpoint")] = {QStringLiteral("none")}; // the config.json is the checkpoint
        filter = filterFrom(filterArgs, session->profile());
        filter = filterWithModelConfig(filter, readHfConfig(args.value(QStringLiteral("--hf-config"))), session->profile()).value_or(filter);
    } else {
        filter = filterFrom(args, session->profile());
    }
    const TraceReport r = reportFrom(*session, args, filter);
    const QString output = args.value(QStringLiteral("-o"), args.value(QStringLiteral("--output")));
    const QString outDir = output.isEmpty() || output == QLatin1String("-") ? QDir::currentPath()
                                                                            : QFileInfo(output).absolutePath();
    const MarkdownLinks links(session->index(), outDir, args.value(QStringLiteral("--link-base")));
    if (format == QLatin1String("kernel-traces-md"))
        writeOutput(args, QByteArray::fromStdString(kernelTracesMarkdown(*session, r, links)));
    else if (format == QLatin1String("op-traces-md")) {
        // With a checkpoint's config.json, each kernel's shapes and definition.
        std::optional<ModelDefinitions> definitions;
        std::string setup;
        if (args.has(QStringLiteral("--hf-config"))) {
            const QString configPath = args.value(QStringLiteral("--hf-config"));
            DefinitionRequest request{readHfConfig(configPath), configPath, deploymentFrom(args),
                                      args.value(QStringLiteral("--model")).toStdString(), r.filter};
            std::string problem;
            definitions = definitionsFor(*session, request, &problem);
            if (!definitions)
                throw UsageError{QString::fromStdString(problem)};
            setup = checkpointText(request.config, configPath) + ", " + deploymentText(definitions->deployment);
        }
        writeOutput(args, QByteArray::fromStdString(opTracesMarkdown(*session, r, links, definitions ? &*definitions : nullptr, setup)));
    }
    else if (format == QLatin1String("json"))
        writeOutput(args, QJsonDocument(opsJson(*session, r)).toJson(QJsonDocument::Indented));
    else if (format == QLatin1String("dot"))
        writeOutput(args, toDot(opGraphLayoutInput(session->index(), r.graph)));
    else if (format == QLatin1String("svg")) {
        QString error;
        const QByteArray svg = renderSvg(opGraphLayoutInput(session->index(), r.graph), &error);
        if (svg.isEmpty())
            throw CommandFailed{error};
        writeOutput(args, svg);
    } else
        throw UsageError{QCoreApplication::translate("Cli", "export needs --format kernel-traces-md | op-traces-md | json | dot | svg")};
    return 0;
}

int runConfigsCommand(const Args &args)
{
    const auto session = openSession(args);
    const Profile &profile = session->profile();
    const std::string locale = QLocale().name().toStdString();
    for (const Configuration &c : profile.configurations) {
        const std::string &label = c.labelFor(locale);
        out() << QString::fromStdString(c.name);
        if (label != c.name)
            out() << "  (" << QString::fromStdString(label) << ')';
        out() << "\n    " << QString::fromStdString(configurationFilter(c).toString()) << '\n';
        if (!c.description.empty())
            out() << "    " << QString::fromStdString(c.description) << '\n';
    }
    if (profile.configurations.empty())
        out() << QCoreApplication::translate("Cli", "(the profile %1 has no configurations)").arg(QString::fromStdString(profile.name)) << '\n';
    out() << QCoreApplication::translate("Cli", "%n implication(s) between dimension values", nullptr, static_cast<int>(profile.implications.size()))
          << '\n';
    for (const ModelEntry &m : profile.models)
        if (!m.checkpoint.empty())
            out() << QCoreApplication::translate("Cli", "model %1 runs checkpoint %2 unless a filter names one")
                         .arg(QString::fromStdString(m.model), QString::fromStdString(m.checkpoint))
                  << '\n';
    return 0;
}

int runVerifyCommand(const Args &args)
{
    if (args.positional.isEmpty())
        throw UsageError{QCoreApplication::translate("Cli", "verify needs a markdown FILE")};
    int broken = 0;
    for (const QString &file : args.positional) {
        const VerifyResult v = verifyLinks(file, args.value(QStringLiteral("--root")));
        if (!v.error.isEmpty())
            throw CommandFailed{v.error};
        for (const BrokenLink &b : v.broken)
            out() << file << ':' << b.reportLine << ": " << b.link << ": " << b.problem << '\n';
        out() << QCoreApplication::translate("Cli", "%1: %2 links, %3 broken").arg(file).arg(v.links).arg(v.broken.size()) << '\n';
        broken += static_cast<int>(v.broken.size());
    }
    return broken ? 1 : 0;
}

} // namespace katlas::cli
