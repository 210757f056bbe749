// Kernel listing and its JSON (see kernel_listing.h).
#include "export/kernel_listing.h"

#include "graph/graph_queries.h"

#include <QJsonArray>

#include <algorithm>
#include <map>

namespace katlas {
namespace {

QJsonObject locationJson(const CodeLocation &l, bool withFunction)
{
    QJsonObject o{{QStringLiteral("repo"), QString::fromStdString(l.repo)},
                  {QStringLiteral("file"), QString::fromStdString(l.file)},
                  {QStringLiteral("line"), l.line}};
    if (withFunction)
        o.insert(QStringLiteral("function"), QString::fromStdString(l.function));
    return o;
}

std::string functionName(const CallGraph &g, std::int64_t id)
{
    // "Cls.method" or "function": the qualified name within its module.
    const Symbol &s = g.symbols[static_cast<size_t>(id - 1)];
    if (s.fileId <= 0)
        return s.qualName;
    const std::string &module = g.files[static_cast<size_t>(s.fileId - 1)].module;
    if (s.kind == SymbolKind::Module)
        return "<module>";
    return s.qualName.size() > module.size() + 1 && s.qualName.compare(0, module.size(), module) == 0
        ? s.qualName.substr(module.size() + 1)
        : s.qualName;
}

} // namespace

std::string kernelDisplayName(const CallGraph &graph, const Symbol &s)
{
    if (s.kind == SymbolKind::Method && s.parentId > 0)
        return graph.symbols[static_cast<size_t>(s.parentId - 1)].name + "." + s.name;
    return s.name;
}

std::vector<std::string> kernelAliasNames(const Kernel &k)
{
    std::vector<std::string> out;
    for (const std::string &a : k.aliases)
        out.push_back(a.substr(a.rfind('.') == std::string::npos ? 0 : a.rfind('.') + 1));
    return out;
}

std::string withAliases(const std::string &name, const std::vector<std::string> &aliasNames)
{
    if (aliasNames.empty())
        return name;
    std::string out = name + " (=";
    for (size_t i = 0; i < aliasNames.size(); ++i)
        out += (i ? ", " : " ") + aliasNames[i];
    return out + ")";
}

bool namesKernelAlias(const Kernel &k, const std::string &query)
{
    for (const std::string &a : k.aliases)
        if (a == query || (a.size() > query.size() && a[a.size() - query.size() - 1] == '.'
                           && a.compare(a.size() - query.size(), query.size(), query) == 0))
            return true;
    return false;
}

std::vector<KernelListing> listKernels(const CallGraph &graph)
{
    std::map<std::int64_t, KernelListing> byId;
    std::map<std::tuple<std::int64_t, int, std::string>, std::int64_t> first; // specialisations fold into the original
    std::map<std::int64_t, std::int64_t> canonical;
    for (const Kernel &k : graph.kernels) {
        const Symbol &s = graph.symbols[static_cast<size_t>(k.symbolId - 1)];
        const auto key = std::make_tuple(s.fileId, s.line, s.name);
        const auto [it, inserted] = first.emplace(key, s.id);
        canonical[s.id] = s.fileId > 0 ? it->second : s.id;
        if (!inserted && s.fileId > 0)
            continue;
        KernelListing l;
        l.symbolId = s.id;
        l.name = kernelDisplayName(graph, s);
        l.qualName = s.qualName;
        l.source = k.source;
        l.category = k.category;
        l.aliases = k.aliases;
        if (s.fileId > 0)
            l.definition = {repoName(graph, s.fileId), graph.files[static_cast<size_t>(s.fileId - 1)].path, s.line, {}};
        byId.emplace(s.id, std::move(l));
    }
    for (const Edge &e : graph.edges) {
        const auto c = canonical.find(e.calleeId);
        if (c == canonical.end())
            continue;
        const CallSite &site = graph.callSites[static_cast<size_t>(e.callSiteId - 1)];
        CodeLocation loc{repoName(graph, site.fileId), graph.files[static_cast<size_t>(site.fileId - 1)].path, site.line,
                         functionName(graph, site.callerId)};
        auto &sites = byId[c->second].callSites;
        if (std::none_of(sites.begin(), sites.end(), [&](const CodeLocation &x) { return x.file == loc.file && x.line == loc.line; }))
            sites.push_back(std::move(loc));
    }
    std::vector<KernelListing> out;
    for (auto &[id, l] : byId)
        out.push_back(std::move(l));
    std::sort(out.begin(), out.end(), [](const KernelListing &a, const KernelListing &b) {
        return std::tie(a.category, a.name, a.qualName) < std::tie(b.category, b.name, b.qualName);
    });
    return out;
}

QJsonObject kernelsToJson(const std::vector<KernelListing> &kernels)
{
    QJsonArray arr;
    for (const KernelListing &k : kernels) {
        QJsonObject o{{QStringLiteral("name"), QString::fromStdString(k.name)},
                      {QStringLiteral("qual_name"), QString::fromStdString(k.qualName)},
                      {QStringLiteral("source"), QString::fromStdString(k.source)},
                      {QStringLiteral("category"), QString::fromStdString(k.category)}};
        QJsonArray aliases;
        for (const std::string &a : k.aliases)
            aliases.append(QString::fromStdString(a));
        o.insert(QStringLiteral("aliases"), aliases);
        o.insert(QStringLiteral("definition"), k.definition.file.empty() ? QJsonValue() : QJsonValue(locationJson(k.definition, false)));
        QJsonArray sites;
        for (const CodeLocation &l : k.callSites)
            sites.append(locationJson(l, true));
        o.insert(QStringLiteral("call_sites"), sites);
        QJsonArray ops;
        for (const std::string &op : k.ops)
            ops.append(QString::fromStdString(op));
        o.insert(QStringLiteral("ops"), ops);
        arr.append(o);
    }
    return QJsonObject{{QStringLiteral("kernels"), arr}};
}

} // namespace katlas
