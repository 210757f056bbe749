// Opening an index for tracing (see trace_session.h).
#include "trace/trace_session.h"

#include "shapes/shape_condition_judge.h"

#include "graph/dense_ids.h"

#include "graph/setting_defaults.h"
#include "store/derived_values_codec.h"

#include "store/index_reader.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <optional>

namespace katlas {
namespace {

// Configurations and implications are read at query time, not while
// indexing: an index made before its profile had them takes the shipped
// profile's of the same name, when every dimension they name is known.
void addQueryTimeSections(Profile &stored)
{
    if (!stored.configurations.empty() || !stored.implications.empty()
        || !builtinProfileNames().contains(QString::fromStdString(stored.name)))
        return;
    ProfileError error;
    const std::optional<Profile> shipped = loadBuiltinProfile(QString::fromStdString(stored.name), &error);
    if (!shipped)
        return;
    auto known = [&](const std::map<std::string, std::set<std::string>> &assignment) {
        return std::all_of(assignment.begin(), assignment.end(), [&](const auto &a) { return stored.dimension(a.first); });
    };
    for (const Configuration &c : shipped->configurations)
        if (!known(c.assignment))
            return;
    for (const Implication &i : shipped->implications)
        if (!known(i.when) || !known(i.then))
            return;
    stored.configurations = shipped->configurations;
    stored.implications = shipped->implications;
}

} // namespace

std::unique_ptr<TraceSession> TraceSession::open(const QString &dbPath, QString *error)
{
    std::unique_ptr<Database> db = Database::open(dbPath, error);
    if (!db)
        return nullptr;
    // The meta (profile, setting defaults) and the graph of the same commit.
    std::optional<ReadTransaction> snapshot(std::in_place, *db);
    std::map<std::string, std::string> meta = loadMeta(*db);
    ProfileError perr;
    std::optional<Profile> profile =
        parseProfile(QByteArray::fromStdString(meta["profile_json"]), dbPath + QStringLiteral(" (stored profile)"), &perr);
    if (!profile) {
        if (error)
            *error = perr.toString();
        return nullptr;
    }
    addQueryTimeSections(*profile);
    CallGraph graph = loadCallGraph(*db, false);
    snapshot.reset();
    if (const std::string bad = firstBadReference(graph); !bad.empty()) {
        if (error)
            *error = QCoreApplication::translate("TraceSession", "%1: is damaged (%2); re-index it")
                         .arg(dbPath, QString::fromStdString(bad));
        return nullptr;
    }
    graph.settingDefaults = decodeSettingDefaults(meta[kSettingDefaultsKey]);
    profile->settingDefaults = graph.settingDefaults;
    profile->derivedValues = decodeDerivedValues(meta[kDerivedValuesKey]);
    return std::make_unique<TraceSession>(std::move(graph), std::move(*profile), std::move(meta), dbPath);
}

TraceSession::TraceSession(CallGraph graph, Profile profile, std::map<std::string, std::string> meta, QString path)
    : m_index(std::move(graph)), m_profile(std::move(profile)), m_meta(std::move(meta)), m_path(std::move(path))
{
    m_index.setPathJudge(shapeConditionJudge(m_index, m_profile));
}

std::vector<const OpNode *> TraceSession::findOps(const OpGraph &graph, const std::string &name)
{
    std::vector<const OpNode *> out;
    forEachOp(graph.roots, [&](const OpNode &n, int) {
        if (n.name == name || n.id == name)
            out.push_back(&n);
    });
    return out;
}

std::vector<std::string> TraceSession::opNames(const OpGraph &graph)
{
    std::vector<std::string> out;
    forEachOp(graph.roots, [&](const OpNode &n, int) {
        if (std::find(out.begin(), out.end(), n.name) == out.end())
            out.push_back(n.name);
    });
    for (const NonModelOp &op : graph.nonModel)
        out.push_back(op.name);
    return out;
}

std::vector<std::int64_t> TraceSession::opCallSites(const OpGraph &graph, const std::string &name)
{
    std::vector<std::int64_t> out;
    // A container's own call sites trace too (e.g. a gate module of model
    // code that calls one GEMM kernel), and so do non-model ops by name.
    for (const OpNode *n : findOps(graph, name))
        for (std::int64_t s : n->callSites)
            if (std::find(out.begin(), out.end(), s) == out.end())
                out.push_back(s);
    for (const NonModelOp &op : graph.nonModel)
        if (op.name == name)
            out.insert(out.end(), op.callSites.begin(), op.callSites.end());
    return out;
}

SiteContexts TraceSession::opContexts(const OpGraph &graph, const std::string &name)
{
    return contextsOf(findOps(graph, name));
}

std::string TraceSession::indexDescription() const
{
    const auto it = m_meta.find("repos");
    if (it == m_meta.end())
        return {};
    std::string out;
    for (const QJsonValue &v : QJsonDocument::fromJson(QByteArray::fromStdString(it->second)).array()) {
        const QJsonObject o = v.toObject();
        const QString commit = o.value(QStringLiteral("commit")).toString().left(8);
        out += (out.empty() ? "" : ", ") + o.value(QStringLiteral("name")).toString().toStdString()
            + (commit.isEmpty() ? "" : "@" + commit.toStdString());
    }
    return out;
}

} // namespace katlas
