// Shared inputs and outputs of the commands (see cli_context.h).
#include "cli_context.h"

#include "export/export_file.h"
#include "graph/graph_queries.h"
#include "index/demo_workspace.h"
#include "profile/model_config.h"
#include "shapes/definition_request.h"
#include "trace/configuration.h"
#include "trace/default_checkpoint.h"

#include <QCoreApplication>

#include <algorithm>
#include <QFileInfo>

namespace katlas::cli {

QTextStream &out()
{
    static QTextStream s(stdout);
    return s;
}

QTextStream &err()
{
    static QTextStream s(stderr);
    return s;
}

Profile profileFrom(const Args &args, const QString &fallback)
{
    const QString name = args.value(QStringLiteral("--profile"), fallback);
    ProfileError error;
    // A file is a profile; anything else (a folder of the same name in the
    // working directory, say) is the name of a built-in one.
    const bool file = QFileInfo(name).isFile();
    std::optional<Profile> p = file ? loadProfile(name, &error) : loadBuiltinProfile(name, &error);
    if (!p) {
        if (!file && (name.contains(QLatin1Char('/')) || name.endsWith(QLatin1String(".json"))))
            throw UsageError{QCoreApplication::translate("Cli", "profile %1 does not exist").arg(name)};
        if (error.line == 0 && !file)
            throw UsageError{QCoreApplication::translate("Cli", "no built-in profile named '%1' (built in: sglang, demo)").arg(name)};
        throw UsageError{error.toString()};
    }
    return std::move(*p);
}

std::vector<RepoInput> reposFrom(const Args &args)
{
    std::vector<RepoInput> repos;
    for (const QString &spec : args.values(QStringLiteral("--repo"))) {
        const qsizetype eq = spec.indexOf(QLatin1Char('='));
        if (eq <= 0)
            throw UsageError{QCoreApplication::translate("Cli", "--repo takes NAME=PATH, got '%1'").arg(spec)};
        const QString path = spec.mid(eq + 1);
        if (!QFileInfo(path).isDir())
            throw UsageError{QCoreApplication::translate("Cli", "repository '%1': %2 is not a folder").arg(spec.left(eq), path)};
        const std::string name = spec.left(eq).toStdString();
        if (std::any_of(repos.begin(), repos.end(), [&](const RepoInput &r) { return r.name == name; }))
            throw UsageError{QCoreApplication::translate("Cli", "repository name '%1' is given twice; each --repo needs its own name")
                                 .arg(spec.left(eq))};
        repos.push_back({spec.left(eq).toStdString(), QFileInfo(path).absoluteFilePath()});
    }
    return repos;
}

QString demoDatabase()
{
    QString error;
    const std::optional<DemoWorkspace> demo = demoWorkspace(&error);
    if (!demo)
        throw CommandFailed{error};
    if (!QFileInfo::exists(demo->defaultDbPath)) {
        IndexRequest request{demo->defaultDbPath, demo->repos, demo->profile, true, 0};
        const IndexReport report = runIndex(request);
        if (!report.ok)
            throw CommandFailed{report.error};
    }
    return demo->defaultDbPath;
}

namespace {

// A dimension or value the profile does not know filters nothing out (a typo
// would show every path): named, with the closest known ones. Settings
// (`server.x`, `env.X`, `model.x`) are open.
void checkFilterNames(const DimensionFilter &filter, const Profile &profile)
{
    std::vector<std::string> dimensions;
    for (const Dimension &d : profile.dimensions)
        dimensions.push_back(d.key);
    const auto nearest = [](const std::vector<std::string> &known, const std::string &name) {
        QStringList near;
        for (const std::string &n : closestNames(known, name, 3))
            near << QString::fromStdString(n);
        return near.join(QStringLiteral(", "));
    };
    for (const auto &[key, values] : filter.allowed()) {
        const bool setting = std::any_of(profile.settings.begin(), profile.settings.end(), [&](const SettingsRule &r) {
            return !r.prefix.empty() && key.rfind(r.prefix + '.', 0) == 0;
        });
        if (setting)
            continue;
        const Dimension *d = profile.dimension(key);
        if (!d)
            throw UsageError{QCoreApplication::translate("Cli", "unknown filter dimension '%1'; did you mean: %2")
                                 .arg(QString::fromStdString(key), nearest(dimensions, key))};
        if (d->values.empty())
            continue;
        for (const std::string &v : values)
            if (std::find(d->values.begin(), d->values.end(), v) == d->values.end())
                throw UsageError{QCoreApplication::translate("Cli", "unknown value '%1' of %2; did you mean: %3")
                                     .arg(QString::fromStdString(v), QString::fromStdString(key), nearest(d->values, v))};
    }
}

} // namespace

DimensionFilter filterFrom(const Args &args, const Profile &profile, std::string *checkpoint)
{
    std::string error;
    const auto f = DimensionFilter::parse(args.values(QStringLiteral("--filter")).join(QLatin1Char(' ')).toStdString(), &error);
    if (!f)
        throw UsageError{QString::fromStdString(error)};
    checkFilterNames(*f, profile);
    DimensionFilter base;
    if (args.has(QStringLiteral("--config"))) {
        const QString name = args.value(QStringLiteral("--config"));
        const Configuration *c = profile.configuration(name.toStdString());
        if (!c) {
            QStringList known;
            for (const Configuration &k : profile.configurations)
                known << QStringLiteral("\"%1\"").arg(QString::fromStdString(k.name));
            throw UsageError{known.isEmpty()
                                 ? QCoreApplication::translate("Cli", "no configuration named '%1': the profile has none").arg(name)
                                 : QCoreApplication::translate("Cli", "no configuration named '%1'; known: %2").arg(name, known.join(QStringLiteral(", ")))};
        }
        base = configurationFilter(*c);
    }
    if (args.has(QStringLiteral("--hf-config")))
        base = withModelConfig(base, args.value(QStringLiteral("--hf-config")), profile);
    const DimensionFilter combined = combineFilters(base, *f);
    const QString named = args.value(QStringLiteral("--checkpoint"));
    if (named == QLatin1String("none") || args.has(QStringLiteral("--hf-config")))
        return combined;
    if (!named.isEmpty()) {
        if (!profile.checkpoints.count(named.toStdString())) {
            QStringList known;
            for (const auto &[name, settings] : profile.checkpoints)
                known << QString::fromStdString(name);
            throw UsageError{QCoreApplication::translate("Cli", "no checkpoint named '%1'; known: %2, none")
                                 .arg(named, known.join(QStringLiteral(", ")))};
        }
        if (checkpoint)
            *checkpoint = named.toStdString();
        return withCheckpoint(combined, profile, named.toStdString());
    }
    CheckpointChoice choice = withDefaultCheckpoint(combined, profile, args.value(QStringLiteral("--model")).toStdString());
    if (checkpoint)
        *checkpoint = choice.checkpoint;
    return std::move(choice.filter);
}

namespace {

const SettingsRule &modelConfigRule(const Profile &profile)
{
    const SettingsRule *rule = profile.modelConfigRule();
    if (!rule)
        throw UsageError{QCoreApplication::translate("Cli", "--hf-config: the profile reads no model configuration (no config_annotation settings rule)")};
    return *rule;
}

} // namespace

DimensionFilter withModelConfig(DimensionFilter filter, const QString &path, const Profile &profile)
{
    modelConfigRule(profile);
    std::string error;
    const std::optional<QJsonObject> config = readModelConfig(path.toStdString(), &error);
    if (!config)
        throw CommandFailed{QString::fromStdString(error)};
    return withModelConfig(std::move(filter), *config, profile);
}

DimensionFilter withModelConfig(DimensionFilter filter, const QJsonObject &config, const Profile &profile)
{
    modelConfigRule(profile);
    return *filterWithModelConfig(std::move(filter), config, profile);
}

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

static int positiveNumber(const Args &args, const QString &option, int fallback)
{
    if (!args.has(option))
        return fallback;
    bool ok = false;
    const int n = args.value(option).toInt(&ok);
    if (!ok || n < 1)
        throw UsageError{QCoreApplication::translate("Cli", "%1 must be a whole number of at least 1, not '%2'").arg(option, args.value(option))};
    return n;
}

Deployment deploymentFrom(const Args &args)
{
    Deployment deployment;
    deployment.tp = positiveNumber(args, QStringLiteral("--tp"), 1);
    deployment.ep = positiveNumber(args, QStringLiteral("--ep"), 1);
    deployment.pageSize = positiveNumber(args, QStringLiteral("--page-size"), 0); // 0: what the configuration deploys
    deployment.dpAttention = args.has(QStringLiteral("--dp-attention"));
    return deployment;
}

void warnConflicts(const std::vector<std::string> &conflicts)
{
    for (const std::string &c : conflicts)
        err() << "katlas: " << QCoreApplication::translate("Cli", "warning: the filter contradicts itself: %1").arg(QString::fromStdString(c)) << '\n';
}

DimensionFilter effectiveFrom(const DimensionFilter &filter, const Profile &profile)
{
    std::vector<std::string> conflicts;
    DimensionFilter effective = effectiveFilter(filter, profile, &conflicts);
    warnConflicts(conflicts);
    return effective;
}

std::unique_ptr<Database> openDatabase(const Args &args)
{
    QString path = args.value(QStringLiteral("--db"));
    if (path.isEmpty())
        path = demoDatabase();
    QString error;
    std::unique_ptr<Database> db = Database::open(path, &error);
    if (!db)
        throw CommandFailed{error};
    return db;
}

// -o FILE (or --output), else standard output: see cli_context.h.
void writeOutput(const Args &args, const QByteArray &bytes)
{
    const QString path = args.value(QStringLiteral("-o"), args.value(QStringLiteral("--output")));
    if (path.isEmpty() || path == QLatin1String("-")) {
        out() << bytes << Qt::flush;
        return;
    }
    QString error;
    switch (writeExportFile(path, bytes, args.value(QStringLiteral("--db")), &error)) {
    case ExportWrite::OntoIndex:
        throw UsageError{QCoreApplication::translate("Cli", "%1 is the index being read; write the output elsewhere").arg(path)};
    case ExportWrite::Failed:
        throw CommandFailed{QCoreApplication::translate("Cli", "cannot write %1: %2").arg(path, error)};
    case ExportWrite::Written:
        break;
    }
}

} // namespace katlas::cli
