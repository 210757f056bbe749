// The indexing pipeline (see indexer.h).
#include "index/indexer.h"

#include "graph/setting_defaults.h"
#include "store/derived_values_codec.h"
#include "store/facts_codec.h"

#include "index/allocator_tuning.h"
#include "index/call_chunk_queue.h"
#include "index/index_run.h"
#include "index/release_later.h"
#include "index/repo_revision.h"
#include "resolve/call_graph_builder.h"
#include "store/index_reader.h"
#include "store/index_writer.h"
#include "store/schema.h"
#include "store/stats_codec.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QScopeGuard>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent>

#include <chrono>
#include <unordered_map>

namespace katlas {
namespace {

// Clock ticks of some file systems are coarse: a file whose time is this
// close to the previous scan is checked byte by byte.
constexpr std::int64_t kRacyWindowNs = 2'000'000'000;

std::int64_t nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

QByteArray reposJson(const std::vector<RepoInput> &repos, const std::vector<Repo> &out)
{
    QJsonArray arr;
    for (size_t i = 0; i < repos.size(); ++i)
        arr.append(QJsonObject{{QStringLiteral("name"), QString::fromStdString(repos[i].name)},
                               {QStringLiteral("path"), QString::fromStdString(out[i].path)},
                               {QStringLiteral("commit"), QString::fromStdString(out[i].commit)}});
    return QJsonDocument(arr).toJson(QJsonDocument::Compact);
}

// 1. The repos' Python files, in file id order.
bool scan(IndexRun &run)
{
    run.say(IndexProgress::Phase::Scanning, 0, static_cast<int>(run.request.repos.size()));
    run.scanStartNs = nowNs();
    for (const RepoInput &repo : run.request.repos) {
        const RepoRule *rule = run.request.profile.repo(repo.name);
        WalkResult walk = walkRepo(repo.name, repo.path, rule, kMaxSourceFileSize,
                                   [&](const SourceFileRef &ref) { return run.previous.unchanged(ref); },
                                   run.request.followOutsideLinks);
        if (walk.rootMissing) {
            run.fail(QCoreApplication::translate("Indexer", "repository '%1': path %2 does not exist or is not a folder")
                         .arg(QString::fromStdString(repo.name), repo.path));
            return false;
        }
        for (const WalkIssue &issue : walk.issues) {
            run.report.warnings << issue.path + QStringLiteral(": ") + issue.message;
            run.graph.diagnostics.push_back({0, issue.path.toStdString(), 0, issue.message.toStdString()});
        }
        Repo r;
        r.id = static_cast<std::int64_t>(run.graph.repos.size()) + 1;
        r.name = repo.name;
        r.path = QFileInfo(repo.path).absoluteFilePath().toStdString();
        r.commit = gitRevision(repo.path).toStdString();
        run.graph.repos.push_back(r);
        for (SourceFileRef &ref : walk.files)
            run.jobs.push_back({std::move(ref), rule, {}, false, false, {}});
    }
    run.reposJson = reposJson(run.request.repos, run.graph.repos).toStdString();
    run.report.scanMs = run.phase.restart();
    return !run.cancelled();
}

// The previous index, when it was made with the same profile: what it knows
// of each file.
void openPrevious(IndexRun &run)
{
    if (!run.request.reuseUnchanged || !QFileInfo::exists(run.request.dbPath))
        return;
    QString ignored;
    run.old = Database::open(run.request.dbPath, &ignored);
    if (run.old)
        run.oldMeta = loadMeta(*run.old);
    // Made with another profile, or by an extractor of other facts or another
    // release of the tool: nothing of it is reused, nor is it kept as it is.
    if (!run.old || run.oldMeta["profile_json"] != run.request.profile.sourceText
        || run.oldMeta["facts_version"] != std::to_string(factsFormatVersion()) || run.oldMeta["tool_version"] != KATLAS_VERSION) {
        run.old.reset();
        return;
    }
    run.previous.stamps = fileStamps(*run.old);
    run.previous.trustTimesBeforeNs = QString::fromStdString(run.oldMeta["scanned_ns"]).toLongLong() - kRacyWindowNs;
}

// 2. Read, hash and parse on all cores; unchanged files are not parsed, and
// not even read when their size and time are the same.
bool readFiles(IndexRun &run, QThreadPool &pool)
{
    std::atomic_int done{0};
    QFuture<void> future = QtConcurrent::map(&pool, run.jobs, [&](FileJob &job) {
        if (!run.cancelled())
            runFileJob(job, run.previous);
        ++done;
    });
    const int all = static_cast<int>(run.jobs.size());
    while (!future.isFinished()) {
        run.say(IndexProgress::Phase::Parsing, done.load(), all);
        if (run.cancelled())
            future.cancel();
        QThread::msleep(10);
    }
    future.waitForFinished();
    run.say(IndexProgress::Phase::Parsing, all, all);
    for (const FileJob &job : run.jobs)
        run.report.bytes += job.facts.size;
    return !run.cancelled();
}

// Nothing changed since the previous index: it is kept as it is.
bool keptUpToDate(IndexRun &run)
{
    if (!run.old || run.previous.stamps.size() != run.jobs.size() || run.oldMeta["repos"] != run.reposJson
        || !std::all_of(run.jobs.begin(), run.jobs.end(), [](const FileJob &j) { return j.reuse; }))
        return false;
    run.report.upToDate = true;
    run.report.stats = loadStats(*run.old);
    run.report.reusedFiles = static_cast<int>(run.jobs.size());
    run.report.parseMs = run.phase.restart();
    run.report.ok = true;
    run.report.totalMs = run.total.elapsed();
    return true;
}

// 3 and 4. The whole graph, resolved on this core while another stores the
// sources, written as a new database that replaces the old one when complete.
IndexReport rebuild(IndexRun &run, QThreadPool &pool)
{
    std::vector<ModuleFacts> facts;
    facts.reserve(run.jobs.size());
    std::unordered_map<std::string, ModuleFacts> reused;
    if (run.old && std::any_of(run.jobs.begin(), run.jobs.end(), [](const FileJob &j) { return j.reuse; }))
        for (ModuleFacts &f : loadFacts(*run.old))
            reused.emplace(f.repo + '/' + f.path, std::move(f));
    std::vector<std::int64_t> mtimes;
    for (FileJob &job : run.jobs) {
        if (!job.warning.isEmpty()) {
            run.report.warnings << job.warning;
            run.graph.diagnostics.push_back({0, job.ref.repo + '/' + job.ref.relPath, 0, job.warning.toStdString()});
            continue;
        }
        if (job.reuse) {
            auto it = reused.find(job.facts.repo + '/' + job.facts.path);
            if (it != reused.end()) {
                it->second.module = job.facts.module; // package roots may have moved
                it->second.isPackage = job.facts.isPackage;
                job.facts = std::move(it->second);
                ++run.report.reusedFiles;
            } else { // the facts are gone or damaged: parse after all
                job.reuse = false;
                runFileJob(job, {});
            }
        }
        if (!job.reuse)
            ++run.report.parsedFiles;
        mtimes.push_back(job.ref.mtimeNs);
        facts.push_back(std::move(job.facts));
    }
    run.old.reset();
    run.jobs.clear();
    run.report.parseMs = run.phase.restart();

    CallGraph &graph = run.graph;
    std::unordered_map<std::string, std::int64_t> repoIds;
    for (const Repo &r : graph.repos)
        repoIds[r.name] = r.id;
    for (size_t i = 0; i < facts.size(); ++i) {
        const ModuleFacts &f = facts[i];
        const auto fileId = static_cast<std::int64_t>(i) + 1;
        graph.files.push_back({fileId, repoIds[f.repo], f.path, f.module, f.hash, f.size, f.lineCount, mtimes[i]});
        for (const Diagnostic &d : f.diagnostics)
            graph.diagnostics.push_back({fileId, f.repo + '/' + f.path, d.line, d.message});
    }
    QString error;
    std::unique_ptr<IndexWriter> writer = IndexWriter::create(run.request.dbPath, run.cancel, &error);
    if (!writer)
        return run.fail(error);
    CallChunkQueue chunks;
    QString storeError;
    QFuture<bool> store = QtConcurrent::run(&pool, [&] {
        bool ok = writer->writeSources(graph.repos, graph.files, facts, &storeError);
        while (auto chunk = chunks.pop()) { // drained even after a failure
            if (!chunk->definitions.empty())
                ok = ok && writer->writeDefinitions(chunk->definitions, &storeError);
            if (!chunk->added.empty())
                ok = ok && writer->writeAddedSymbols(chunk->added, &storeError);
            ok = ok && writer->writeCalls(chunk->sites, chunk->edges, &storeError);
        }
        return ok;
    });
    const auto joinStore = qScopeGuard([&] { // before the writer goes
        chunks.close();
        store.waitForFinished();
    });
    IndexStats handedOver;
    BuildProgress buildProgress;
    buildProgress.cancel = run.cancel;
    buildProgress.report = [&](int d, int t) { run.say(IndexProgress::Phase::Resolving, d, t); };
    buildProgress.emit = [&](std::vector<CallSite> &&sites, std::vector<Edge> &&edges) {
        countCalls(handedOver, sites, edges);
        chunks.push({std::move(sites), std::move(edges), {}, {}});
    };
    buildProgress.definitions = [&](const std::vector<Symbol> &definitions) {
        handedOver.symbols += static_cast<int>(definitions.size());
        chunks.push({{}, {}, definitions, {}});
    };
    buildProgress.added = [&](std::vector<Symbol> &&added) {
        handedOver.symbols += static_cast<int>(added.size());
        chunks.push({{}, {}, {}, std::move(added)});
    };
    std::shared_ptr<void> world;
    buildProgress.release = [&](std::shared_ptr<void> w) { world = std::move(w); };
    const bool built = buildCallGraph(facts, run.request.profile, graph, buildProgress);
    chunks.close();
    run.report.resolveMs = run.phase.restart();
    run.say(IndexProgress::Phase::Writing, 0, 1);
    if (!store.result())
        return run.fail(storeError);
    // The sources are stored: the facts and the world go while the rest is written.
    releaseLater(pool, std::make_pair(std::move(facts), std::move(world)));
    if (!built)
        return run.fail({});

    run.report.stats = statsOf(graph, std::move(handedOver));
    IndexMeta meta = run.meta();
    meta.emplace_back("stats", encodeStats(run.report.stats));
    meta.emplace_back(kSettingDefaultsKey, encodeSettingDefaults(graph.settingDefaults));
    meta.emplace_back(kDerivedValuesKey, encodeDerivedValues(graph.derivedValues));
    if (!writer->writeGraph(graph, meta, &error) || !writer->commit(&error))
        return run.fail(error);
    run.report.writeMs = run.phase.restart();
    run.say(IndexProgress::Phase::Writing, 1, 1);
    run.report.ok = true;
    run.report.totalMs = run.total.elapsed();
    return run.report;
}

} // namespace

IndexReport IndexRun::fail(const QString &why)
{
    report.ok = false;
    report.cancelled = cancelled();
    report.error = report.cancelled ? QCoreApplication::translate("Indexer", "indexing was cancelled; the previous index is unchanged") : why;
    report.totalMs = total.elapsed();
    return report;
}

IndexMeta IndexRun::meta() const
{
    return {
        {"tool_version", KATLAS_VERSION},
        {"schema_version", std::to_string(kSchemaVersion)},
        {"facts_version", std::to_string(factsFormatVersion())},
        {"created", QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString()},
        {"profile_name", request.profile.name},
        {"profile_json", request.profile.sourceText},
        {"repos", reposJson},
        {"scanned_ns", std::to_string(scanStartNs)},
        {"index_ms", std::to_string(total.elapsed())},
    };
}

QString phaseName(IndexProgress::Phase phase)
{
    switch (phase) {
    case IndexProgress::Phase::Scanning: return QCoreApplication::translate("Indexer", "Scanning");
    case IndexProgress::Phase::Parsing: return QCoreApplication::translate("Indexer", "Parsing");
    case IndexProgress::Phase::Resolving: return QCoreApplication::translate("Indexer", "Resolving");
    case IndexProgress::Phase::Writing: return QCoreApplication::translate("Indexer", "Writing");
    }
    return {};
}

IndexReport runIndex(const IndexRequest &request, const ProgressCallback &progress, const std::atomic_bool *cancel)
{
    tuneAllocatorForIndexing();
    QElapsedTimer total;
    total.start();
    IndexReport report;
    {
        IndexRun run{request, progress, cancel, {}, {}, {}, {}, {}, {}, {}, {}, {}, 0};
        run.total.start();
        run.phase.start();
        report = [&] {
            const DatabaseProbe probe = probeDatabase(request.dbPath);
            if (probe == DatabaseProbe::Foreign)
                return run.fail(QCoreApplication::translate("Indexer", "%1 exists and is not a Kernel Atlas database; it was left untouched (choose another --db)")
                                    .arg(request.dbPath));
            if (probe == DatabaseProbe::Busy)
                return run.fail(QCoreApplication::translate("Indexer", "%1 is locked by another program; it was left unchanged (try again when it is done)")
                                    .arg(request.dbPath));
            openPrevious(run);
            if (!scan(run))
                return run.cancelled() ? run.fail({}) : run.report;
            QThreadPool pool;
            pool.setMaxThreadCount(request.threads > 0 ? request.threads : QThread::idealThreadCount());
            if (!readFiles(run, pool))
                return run.fail({});
            if (keptUpToDate(run))
                return run.report;
            if (std::optional<IndexReport> patched = patchPreviousIndex(run, pool))
                return *patched;
            return rebuild(run, pool);
        }();
    }
    report.totalMs = total.elapsed(); // with the memory given back
    return report;
}

} // namespace katlas
