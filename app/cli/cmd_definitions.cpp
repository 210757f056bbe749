// `katlas definitions`: the flashinfer-trace Definitions of a model's kernels
// under a configuration, a checkpoint's config.json and a deployment,
// written as DIR/<op_type>/<name>.json (see docs/definitions.md).
#include "cli_context.h"
#include "commands.h"

#include "profile/builtin_resources.h"
#include "profile/model_config.h"
#include "shapes/definition_folder.h"
#include "shapes/model_definitions.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace katlas::cli {
namespace {

// The checkpoint's config.json: a usage error naming the file when it cannot be read.
QJsonObject readHfConfig(const QString &path)
{
    if (path.isEmpty())
        throw UsageError{QCoreApplication::translate("Cli", "definitions needs --hf-config FILE (the checkpoint's config.json)")};
    std::string error;
    const std::optional<QJsonObject> config = readModelConfig(path.toStdString(), &error);
    if (!config)
        throw UsageError{QString::fromStdString(error)};
    return *config;
}

int positiveNumber(const Args &args, const QString &option, int fallback)
{
    if (!args.has(option))
        return fallback;
    bool ok = false;
    const int n = args.value(option).toInt(&ok);
    if (!ok || n < 1)
        throw UsageError{QCoreApplication::translate("Cli", "%1 must be a whole number of at least 1, not '%2'").arg(option, args.value(option))};
    return n;
}

// The config's `architectures` must name a class of the module that holds
// the model's entry (a DeepSeek-V3 checkpoint is no Llama model).
void checkArchitecture(const QString &path, const QJsonObject &config, const CallIndex &index, const ModelEntry &model)
{
    const QJsonArray archs = config.value(QLatin1String("architectures")).toArray();
    if (archs.isEmpty())
        throw UsageError{QCoreApplication::translate("Cli", "%1: architectures: missing (the model class the checkpoint is for)").arg(path)};
    const std::string &entry = model.function;
    const size_t method = entry.rfind('.');
    const size_t cls = method == std::string::npos ? std::string::npos : entry.rfind('.', method - 1);
    const std::string module = cls == std::string::npos ? std::string() : entry.substr(0, cls);
    QStringList names;
    for (const QJsonValue &a : archs) {
        names << a.toString();
        for (std::int64_t id : index.byQualName(module + "." + a.toString().toStdString()))
            if (index.symbol(id).kind == SymbolKind::Class)
                return;
    }
    throw UsageError{QCoreApplication::translate("Cli", "%1: architectures: %2 is not the model '%3' (%4 defines no such class)")
                         .arg(path, names.join(QStringLiteral(", ")), QString::fromStdString(model.model),
                              QString::fromStdString(module))};
}

void checkDeployment(const QString &path, const QJsonObject &config, const DefinitionRules &rules, const Deployment &d)
{
    const auto sizes = deploymentSizes(d);
    for (const DeploymentCheck &c : rules.checks) {
        const QJsonValue v = config.value(QString::fromStdString(c.key));
        if (v.isUndefined())
            continue;
        const std::int64_t size = sizes.at(c.dividedBy);
        if (!v.isDouble() || v.toInteger() % size != 0)
            throw UsageError{QCoreApplication::translate("Cli", "%1: %2: %3 does not divide over %4 = %5")
                                 .arg(path, QString::fromStdString(c.key), QString::number(v.toInteger()),
                                      QString::fromStdString(c.dividedBy), QString::number(size))};
    }
}

// The profile's JSON with "definitions": the index's own, else the shipped
// profile of the same name (an index made before its profile had them).
QByteArray definitionsProfile(const Profile &profile)
{
    QByteArray json = QByteArray::fromStdString(profile.sourceText);
    if (QJsonDocument::fromJson(json).object().contains(QLatin1String("definitions")))
        return json;
    ensureBuiltinResources();
    QFile f(QStringLiteral(":/katlas/profiles/%1.json").arg(QString::fromStdString(profile.name)));
    if (f.open(QIODevice::ReadOnly))
        json = f.readAll();
    return json;
}

} // namespace

int runDefinitionsCommand(const Args &args)
{
    const QString outDir = args.value(QStringLiteral("-o"), args.value(QStringLiteral("--output")));
    if (outDir.isEmpty())
        throw UsageError{QCoreApplication::translate("Cli", "definitions needs -o DIR (where to write <op_type>/<name>.json)")};
    if (!args.has(QStringLiteral("--tp")))
        throw UsageError{QCoreApplication::translate("Cli", "definitions needs --tp N (the tensor-parallel size)")};
    Deployment deployment;
    deployment.tp = positiveNumber(args, QStringLiteral("--tp"), 1);
    deployment.ep = positiveNumber(args, QStringLiteral("--ep"), 1);
    deployment.pageSize = positiveNumber(args, QStringLiteral("--page-size"), 1);
    deployment.dpAttention = args.has(QStringLiteral("--dp-attention"));
    if (deployment.tp % deployment.ep != 0)
        throw UsageError{QCoreApplication::translate("Cli", "--ep %1 does not divide --tp %2").arg(deployment.ep).arg(deployment.tp)};
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
    const Profile &profile = session->profile();
    const std::string modelName = args.has(QStringLiteral("--model")) ? args.value(QStringLiteral("--model")).toStdString()
                                                                      : profile.defaultModel;
    const ModelEntry *model = profile.model(modelName);
    if (!model)
        throw UsageError{QCoreApplication::translate("Cli", "no model '%1' in the profile").arg(QString::fromStdString(modelName))};

    const QByteArray profileJson = definitionsProfile(profile);
    std::string ruleError;
    const DefinitionRules rules = readDefinitionRules(profileJson, &ruleError);
    std::vector<ModuleShapeRule> moduleRules;
    if (ruleError.empty())
        moduleRules = readModuleShapeRules(profileJson, &ruleError);
    if (!ruleError.empty())
        throw CommandFailed{QCoreApplication::translate("Cli", "profile '%1': %2").arg(QString::fromStdString(profile.name), QString::fromStdString(ruleError))};
    if (rules.families.empty())
        throw CommandFailed{QCoreApplication::translate("Cli", "profile '%1' has no \"definitions\" families").arg(QString::fromStdString(profile.name))};

    checkArchitecture(configPath, config, session->index(), *model);
    checkDeployment(configPath, config, rules, deployment);

    // The config.json gives the shapes; it also sets the model.* settings
    // when the profile reads them (a settings rule with config_annotation).
    Args filterArgs = args;
    filterArgs.options.remove(QStringLiteral("--hf-config"));
    DimensionFilter filter = filterFrom(filterArgs, profile);
    if (std::any_of(profile.settings.begin(), profile.settings.end(),
                    [](const SettingsRule &r) { return r.kind == SettingsRule::Kind::Config; }))
        filter = withModelConfig(filter, config, profile);
    const TraceReport report = buildTraceReport(*session, modelName, filter);
    if (!report.graph.error.empty())
        throw UsageError{QString::fromStdString(report.graph.error)};
    warnConflicts(report.conflicts);

    const std::string modelTag = config.value(QLatin1String("model_type")).toString().toStdString();
    ModelShapes shapes(session->index(), model->modelModules, config, deployment, moduleRules, rules.shapeCalls);
    const ModelDefinitions defs = modelDefinitions(report, session->index(), rules, shapes,
                                                   definitionContext(rules, report.effective, modelTag, deployment));
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
