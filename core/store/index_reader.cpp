// Read queries over an index (see index_reader.h).
#include "store/index_reader.h"

#include "graph/dense_ids.h"
#include "store/condition_codec.h"
#include "store/facts_codec.h"
#include "store/row_statements.h"
#include "store/sqlite_statement.h"
#include "store/stats_codec.h"

#include <QtConcurrent>

namespace katlas {
namespace {

int count(const Database &db, const char *sql)
{
    Statement st(db.handle(), sql);
    return st.next() ? st.i32(0) : 0;
}

Symbol symbolRow(const Statement &st)
{
    return {st.i64(0), st.i64(1), st.text(2), st.text(3), symbolKindFromName(st.text(4)), st.i32(5), st.i32(6), st.i64(7), st.i64(8),
            st.text(9)};
}

constexpr const char *kSymbolColumns = "id, coalesce(file_id, 0), qual_name, name, kind, line, end_line, coalesce(parent_id, 0), coalesce(origin_id, 0), variant";

} // namespace

CallGraph loadCallGraph(const Database &db, bool withGuards)
{
    CallGraph g;
    sqlite3 *h = db.handle();
    const ReadTransaction snapshot(db);
    {
        Statement st(h, "SELECT id, name, path, commit_id FROM repo ORDER BY id");
        while (st.next())
            g.repos.push_back({st.i64(0), st.text(1), st.text(2), st.text(3)});
    }
    {
        g.files.reserve(static_cast<size_t>(count(db, "SELECT count(*) FROM file")));
        Statement st(h, "SELECT id, repo_id, path, module, hash, size, line_count, mtime_ns FROM file ORDER BY id");
        while (st.next())
            g.files.push_back({st.i64(0), st.i64(1), st.text(2), st.text(3), st.text(4), st.i64(5), st.i32(6), st.i64(7)});
    }
    {
        g.symbols.reserve(static_cast<size_t>(count(db, "SELECT count(*) FROM symbol")));
        Statement st(h, (std::string("SELECT ") + kSymbolColumns + " FROM symbol ORDER BY id").c_str());
        while (st.next())
            g.symbols.push_back(symbolRow(st));
    }
    {
        g.callSites.reserve(static_cast<size_t>(count(db, "SELECT count(*) FROM call_site")));
        Statement st(h, withGuards ? "SELECT id, file_id, caller_id, callee, line, guards FROM call_site ORDER BY id"
                                   : "SELECT id, file_id, caller_id, callee, line FROM call_site ORDER BY id");
        while (st.next())
            g.callSites.push_back({st.i64(0), st.i64(1), st.i64(2), st.text(3), st.i32(4), withGuards ? decodeGuards(st.view(5)) : GuardList{}});
    }
    {
        g.edges.reserve(static_cast<size_t>(count(db, "SELECT count(*) FROM edge")));
        Statement st(h, "SELECT call_site_id, coalesce(callee_id, 0), resolution, conditions FROM edge ORDER BY rowid");
        while (st.next())
            g.edges.push_back({st.i64(0), st.i64(1), resolutionFromName(st.view(2)), decodeConditions(st.view(3))});
    }
    {
        Statement st(h, "SELECT symbol_id, source, category, aliases FROM kernel ORDER BY symbol_id");
        while (st.next())
            g.kernels.push_back({st.i64(0), st.text(1), st.text(2), splitKernelAliases(st.view(3))});
    }
    g.diagnostics = loadDiagnostics(db);
    makeIdsDense(g);
    return g;
}

std::vector<ModuleFacts> loadFacts(const Database &db, bool whole)
{
    // The blobs are read in order, then decoded on all cores.
    struct Blobs {
        std::string declarations, locals, calls;
        std::optional<ModuleFacts> facts;
    };
    std::vector<Blobs> blobs;
    blobs.reserve(static_cast<size_t>(count(db, "SELECT count(*) FROM file")));
    Statement st(db.handle(), whole ? "SELECT facts, locals, calls FROM file ORDER BY id" : "SELECT facts FROM file ORDER BY id");
    while (st.next()) {
        Blobs &b = blobs.emplace_back();
        b.declarations = st.blobView(0);
        if (whole) {
            b.locals = st.blobView(1);
            b.calls = st.blobView(2);
        }
    }
    QtConcurrent::blockingMap(blobs, [whole](Blobs &b) {
        b.facts = whole ? decodeFacts(b.declarations, b.locals, b.calls) : decodeFacts(b.declarations);
        for (std::string *blob : {&b.declarations, &b.locals, &b.calls})
            *blob = std::string(); // the memory goes back now
    });
    std::vector<ModuleFacts> out;
    out.reserve(blobs.size());
    for (Blobs &b : blobs) {
        if (!b.facts)
            return {}; // damaged: the caller parses afresh
        out.push_back(std::move(*b.facts));
    }
    return out;
}

namespace {

// One blob column of a file's row, decoded; empty when absent or damaged.
template <typename T, typename Decode>
std::vector<T> loadFileBlob(const Database &db, const char *sql, std::int64_t fileId, Decode decode)
{
    std::vector<T> out;
    Statement st(db.handle(), sql);
    st.bind(1, fileId);
    if (st.next() && !decode(st.blobView(0), out))
        out.clear();
    return out;
}

} // namespace

std::unordered_map<std::string, std::vector<int>> filesCallingByName(const Database &db)
{
    std::unordered_map<std::string, std::vector<int>> out;
    Statement st(db.handle(), "SELECT DISTINCT file_id, callee FROM call_site");
    while (st.next()) {
        const std::string callee(st.view(1));
        const size_t dot = callee.rfind('.');
        std::vector<int> &files = out[dot == std::string::npos ? callee : callee.substr(dot + 1)];
        const int file = static_cast<int>(st.i64(0) - 1);
        if (files.empty() || files.back() != file)
            files.push_back(file);
    }
    for (auto &[name, files] : out) {
        std::sort(files.begin(), files.end());
        files.erase(std::unique(files.begin(), files.end()), files.end());
    }
    return out;
}

std::vector<CallFact> loadCalls(const Database &db, std::int64_t fileId)
{
    return loadFileBlob<CallFact>(db, "SELECT calls FROM file WHERE id = ?", fileId, decodeCalls);
}

std::vector<AssignmentFact> loadLocals(const Database &db, std::int64_t fileId)
{
    return loadFileBlob<AssignmentFact>(db, "SELECT locals FROM file WHERE id = ?", fileId, decodeLocals);
}

std::unordered_map<std::string, FileStamp> fileStamps(const Database &db)
{
    std::unordered_map<std::string, FileStamp> out;
    Statement st(db.handle(), "SELECT repo.name || '/' || file.path, file.id, file.hash, file.size, file.mtime_ns "
                              "FROM file JOIN repo ON repo.id = file.repo_id");
    while (st.next())
        out.emplace(st.text(0), FileStamp{st.i64(1), st.text(2), st.i64(3), st.i64(4)});
    return out;
}

std::vector<Symbol> loadAddedSymbols(const Database &db)
{
    std::vector<Symbol> out;
    Statement st(db.handle(), (std::string("SELECT ") + kSymbolColumns
                               + " FROM symbol WHERE kind = 'external' OR origin_id IS NOT NULL ORDER BY id").c_str());
    while (st.next())
        out.push_back(symbolRow(st));
    return out;
}

std::int64_t lastCallSiteId(const Database &db)
{
    Statement st(db.handle(), "SELECT coalesce(max(id), 0) FROM call_site");
    return st.next() ? st.i64(0) : 0;
}

std::set<std::int64_t> loadKernelIds(const Database &db)
{
    std::set<std::int64_t> out;
    Statement st(db.handle(), "SELECT symbol_id FROM kernel");
    while (st.next())
        out.insert(st.i64(0));
    return out;
}

std::map<std::string, std::string> loadMeta(const Database &db)
{
    std::map<std::string, std::string> out;
    Statement st(db.handle(), "SELECT key, value FROM meta");
    while (st.next())
        out.emplace(st.text(0), st.text(1));
    return out;
}

IndexStats loadStats(const Database &db)
{
    Statement st(db.handle(), "SELECT value FROM meta WHERE key = 'stats'");
    if (st.next())
        if (std::optional<IndexStats> s = decodeStats(st.text(0)))
            return *s;
    return countStats(db);
}

IndexStats countStats(const Database &db)
{
    IndexStats s;
    s.files = count(db, "SELECT count(*) FROM file");
    s.symbols = count(db, "SELECT count(*) FROM symbol");
    s.callSites = count(db, "SELECT count(*) FROM call_site");
    s.edges = count(db, "SELECT count(*) FROM edge");
    s.resolvedCallSites = count(db, "SELECT count(DISTINCT call_site_id) FROM edge WHERE callee_id IS NOT NULL");
    s.diagnostics = count(db, "SELECT count(*) FROM diagnostic");
    {
        Statement st(db.handle(), "SELECT source, count(*) FROM kernel GROUP BY source ORDER BY source");
        while (st.next())
            s.kernelsBySource[st.text(0)] = st.i32(1);
    }
    {
        Statement st(db.handle(), "SELECT resolution, count(*) FROM edge GROUP BY resolution");
        while (st.next())
            s.edgesByResolution[st.text(0)] = st.i32(1);
    }
    return s;
}

int foreignKeyViolations(const Database &db)
{
    Statement st(db.handle(), "PRAGMA foreign_key_check");
    int n = 0;
    while (st.next())
        ++n;
    return n;
}

std::vector<FileDiagnostic> loadDiagnostics(const Database &db)
{
    std::vector<FileDiagnostic> out;
    Statement st(db.handle(), "SELECT coalesce(file_id, 0), path, line, message FROM diagnostic ORDER BY path, line");
    while (st.next())
        out.push_back({st.i64(0), st.text(1), st.i32(2), st.text(3)});
    return out;
}

std::vector<Symbol> searchSymbols(const Database &db, const std::string &query, int limit)
{
    // Quote every word as an FTS5 string and make it a prefix: user text can
    // never be read as FTS syntax.
    std::string match;
    std::string word;
    auto flush = [&] {
        if (word.empty())
            return;
        std::string quoted = "\"";
        for (char c : word)
            quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
        match += (match.empty() ? "" : " ") + quoted + "\"*";
        word.clear();
    };
    for (char c : query) {
        if (c == ' ' || c == '.' || c == '\t')
            flush();
        else
            word += c;
    }
    flush();
    std::vector<Symbol> out;
    if (match.empty())
        return out;
    Statement st(db.handle(), (std::string("SELECT ") + kSymbolColumns
                               + " FROM symbol WHERE id IN (SELECT rowid FROM symbol_fts WHERE symbol_fts MATCH ?"
                                 " ORDER BY rank LIMIT ?)")
                                  .c_str());
    st.bind(1, match).bind(2, limit);
    while (st.next())
        out.push_back(symbolRow(st));
    return out;
}

} // namespace katlas
