// `katlas definitions`: the flashinfer-trace Definitions of a model's kernels
// under a configuration, a checkpoint's config.json and a deployment,
// written as DIR/<op_type>/<name>.json (see docs/definitions.md).
#include "cli_context.h"
#include "commands.h"

#include "profile/model_config.h"
#include "shapes/definition_folder.h"
#include "shapes/definition_request.h"

#include <QCoreApplication>
#include <QFileInfo>


namespace katlas::cli {

int runDefinitionsCommand(const Args &args)
{
    const QString outDir = args.value(QStringLiteral("-o"), args.value(QStringLiteral("--output")));
    if (outDir.isEmpty())
        throw UsageError{QCoreApplication::translate("Cli", "definitions needs -o DIR (where to write <op_type>/<name>.json)")};
    if (!args.has(QStringLiteral("--tp")))
        throw UsageError{QCoreApplication::translate("Cli", "definitions needs --tp N (the tensor-parallel size)")};
    const Deployment deployment = deploymentFrom(args);
    const QString existing = args.value(QStringLiteral("--existing"));
    if (args.has(QStringLiteral("--existing")) && !QFileInfo(existing).isDir())
        throw UsageError{QCoreApplication::translate("Cli", "--existing %1: not a folder of definitions").arg(existing)};
    const QString configPath = args.value(QStringLiteral("--hf-config"));
    const QJsonObject config = readHfConfig(configPath);

    const QString db = args.has(QStringLiteral("--db")) ? args.value(QStringLiteral("--db")) : demoDatabase();
    QString error;
    const auto session = TraceSession::open(db, &error);
    if (!session)
        throw CommandFailed{error};
    DefinitionRequest request{config, configPath, deployment, args.value(QStringLiteral("--model")).toStdString(), {}};
    Args filterArgs = args;
    filterArgs.options.remove(QStringLiteral("--hf-config"));
    filterArgs.options[QStringLiteral("--checkpoint")] = {QStringLiteral("none")}; // the config.json is the checkpoint
    request.filter = filterFrom(filterArgs, session->profile());
    std::string problem;
    std::vector<std::string> conflicts;
    const std::optional<ModelDefinitions> found = definitionsFor(*session, request, &problem, &conflicts);
    if (!found)
        throw UsageError{QString::fromStdString(problem)};
    warnConflicts(conflicts);
    const ModelDefinitions &defs = *found;
    for (const std::string &c : defs.conflicts)
        err() << QCoreApplication::translate("Cli", "warning: two kernels give the definition %1").arg(QString::fromStdString(c)) << '\n';

    const FolderWrite written = writeDefinitionFolder(defs.definitions, outDir, existing);
    if (!written.error.empty())
        throw CommandFailed{QCoreApplication::translate("Cli", "%1: nothing written").arg(QString::fromStdString(written.error))};

    for (const DefinitionUse &u : defs.uses) {
        if (u.definition.empty() && u.note.empty())
            continue;
        out() << QString::fromStdString(u.op) << "  " << QString::fromStdString(u.kernel) << "  -> "
              << (u.definition.empty() ? QStringLiteral("(%1)").arg(QString::fromStdString(u.note))
                                       : QString::fromStdString(u.definition))
              << '\n';
    }
    for (const std::string &s : written.skipped)
        out() << QCoreApplication::translate("Cli", "same as in --existing, skipped: %1").arg(QString::fromStdString(s)) << '\n';
    for (const std::string &c : written.conflicts)
        out() << QCoreApplication::translate("Cli", "conflict, not written: %1").arg(QString::fromStdString(c)) << '\n';
    out() << QCoreApplication::translate("Cli", "%1 definitions written to %2").arg(written.written.size()).arg(outDir) << '\n';
    return 0;
}

} // namespace katlas::cli
