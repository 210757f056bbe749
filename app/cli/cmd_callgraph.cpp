// `katlas callgraph --format pycg`: the call graph in PyCG's JSON format, from
// an index or straight from any folder of Python code (--repo NAME=PATH).
#include "cli_context.h"

#include <QCoreApplication>
#include "commands.h"

#include "export/pycg_export.h"
#include "store/index_reader.h"

#include <QFile>
#include <QTemporaryDir>

namespace katlas::cli {
namespace {

// For plain Python trees: every folder is a package root, calling an object
// runs its __call__, nothing is a kernel.
Profile genericProfile(const std::vector<RepoInput> &repos)
{
    Profile p;
    p.name = "generic";
    p.callMethods = {"__call__"};
    for (const RepoInput &r : repos)
        p.repos.push_back({r.name, {"."}, {}, {}});
    p.sourceText = "{\"profile\": 1, \"name\": \"generic\"}";
    return p;
}

} // namespace

int runCallgraphCommand(const Args &args)
{
    const QString format = args.value(QStringLiteral("--format"), QStringLiteral("pycg"));
    if (format != QLatin1String("pycg"))
        throw UsageError{QCoreApplication::translate("Cli", "unknown callgraph format '%1' (known: pycg)").arg(format)};
    CallGraph graph;
    const std::vector<RepoInput> repos = reposFrom(args);
    if (!repos.empty()) {
        QTemporaryDir tmp;
        const Profile profile = args.has(QStringLiteral("--profile")) ? profileFrom(args, {}) : genericProfile(repos);
        const IndexReport r = runIndex({tmp.filePath(QStringLiteral("callgraph.katlas")), repos, profile, false, 0});
        if (!r.ok)
            throw CommandFailed{r.error};
        QString error;
        const auto db = Database::open(tmp.filePath(QStringLiteral("callgraph.katlas")), &error);
        if (!db)
            throw CommandFailed{error};
        graph = loadCallGraph(*db);
    } else {
        graph = loadCallGraph(*openDatabase(args));
    }
    const QByteArray json = toPycgJson(graph);
    writeOutput(args, json);
    return 0;
}

} // namespace katlas::cli
