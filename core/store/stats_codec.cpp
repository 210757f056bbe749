// Stats as JSON (see stats_codec.h).
#include "store/stats_codec.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace katlas {
namespace {

QJsonObject counts(const std::map<std::string, int> &m)
{
    QJsonObject o;
    for (const auto &[k, v] : m)
        o[QString::fromStdString(k)] = v;
    return o;
}

std::map<std::string, int> counts(const QJsonObject &o)
{
    std::map<std::string, int> m;
    for (auto it = o.begin(); it != o.end(); ++it)
        m[it.key().toStdString()] = it.value().toInt();
    return m;
}

void addCounts(std::map<std::string, int> &into, const std::map<std::string, int> &delta, int sign)
{
    for (const auto &[k, v] : delta)
        if ((into[k] += sign * v) == 0)
            into.erase(k);
}

} // namespace

std::string encodeStats(const IndexStats &s)
{
    const QJsonObject o{{QStringLiteral("files"), s.files},
                        {QStringLiteral("symbols"), s.symbols},
                        {QStringLiteral("call_sites"), s.callSites},
                        {QStringLiteral("edges"), s.edges},
                        {QStringLiteral("resolved_call_sites"), s.resolvedCallSites},
                        {QStringLiteral("diagnostics"), s.diagnostics},
                        {QStringLiteral("kernels_by_source"), counts(s.kernelsBySource)},
                        {QStringLiteral("edges_by_resolution"), counts(s.edgesByResolution)}};
    return QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString();
}

std::optional<IndexStats> decodeStats(const std::string &json)
{
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(json));
    if (!doc.isObject())
        return std::nullopt;
    const QJsonObject o = doc.object();
    IndexStats s;
    s.files = o[QStringLiteral("files")].toInt();
    s.symbols = o[QStringLiteral("symbols")].toInt();
    s.callSites = o[QStringLiteral("call_sites")].toInt();
    s.edges = o[QStringLiteral("edges")].toInt();
    s.resolvedCallSites = o[QStringLiteral("resolved_call_sites")].toInt();
    s.diagnostics = o[QStringLiteral("diagnostics")].toInt();
    s.kernelsBySource = counts(o[QStringLiteral("kernels_by_source")].toObject());
    s.edgesByResolution = counts(o[QStringLiteral("edges_by_resolution")].toObject());
    return s;
}

void addStats(IndexStats &into, const IndexStats &delta, int sign)
{
    into.files += sign * delta.files;
    into.symbols += sign * delta.symbols;
    into.callSites += sign * delta.callSites;
    into.edges += sign * delta.edges;
    into.resolvedCallSites += sign * delta.resolvedCallSites;
    into.diagnostics += sign * delta.diagnostics;
    addCounts(into.kernelsBySource, delta.kernelsBySource, sign);
    addCounts(into.edgesByResolution, delta.edgesByResolution, sign);
}

} // namespace katlas
