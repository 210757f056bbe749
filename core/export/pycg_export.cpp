// PyCG export (see pycg_export.h). Per-class specialisations of inherited
// methods are folded back into the method they specialise, and classes
// instantiated without an __init__ give no edge, as PyCG writes them; a
// built-in type's method is named as PyCG names it (`<**PyStr**>.join`).
#include "export/pycg_export.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <map>
#include <set>
#include <string_view>

namespace katlas {

namespace {

std::string pycgName(const std::string &qualName)
{
    static const std::pair<const char *, const char *> kTypes[] = {{"<builtin>.str.", "<**PyStr**>."},
                                                                   {"<builtin>.dict.", "<**PyDict**>."},
                                                                   {"<builtin>.list.", "<**PyList**>."},
                                                                   {"<builtin>.set.", "<**PySet**>."},
                                                                   {"<builtin>.tuple.", "<**PyTuple**>."},
                                                                   {"<builtin>.int.", "<**PyInt**>."},
                                                                   {"<builtin>.float.", "<**PyFloat**>."}};
    for (const auto &[prefix, pycg] : kTypes)
        if (qualName.rfind(prefix, 0) == 0)
            return pycg + qualName.substr(std::string_view(prefix).size());
    return qualName;
}

} // namespace

QByteArray toPycgJson(const CallGraph &graph)
{
    // A specialisation shares file, line and name with the method it copies,
    // which comes first in id order.
    std::map<std::tuple<std::int64_t, int, std::string>, std::int64_t> firstAt;
    std::vector<std::int64_t> canonical(graph.symbols.size() + 1, 0);
    for (const Symbol &s : graph.symbols) {
        canonical[static_cast<size_t>(s.id)] = s.id;
        if (s.kind != SymbolKind::Method)
            continue;
        const auto [it, inserted] = firstAt.emplace(std::make_tuple(s.fileId, s.line, s.name), s.id);
        if (!inserted)
            canonical[static_cast<size_t>(s.id)] = it->second;
    }
    auto nameOf = [&](std::int64_t id) -> const std::string & {
        return graph.symbols[static_cast<size_t>(canonical[static_cast<size_t>(id)] - 1)].qualName;
    };

    std::map<std::string, std::set<std::string>> calls;
    for (const Symbol &s : graph.symbols)
        if (s.kind == SymbolKind::Module || ((s.kind == SymbolKind::Function || s.kind == SymbolKind::Method)
                                             && canonical[static_cast<size_t>(s.id)] == s.id))
            calls[s.qualName];
    std::vector<std::int64_t> callerOf(graph.callSites.size() + 1, 0);
    for (const CallSite &c : graph.callSites)
        callerOf[static_cast<size_t>(c.id)] = c.callerId;
    // A method nothing calls as it is, whose copies are called: every object
    // it runs on has a known class, and its copy for that class says what it
    // calls; the method's own edges are those of an open receiver
    // (docs/call-resolution.md), which nothing makes.
    std::vector<char> called(graph.symbols.size() + 1, 0), copyCalled(graph.symbols.size() + 1, 0);
    for (const Edge &e : graph.edges)
        if (e.calleeId && e.resolution != Resolution::NameOnly && e.resolution != Resolution::Unresolved
            && callerOf[static_cast<size_t>(e.callSiteId)] != e.calleeId) {
            called[static_cast<size_t>(e.calleeId)] = 1;
            copyCalled[static_cast<size_t>(canonical[static_cast<size_t>(e.calleeId)])] |= canonical[static_cast<size_t>(e.calleeId)] != e.calleeId;
        }
    for (const Edge &e : graph.edges) {
        if (!e.calleeId || e.resolution == Resolution::NameOnly || e.resolution == Resolution::Unresolved)
            continue;
        const std::int64_t caller = callerOf[static_cast<size_t>(e.callSiteId)];
        if (caller && !called[static_cast<size_t>(caller)] && copyCalled[static_cast<size_t>(caller)])
            continue;
        const Symbol &callee = graph.symbols[static_cast<size_t>(e.calleeId - 1)];
        if (callee.kind == SymbolKind::Class || callee.kind == SymbolKind::Module)
            continue;
        const std::string to = pycgName(nameOf(e.calleeId));
        calls[nameOf(caller)].insert(to);
        calls[to];
    }
    QJsonObject root;
    for (const auto &[from, tos] : calls) {
        QJsonArray arr;
        for (const std::string &t : tos)
            arr.append(QString::fromStdString(t));
        root.insert(QString::fromStdString(from), arr);
    }
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace katlas
