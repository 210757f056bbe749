// katlas: the command-line front end of Kernel Atlas.
#include "cli_context.h"
#include "commands.h"
#include "graph/graph_queries.h"
#include "index/allocator_tuning.h"

#include <QCoreApplication>

#include <cstring>

using namespace katlas::cli;

namespace {

const QStringList kValueOptions = {"--db", "--repo", "--profile", "--format", "--output", "--model", "--filter",
                                   "--op", "--kernel", "--link-base", "--root", "--limit", "--config", "--hf-config",
                                   "--tp", "--ep", "--page-size", "--existing", "--checkpoint"};
const QStringList kFlags = {"--demo", "--dp-attention", "--follow-outside-links", "--full", "--help", "--json", "--version"};

// An option no command reads is a mistake (`--ouput` would send the output to
// the terminal): named, with the closest known ones.
QString unknownOption(const Args &args)
{
    QStringList given = args.flags;
    given += args.options.keys();
    std::vector<std::string> known;
    for (const QString &o : kValueOptions + kFlags)
        known.push_back(o.toStdString());
    for (const QString &o : given) {
        if (o == QLatin1String("-o") || kValueOptions.contains(o) || kFlags.contains(o))
            continue;
        QStringList near;
        for (const std::string &n : katlas::closestNames(known, o.toStdString(), 2))
            near << QString::fromStdString(n);
        return QCoreApplication::translate("Cli", "unknown option '%1'; did you mean: %2").arg(o, near.join(QStringLiteral(", ")));
    }
    return {};
}

void printUsage()
{
    out() << QCoreApplication::translate("Cli", "usage: katlas COMMAND [options]\n"
                "\n"
                "  index     --db FILE --repo NAME=PATH ... [--profile FILE|sglang|demo] [--full] [--follow-outside-links]\n"
                "            index repositories (or --demo: the embedded demo workspace)\n"
                "  stats     [--db FILE]                    what the index holds, and its diagnostics\n"
                "  kernels   [--db FILE] [--json]           every kernel with its call sites\n"
                "  callers   SYMBOL [--db FILE]             who calls a function\n"
                "  callees   SYMBOL [--db FILE]             what a function calls\n"
                "  callgraph [--db FILE | --repo NAME=PATH] --format pycg [-o FILE]\n"
                "  bench     index [--repo NAME=PATH ...]   indexing speed against raw tree-sitter parsing\n"
                "  bench     trace [--db FILE] [--config C] [--filter F]   tracing and export speed\n"
                "  ops       [--db FILE] [--model M] [--config C] [--filter F] [--json]   the model's op execution graph\n"
                "  trace     --op OP | --kernel K [--config C] [--filter F] [--json]      paths of an op, backtraces of a kernel\n"
                "  matrix    --op OP [--config C] [--filter F]                  kernels per backend x quantization\n"
                "  export    --format kernel-traces-md|op-traces-md|json|dot|svg [--config C] [--filter F] [--link-base DIR] -o FILE\n"
                "            [--hf-config FILE [--tp N] [--ep N] [--page-size N]]   op-traces-md: shapes and definitions too\n"
                "  configs   [--db FILE]                    the profile's configurations (presets for --config)\n"
                "  verify    FILE.md [--root DIR]           check every file:line link of a report\n"
                "  definitions --hf-config FILE --tp N [--ep N] [--page-size N] [--dp-attention] [--config C] [--filter F]\n"
                "            [--existing DIR] -o DIR    flashinfer-trace Definitions of the model's kernels\n"
                "\n"
                "A filter is DIMENSION=VALUE[,VALUE...] words, e.g. --filter \"quantization=fp8 stage=decode\".\n"
                "--config NAME starts from one of the profile's configurations; --filter then narrows it\n"
                "(on a dimension both set, the filter's values win). --hf-config FILE names the checkpoint's\n"
                "config.json: its values become model.* settings (model.n_shared_experts=1). A filter that\n"
                "names no checkpoint runs the model's default one (see `katlas configs`); --checkpoint NAME\n"
                "names another of the profile's, --checkpoint none assumes none.\n"
                "\n"
                "Without --db, commands use the demo workspace's index.\n");
}

} // namespace

int main(int argc, char **argv)
{
    if (argc > 1 && (std::strcmp(argv[1], "index") == 0 || std::strcmp(argv[1], "bench") == 0))
        katlas::restartWithHugePages(argv);
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("katlas"));
    QCoreApplication::setApplicationVersion(QStringLiteral(KATLAS_VERSION));
    QString error;
    const Args args = parseArgs(app.arguments().mid(1), kValueOptions, &error);
    if (error.isEmpty())
        error = unknownOption(args);
    if (!error.isEmpty()) {
        err() << "katlas: " << error << '\n';
        return 2;
    }
    if (args.has(QStringLiteral("--version"))) {
        out() << "katlas " << KATLAS_VERSION << '\n';
        return 0;
    }
    if (args.command.isEmpty() || args.command == QLatin1String("help") || args.has(QStringLiteral("--help"))) {
        printUsage();
        return args.command.isEmpty() && !args.has(QStringLiteral("--help")) ? 2 : 0;
    }
    try {
        const QString &c = args.command;
        if (c == QLatin1String("index"))
            return runIndexCommand(args);
        if (c == QLatin1String("stats"))
            return runStatsCommand(args);
        if (c == QLatin1String("kernels"))
            return runKernelsCommand(args);
        if (c == QLatin1String("callers") || c == QLatin1String("callees"))
            return runCallersCommand(args, c == QLatin1String("callers"));
        if (c == QLatin1String("callgraph"))
            return runCallgraphCommand(args);
        if (c == QLatin1String("bench"))
            return runBenchCommand(args);
        if (c == QLatin1String("ops"))
            return runOpsCommand(args);
        if (c == QLatin1String("trace"))
            return runTraceCommand(args);
        if (c == QLatin1String("matrix"))
            return runMatrixCommand(args);
        if (c == QLatin1String("export"))
            return runExportCommand(args);
        if (c == QLatin1String("configs"))
            return runConfigsCommand(args);
        if (c == QLatin1String("definitions"))
            return runDefinitionsCommand(args);
        if (c == QLatin1String("verify"))
            return runVerifyCommand(args);
        err() << "katlas: " << QCoreApplication::translate("Cli", "unknown command '%1'").arg(c) << '\n';
        printUsage();
        return 2;
    } catch (const UsageError &e) {
        err() << "katlas: " << e.message << '\n';
        return 2;
    } catch (const CommandFailed &e) {
        err() << "katlas: " << e.message << '\n';
        return 1;
    }
}
