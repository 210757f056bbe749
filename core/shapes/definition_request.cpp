// Definitions for a request (see definition_request.h).
#include "shapes/definition_request.h"

#include "profile/builtin_resources.h"
#include "profile/model_config.h"
#include "shapes/filter_deployments.h"
#include "trace/trace_session.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace katlas {

namespace {

QString tr(const char *text) { return QCoreApplication::translate("Definitions", text); }

// The config's `architectures` must name a class of the module that holds
// the model's entry (a DeepSeek-V3 checkpoint is no Llama model).
std::string architectureProblem(const DefinitionRequest &r, const CallIndex &index, const ModelEntry &model)
{
    const QJsonArray archs = r.config.value(QLatin1String("architectures")).toArray();
    if (archs.isEmpty())
        return tr("%1: architectures: missing (the model class the checkpoint is for)").arg(r.configPath).toStdString();
    const std::string &entry = model.function;
    const size_t method = entry.rfind('.');
    const size_t cls = method == std::string::npos ? std::string::npos : entry.rfind('.', method - 1);
    const std::string module = cls == std::string::npos ? std::string() : entry.substr(0, cls);
    QStringList names;
    for (const QJsonValue &a : archs) {
        names << a.toString();
        for (std::int64_t id : index.byQualName(module + "." + a.toString().toStdString()))
            if (index.symbol(id).kind == SymbolKind::Class)
                return {};
    }
    return tr("%1: architectures: %2 is not the model '%3' (%4 defines no such class)")
        .arg(r.configPath, names.join(QStringLiteral(", ")), QString::fromStdString(model.model), QString::fromStdString(module))
        .toStdString();
}

std::string deploymentProblem(const DefinitionRequest &r, const DefinitionRules &rules)
{
    if (r.deployment.tp % r.deployment.ep != 0)
        return tr("EP %1 does not divide TP %2").arg(r.deployment.ep).arg(r.deployment.tp).toStdString();
    const auto sizes = deploymentSizes(r.deployment);
    for (const DeploymentCheck &c : rules.checks) {
        const QJsonValue v = r.config.value(QString::fromStdString(c.key));
        if (v.isUndefined())
            continue;
        const std::int64_t size = sizes.at(c.dividedBy);
        if (!v.isDouble() || v.toInteger() % size != 0)
            return tr("%1: %2: %3 does not divide over %4 = %5")
                .arg(r.configPath, QString::fromStdString(c.key), QString::number(v.toInteger()),
                     QString::fromStdString(c.dividedBy), QString::number(size))
                .toStdString();
    }
    return {};
}

} // namespace

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

std::optional<DimensionFilter> filterWithModelConfig(DimensionFilter filter, const QJsonObject &config, const Profile &profile)
{
    const SettingsRule *rule = profile.modelConfigRule();
    if (!rule)
        return std::nullopt;
    std::vector<std::string> named;
    for (const auto &[dimension, values] : filter.allowed())
        if (dimension.rfind(rule->prefix + ".", 0) == 0)
            named.push_back(dimension);
    for (const std::string &d : named)
        filter.clear(d);
    for (const auto &[setting, value] : modelSettings(config, rule->prefix))
        filter.set(setting, {value});
    return filter;
}

Deployment deployedPageSize(Deployment deployment, const DimensionFilter &effective, const DefinitionRules &rules)
{
    if (deployment.pageSize < 1)
        deployment.pageSize = filterDeployments(effective, rules.deploymentSettings).front().pageSize;
    return deployment;
}

std::optional<ModelDefinitions> definitionsFor(const TraceSession &session, const DefinitionRequest &request, std::string *error,
                                               std::vector<std::string> *conflicts)
{
    const Profile &profile = session.profile();
    const std::string modelName = request.model.empty() ? profile.defaultModel : request.model;
    const ModelEntry *model = profile.model(modelName);
    const auto fail = [&](std::string message) -> std::optional<ModelDefinitions> {
        if (error)
            *error = std::move(message);
        return std::nullopt;
    };
    if (!model)
        return fail(tr("no model '%1' in the profile").arg(QString::fromStdString(modelName)).toStdString());
    const QByteArray profileJson = definitionsProfile(profile);
    std::string ruleError;
    const DefinitionRules rules = readDefinitionRules(profileJson, &ruleError);
    std::vector<ModuleShapeRule> moduleRules;
    if (ruleError.empty())
        moduleRules = readModuleShapeRules(profileJson, &ruleError);
    if (!ruleError.empty())
        return fail(tr("profile '%1': %2").arg(QString::fromStdString(profile.name), QString::fromStdString(ruleError)).toStdString());
    if (rules.families.empty())
        return fail(tr("profile '%1' has no \"definitions\" families").arg(QString::fromStdString(profile.name)).toStdString());
    if (std::string p = architectureProblem(request, session.index(), *model); !p.empty())
        return fail(std::move(p));
    if (std::string p = deploymentProblem(request, rules); !p.empty())
        return fail(std::move(p));

    // The config.json gives the shapes; it also sets the model.* settings
    // when the profile reads them (a settings rule with config_annotation).
    const DimensionFilter filter = filterWithModelConfig(request.filter, request.config, profile).value_or(request.filter);
    const PathTargets compute = computeTargets(session.index(), rules);
    const TraceReport report = buildTraceReport(session, modelName, filter, nullptr, &compute);
    if (!report.graph.error.empty())
        return fail(report.graph.error);
    if (conflicts)
        *conflicts = report.conflicts;
    const std::string modelTag = request.config.value(QLatin1String("model_type")).toString().toStdString();
    const Deployment deployment = deployedPageSize(request.deployment, report.effective, rules);
    ModelShapes shapes(session.index(), model->modelModules, request.config, deployment, moduleRules, rules.shapeCalls);
    ModelDefinitions out = modelDefinitions(report, session.index(), rules, shapes,
                                            definitionContext(rules, report.effective, modelTag, deployment), compute);
    out.deployment = deployment;
    return out;
}

std::string checkpointText(const QJsonObject &config, const QString &path)
{
    const QString file = QFileInfo(path).fileName();
    const QJsonArray archs = config.value(QLatin1String("architectures")).toArray();
    return (archs.isEmpty() ? file : QStringLiteral("%1 (%2)").arg(archs.first().toString(), file)).toStdString();
}

std::string deploymentText(const Deployment &deployment)
{
    QString text = tr("TP %1").arg(deployment.tp);
    if (deployment.ep > 1)
        text += tr(", EP %1").arg(deployment.ep);
    if (deployment.pageSize > 1)
        text += tr(", page %1").arg(deployment.pageSize);
    if (deployment.dpAttention)
        text += tr(", DP attention");
    return text.toStdString();
}

} // namespace katlas
