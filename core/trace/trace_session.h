// An open index ready for tracing: the call graph with its adjacency, the
// profile it was indexed with, and the index's metadata. The CLI and the GUI
// both ask their questions through it.
#pragma once

#include "profile/profile.h"
#include "trace/call_index.h"
#include "trace/op_graph.h"

#include <QString>

#include <map>
#include <memory>

namespace katlas {

class TraceSession {
public:
    // nullptr and a message naming the file when it cannot be opened.
    static std::unique_ptr<TraceSession> open(const QString &dbPath, QString *error);
    TraceSession(CallGraph graph, Profile profile, std::map<std::string, std::string> meta, QString path);
    // The index's path judge keeps a reference to the index.
    TraceSession(const TraceSession &) = delete;
    TraceSession &operator=(const TraceSession &) = delete;

    const CallIndex &index() const { return m_index; }
    const Profile &profile() const { return m_profile; }
    const std::map<std::string, std::string> &meta() const { return m_meta; }
    const QString &path() const { return m_path; }

    // The leaf and container ops named `name` anywhere in the graph.
    static std::vector<const OpNode *> findOps(const OpGraph &graph, const std::string &name);
    static std::vector<std::string> opNames(const OpGraph &graph);
    // All call sites of every op named `name`, leaf or container.
    static std::vector<std::int64_t> opCallSites(const OpGraph &graph, const std::string &name);
    // Their contexts (contextsOf), for findPaths.
    static SiteContexts opContexts(const OpGraph &graph, const std::string &name);

    // "sglang@afe285f7, flashinfer@fb28d724" for report headers.
    std::string indexDescription() const;

private:
    CallIndex m_index;
    Profile m_profile;
    std::map<std::string, std::string> m_meta;
    QString m_path;
};

} // namespace katlas
