// `katlas stats`, `kernels`, `callers` and `callees`: what an index holds.
#include "cli_context.h"
#include "commands.h"

#include "export/kernel_listing.h"
#include "graph/graph_queries.h"
#include "store/index_reader.h"

#include <algorithm>
#include <QCoreApplication>
#include <QJsonDocument>

namespace katlas::cli {

int runStatsCommand(const Args &args)
{
    const auto db = openDatabase(args);
    const IndexStats s = loadStats(*db);
    const auto meta = loadMeta(*db);
    out() << QCoreApplication::translate("Cli", "Database:     %1").arg(db->path()) << '\n'
          << QCoreApplication::translate("Cli", "Profile:      %1").arg(QString::fromStdString(meta.count("profile_name") ? meta.at("profile_name") : "")) << '\n'
          << QCoreApplication::translate("Cli", "Files:        %1").arg(s.files) << '\n'
          << QCoreApplication::translate("Cli", "Symbols:      %1").arg(s.symbols) << '\n'
          << QCoreApplication::translate("Cli", "Call sites:   %1 (%2% resolved)").arg(s.callSites).arg(s.resolvedPercent(), 0, 'f', 1) << '\n'
          << QCoreApplication::translate("Cli", "Edges:        %1").arg(s.edges) << '\n';
    for (const auto &[how, n] : s.edgesByResolution)
        out() << "  " << QString::fromStdString(how).leftJustified(12) << n << '\n';
    out() << QCoreApplication::translate("Cli", "Kernels:") << '\n';
    int width = 11;
    for (const auto &[source, n] : s.kernelsBySource)
        width = std::max(width, static_cast<int>(source.size()));
    for (const auto &[source, n] : s.kernelsBySource)
        out() << "  " << QString::fromStdString(source).leftJustified(width + 1) << n << '\n';
    if (meta.count("index_ms"))
        out() << QCoreApplication::translate("Cli", "Index time:   %1 s").arg(std::stod(meta.at("index_ms")) / 1000.0, 0, 'f', 2) << '\n';
    out() << QCoreApplication::translate("Cli", "Diagnostics:  %1").arg(s.diagnostics) << '\n';
    for (const FileDiagnostic &d : loadDiagnostics(*db))
        out() << "  " << QString::fromStdString(d.path) << ':' << d.line << ": " << QString::fromStdString(d.message) << '\n';
    return 0;
}

int runKernelsCommand(const Args &args)
{
    const auto db = openDatabase(args);
    const CallGraph graph = loadCallGraph(*db);
    const std::vector<KernelListing> kernels = listKernels(graph);
    if (args.has(QStringLiteral("--json"))) {
        out() << QJsonDocument(kernelsToJson(kernels)).toJson(QJsonDocument::Indented);
        return 0;
    }
    for (const KernelListing &k : kernels) {
        std::vector<std::string> aliasNames;
        for (const std::string &a : k.aliases)
            aliasNames.push_back(a.substr(a.rfind('.') + 1));
        out() << QString::fromStdString(withAliases(k.name, aliasNames)).leftJustified(40) << ' ' << QString::fromStdString(k.source).leftJustified(11)
              << ' ' << QString::fromStdString(k.category).leftJustified(14) << ' '
              << QCoreApplication::translate("Cli", "%n call site(s)", nullptr, static_cast<int>(k.callSites.size())) << '\n';
    }
    return 0;
}

int runCallersCommand(const Args &args, bool callers)
{
    if (args.positional.isEmpty())
        throw UsageError{callers ? QCoreApplication::translate("Cli", "callers needs a SYMBOL") : QCoreApplication::translate("Cli", "callees needs a SYMBOL")};
    const auto db = openDatabase(args);
    const CallGraph graph = loadCallGraph(*db);
    const std::string name = args.positional.first().toStdString();
    const std::vector<std::int64_t> ids = findSymbolIds(graph, name);
    if (ids.empty()) {
        QStringList near;
        for (const std::string &s : closestSymbolNames(graph, name, 5))
            near << QString::fromStdString(s);
        throw CommandFailed{QCoreApplication::translate("Cli", "no symbol named '%1'; did you mean: %2").arg(QString::fromStdString(name), near.join(QStringLiteral(", ")))};
    }
    for (const CallRow &row : callers ? callersOf(graph, ids) : calleesOf(graph, ids))
        out() << QString::fromStdString(row.location).leftJustified(60) << ' ' << QString::fromStdString(row.symbol)
              << "  [" << resolutionName(row.resolution) << ']'
              << (row.conditions.empty() ? QString() : QStringLiteral("  (%1)").arg(QString::fromStdString(row.conditions)))
              << '\n';
    return 0;
}

} // namespace katlas::cli
