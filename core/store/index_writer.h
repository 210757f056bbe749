// Writes a whole index into a new database file and puts it in place of the
// old one atomically: a failed or cancelled write leaves the old one intact.
// The writing is staged so that the indexer can store the parsed sources on
// one core while it resolves the call graph on the other.
#pragma once

#include "graph/call_graph.h"

#include <QString>

#include <atomic>
#include <memory>
#include <string>
#include <utility>
#include <vector>

struct sqlite3;

namespace katlas {

using IndexMeta = std::vector<std::pair<std::string, std::string>>;

struct IndexContents {
    CallGraph graph;
    std::vector<ModuleFacts> facts; // parallel to graph.files
    IndexMeta meta;
};

// One index being written into a temporary file beside the target. Stages:
// writeSources (repos, files with their facts), writeCalls (call sites and
// edges, in chunks), writeGraph (symbols, kernels, diagnostics, meta), then commit, which builds the
// indexes and renames the file over the target. Destroyed uncommitted, it
// removes the temporary file. Each stage may run on any one thread at a time.
class IndexWriter {
public:
    static std::unique_ptr<IndexWriter> create(const QString &dbPath, const std::atomic_bool *cancel, QString *error);
    ~IndexWriter();
    IndexWriter(const IndexWriter &) = delete;
    IndexWriter &operator=(const IndexWriter &) = delete;

    bool writeSources(const std::vector<Repo> &repos, const std::vector<SourceFile> &files,
                      const std::vector<ModuleFacts> &facts, QString *error);
    // The definitions' symbols (the resolver's own come with writeGraph),
    // with the symbols' indexes; at most once, before writeGraph.
    bool writeDefinitions(const std::vector<Symbol> &symbols, QString *error);
    // Symbols the resolver added, after writeDefinitions; may be called
    // many times, with any chunk (writeGraph then writes the rest).
    bool writeAddedSymbols(const std::vector<Symbol> &symbols, QString *error);
    // Call sites and their edges; may be called many times, with any chunk.
    bool writeCalls(const std::vector<CallSite> &sites, const std::vector<Edge> &edges, QString *error);
    // Symbols, kernels, diagnostics and meta, and the graph's own call sites
    // and edges when it has any.
    bool writeGraph(const CallGraph &graph, const IndexMeta &meta, QString *error);
    bool commit(QString *error);

private:
    IndexWriter(const QString &dbPath, const QString &tmpPath, sqlite3 *db, const std::atomic_bool *cancel);
    template <typename Stage>
    bool run(Stage &&stage, QString *error);
    void discardTemp(); // removes the temporary file and forgets it

    QString m_dbPath;
    QString m_tmpPath;
    sqlite3 *m_db;
    bool m_symbolIndexes = false; // made by writeDefinitions
    const std::atomic_bool *m_cancel;
};

// All stages at once.
bool writeIndex(const QString &dbPath, const IndexContents &contents, const std::atomic_bool *cancel, QString *error);

} // namespace katlas
