// In-place patch of an index (see index_patcher.h).
#include "store/index_patcher.h"

#include "store/facts_codec.h"
#include "store/row_statements.h"
#include "store/schema.h"
#include "store/sql_writer.h"
#include "store/stats_codec.h"

#include <QCoreApplication>
#include <QFile>

#include <algorithm>
#include <set>

namespace katlas {
namespace {

// An added symbol: an external or a per-receiver copy, which exists only
// because some call site reaches it.
constexpr const char *kAdded = "(s.kind = 'external' OR s.origin_id IS NOT NULL)";

class Patcher : public SqlWriter {
public:
    using SqlWriter::SqlWriter;

    std::optional<IndexStats> stats; // after the patch, when the index kept them

    void apply(const IndexPatch &p)
    {
        exec("BEGIN IMMEDIATE");
        replaceFiles(p);
        checkCancel();
        {
            Statement st(m_db, "UPDATE file SET mtime_ns = ? WHERE id = ?");
            for (const SourceFile &f : p.restamped)
                check(st.bind(1, f.mtimeNs).bind(2, f.id).exec());
        }
        {
            Statement st(m_db, "UPDATE symbol SET line = ?, end_line = ? WHERE id = ?");
            for (const Symbol &s : p.movedSymbols)
                check(st.bind(1, s.line).bind(2, s.endLine).bind(3, s.id).exec());
        }
        insertAll(kInsertSymbol, p.newSymbols, bindSymbol);
        insertAll(kInsertSymbolText, p.newSymbols, bindSymbolText);
        insertAll(kInsertCallSite, p.callSites, bindCallSite);
        insertAll(kInsertEdge, p.edges, bindEdge);
        insertAll(kInsertKernel, p.kernels, bindKernel);
        insertAll(kInsertDiagnostic, p.diagnostics, bindDiagnostic);
        checkCancel();
        dropUnreached();
        {
            Statement st(m_db, "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)");
            for (const auto &[k, v] : p.meta)
                check(st.bind(1, k).bind(2, v).exec());
            check(st.bind(1, std::string_view(kSettingDefaultsKey)).bind(2, mergedSettingDefaults(p)).exec());
            stats = updatedStats(p);
            if (stats)
                check(st.bind(1, std::string_view("stats")).bind(2, encodeStats(*stats)).exec());
            else
                exec("DELETE FROM meta WHERE key = 'stats'");
        }
        {
            Statement st(m_db, "UPDATE repo SET commit_id = ? WHERE id = ?");
            for (const Repo &r : p.repos)
                check(st.bind(1, r.commit).bind(2, r.id).exec());
        }
        checkCancel();
        // An index written before indexes carried their id gets it.
        exec(("PRAGMA application_id=" + std::to_string(kApplicationId)).c_str());
        exec("COMMIT");
    }

private:
    std::vector<std::int64_t> ids(Statement &st, std::int64_t arg)
    {
        std::vector<std::int64_t> out;
        st.bind(1, arg);
        while (st.next())
            out.push_back(st.i64(0));
        st.reset();
        return out;
    }

    // The changed files lose their call sites (and those of the copies of
    // their functions, which are theirs too); what those reached is
    // remembered, to drop what nothing reaches any more.
    void replaceFiles(const IndexPatch &p)
    {
        Statement reached(m_db, (std::string("SELECT DISTINCT e.callee_id FROM call_site c JOIN edge e ON e.call_site_id = c.id "
                                             "JOIN symbol s ON s.id = e.callee_id WHERE c.file_id = ? AND ") + kAdded).c_str());
        Statement edges(m_db, "DELETE FROM edge WHERE call_site_id IN (SELECT id FROM call_site WHERE file_id = ?)");
        Statement sites(m_db, "DELETE FROM call_site WHERE file_id = ?");
        Statement diagnostics(m_db, "DELETE FROM diagnostic WHERE file_id = ?");
        Statement file(m_db, "UPDATE file SET hash = ?, size = ?, line_count = ?, mtime_ns = ?, facts = ?, locals = ?, calls = ? WHERE id = ?");
        Statement removed(m_db, "SELECT c.id, e.callee_id IS NOT NULL, e.resolution FROM call_site c "
                                "LEFT JOIN edge e ON e.call_site_id = c.id WHERE c.file_id = ?");
        for (size_t i = 0; i < p.files.size(); ++i) {
            const SourceFile &f = p.files[i];
            for (std::int64_t id : ids(reached, f.id))
                m_candidates.insert(id);
            countRemoved(removed, f.id);
            check(edges.bind(1, f.id).exec());
            check(sites.bind(1, f.id).exec());
            check(diagnostics.bind(1, f.id).exec());
            m_removed.diagnostics += sqlite3_changes(m_db);
            const EncodedFacts blobs = encodeFacts(*p.facts[i]);
            file.bind(1, f.hash).bind(2, f.size).bind(3, f.lineCount).bind(4, f.mtimeNs);
            file.bindBlob(5, blobs.declarations).bindBlob(6, blobs.locals).bindBlob(7, blobs.calls);
            check(file.bind(8, f.id).exec());
        }
    }

    // Added symbols that only the replaced call sites reached, and what only
    // they reached in turn (cycles included), are dropped: a whole index
    // would not have them.
    void dropUnreached()
    {
        Statement callees(m_db, (std::string("SELECT DISTINCT e.callee_id FROM call_site c JOIN edge e ON e.call_site_id = c.id "
                                             "JOIN symbol s ON s.id = e.callee_id WHERE c.caller_id = ? AND ") + kAdded).c_str());
        Statement callers(m_db, "SELECT c.caller_id FROM edge e JOIN call_site c ON c.id = e.call_site_id WHERE e.callee_id = ?");
        std::set<std::int64_t> dead;
        std::vector<std::int64_t> todo(m_candidates.begin(), m_candidates.end());
        while (!todo.empty()) {
            const std::int64_t id = todo.back();
            todo.pop_back();
            if (dead.insert(id).second)
                for (std::int64_t callee : ids(callees, id))
                    todo.push_back(callee);
        }
        // Reached from a caller that stays: stays, and so on until no more do.
        auto reachedFromOutside = [&](std::int64_t id) {
            callers.bind(1, id);
            bool outside = false;
            while (!outside && callers.next())
                outside = !dead.count(callers.i64(0));
            callers.reset();
            return outside;
        };
        for (bool changed = true; changed;) {
            changed = false;
            for (auto it = dead.begin(); it != dead.end();) {
                if (reachedFromOutside(*it)) {
                    it = dead.erase(it);
                    changed = true;
                } else {
                    ++it;
                }
            }
        }
        Statement removed(m_db, "SELECT c.id, e.callee_id IS NOT NULL, e.resolution FROM call_site c "
                                "LEFT JOIN edge e ON e.call_site_id = c.id WHERE c.caller_id = ?");
        Statement kernelSource(m_db, "SELECT source FROM kernel WHERE symbol_id = ?");
        for (std::int64_t id : dead) {
            countRemoved(removed, id);
            kernelSource.bind(1, id);
            while (kernelSource.next())
                ++m_removed.kernelsBySource[kernelSource.text(0)];
            kernelSource.reset();
        }
        m_removed.symbols += static_cast<int>(dead.size());
        Statement edges(m_db, "DELETE FROM edge WHERE call_site_id IN (SELECT id FROM call_site WHERE caller_id = ?)");
        Statement sites(m_db, "DELETE FROM call_site WHERE caller_id = ?");
        Statement kernel(m_db, "DELETE FROM kernel WHERE symbol_id = ?");
        Statement fts(m_db, "INSERT INTO symbol_fts(symbol_fts, rowid, name, qual_name) SELECT 'delete', id, name, qual_name FROM symbol WHERE id = ?");
        Statement symbol(m_db, "DELETE FROM symbol WHERE id = ?");
        for (std::int64_t id : dead)
            for (Statement *st : {&edges, &sites, &kernel, &fts, &symbol})
                check(st->bind(1, id).exec());
    }

    // Counts the call sites a query selects (one row per edge) as removed.
    void countRemoved(Statement &rows, std::int64_t arg)
    {
        std::set<std::int64_t> sites, resolved;
        rows.bind(1, arg);
        while (rows.next()) {
            sites.insert(rows.i64(0));
            if (rows.i32(1))
                resolved.insert(rows.i64(0));
            if (!rows.view(2).empty()) {
                ++m_removed.edges;
                ++m_removed.edgesByResolution[rows.text(2)];
            }
        }
        rows.reset();
        m_removed.callSites += static_cast<int>(sites.size());
        m_removed.resolvedCallSites += static_cast<int>(resolved.size());
    }

    // The settings the index knew, and those the patch met.
    std::string mergedSettingDefaults(const IndexPatch &p)
    {
        Statement st(m_db, "SELECT value FROM meta WHERE key = 'setting_defaults'");
        SettingDefaults all = st.next() ? decodeSettingDefaults(st.text(0)) : SettingDefaults{};
        all.insert(p.settingDefaults.begin(), p.settingDefaults.end());
        return encodeSettingDefaults(all);
    }

    // The index's figures after the patch, from those it kept before;
    // nullopt when it kept none.
    std::optional<IndexStats> updatedStats(const IndexPatch &p)
    {
        Statement st(m_db, "SELECT value FROM meta WHERE key = 'stats'");
        std::optional<IndexStats> stats = st.next() ? decodeStats(st.text(0)) : std::nullopt;
        if (!stats)
            return std::nullopt;
        addStats(*stats, m_removed, -1);
        IndexStats added;
        countCalls(added, p.callSites, p.edges);
        added.symbols = static_cast<int>(p.newSymbols.size());
        added.diagnostics = static_cast<int>(p.diagnostics.size());
        for (const Kernel &k : p.kernels)
            ++added.kernelsBySource[k.source];
        addStats(*stats, added);
        return stats;
    }

    std::set<std::int64_t> m_candidates;
    IndexStats m_removed;
};

} // namespace

bool patchIndex(const QString &dbPath, const IndexPatch &patch, const std::atomic_bool *cancel, QString *error,
                std::optional<IndexStats> *stats)
{
    sqlite3 *db = nullptr;
    int rc = sqlite3_open_v2(QFile::encodeName(dbPath).constData(), &db, SQLITE_OPEN_READWRITE, nullptr);
    if (rc == SQLITE_OK)
        rc = sqlite3_busy_timeout(db, 5000);
    QString why;
    if (rc != SQLITE_OK) {
        why = QString::fromUtf8(db ? sqlite3_errmsg(db) : "out of memory");
    } else {
        try {
            Patcher patcher(db, cancel);
            patcher.apply(patch);
            if (stats)
                *stats = patcher.stats;
        } catch (const SqlFailed &f) {
            why = f.message;
            sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
        }
    }
    sqlite3_close(db);
    if (why.isEmpty())
        return true;
    if (error)
        *error = cancel && cancel->load()
            ? QCoreApplication::translate("IndexWriter", "indexing was cancelled; %1 is unchanged").arg(dbPath)
            : QCoreApplication::translate("IndexWriter", "cannot update the index %1: %2; it is unchanged").arg(dbPath, why);
    return false;
}

} // namespace katlas
