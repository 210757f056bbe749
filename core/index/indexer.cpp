// The indexing pipeline (see indexer.h).
#include "index/indexer.h"

#include "index/allocator_tuning.h"
#include "index/call_chunk_queue.h"
#include "index/repo_revision.h"
#include "parse/fact_extractor.h"
#include "parse/python_parser.h"
#include "parse/source_walker.h"
#include "resolve/call_graph_builder.h"
#include "store/database.h"
#include "store/index_reader.h"
#include "store/index_writer.h"
#include "store/schema.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QScopeGuard>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent>

#include <unordered_map>

namespace katlas {
namespace {


struct FileJob {
    SourceFileRef ref;
    const RepoRule *rule = nullptr;
    ModuleFacts facts;
    bool reuse = false;   // the old index has this file with the same hash
    QString warning;
};

// Line of the first byte that is not valid UTF-8, or 0 when all are.
int firstInvalidUtf8Line(std::string_view s)
{
    int line = 1;
    for (size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c == '\n')
            ++line;
        size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
        if (len == 0 || i + len > s.size())
            return line;
        for (size_t k = 1; k < len; ++k)
            if ((static_cast<unsigned char>(s[i + k]) >> 6) != 0x2)
                return line;
        i += len;
    }
    return 0;
}

void parseJob(FileJob &job, const std::unordered_map<std::string, std::string> &oldHashes)
{
    QFile file(job.ref.absPath);
    if (!file.open(QIODevice::ReadOnly)) {
        job.warning = QCoreApplication::translate("Indexer", "%1: cannot be read (%2); skipped").arg(job.ref.absPath, file.errorString());
        return;
    }
    const QByteArray bytes = file.readAll();
    const std::string_view src(bytes.constData(), static_cast<size_t>(bytes.size()));
    ModuleFacts &f = job.facts;
    f.repo = job.ref.repo;
    f.path = job.ref.relPath;
    bool isPackage = false;
    f.module = moduleNameFor(job.ref.relPath, job.rule ? job.rule->packageRoots : std::vector<std::string>{"."}, &isPackage);
    f.isPackage = isPackage;
    f.hash = contentHash(src);
    f.size = bytes.size();
    const auto old = oldHashes.find(f.repo + '/' + f.path);
    if (old != oldHashes.end() && old->second == f.hash) {
        job.reuse = true;
        return;
    }
    thread_local PythonParser parser;
    extractFacts(parser, src, f);
    if (const int bad = firstInvalidUtf8Line(src))
        f.diagnostics.push_back({bad, "the file is not valid UTF-8; it was read as far as possible"});
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

} // namespace

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

std::string contentHash(std::string_view bytes)
{
    std::uint64_t h = 1469598103934665603ULL;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

IndexReport runIndex(const IndexRequest &request, const ProgressCallback &progress, const std::atomic_bool *cancel)
{
    tuneAllocatorForIndexing();
    IndexReport report;
    QElapsedTimer total, phase;
    total.start();
    phase.start();
    auto say = [&](IndexProgress::Phase p, int done, int all) {
        if (progress)
            progress({p, done, all});
    };
    auto cancelled = [&] { return cancel && cancel->load(); };
    auto fail = [&](const QString &why) {
        report.ok = false;
        report.cancelled = cancelled();
        report.error = report.cancelled ? QCoreApplication::translate("Indexer", "indexing was cancelled; the previous index is unchanged") : why;
        report.totalMs = total.elapsed();
        return report;
    };

    if (probeDatabase(request.dbPath) == DatabaseProbe::Foreign)
        return fail(QCoreApplication::translate("Indexer", "%1 exists and is not a Kernel Atlas database; it was left untouched (choose another --db)")
                        .arg(request.dbPath));

    // 1. Scan.
    say(IndexProgress::Phase::Scanning, 0, static_cast<int>(request.repos.size()));
    CallGraph graph;
    std::vector<FileJob> jobs;
    for (const RepoInput &repo : request.repos) {
        const RepoRule *rule = request.profile.repo(repo.name);
        WalkResult walk = walkRepo(repo.name, repo.path, rule);
        if (walk.rootMissing)
            return fail(QCoreApplication::translate("Indexer", "repository '%1': path %2 does not exist or is not a folder")
                            .arg(QString::fromStdString(repo.name), repo.path));
        for (const WalkIssue &issue : walk.issues) {
            report.warnings << issue.path + QStringLiteral(": ") + issue.message;
            graph.diagnostics.push_back({0, issue.path.toStdString(), 0, issue.message.toStdString()});
        }
        Repo r;
        r.id = static_cast<std::int64_t>(graph.repos.size()) + 1;
        r.name = repo.name;
        r.path = QFileInfo(repo.path).absoluteFilePath().toStdString();
        r.commit = gitRevision(repo.path).toStdString();
        graph.repos.push_back(r);
        for (SourceFileRef &ref : walk.files)
            jobs.push_back({std::move(ref), rule, {}, false, {}});
    }
    report.scanMs = phase.restart();
    if (cancelled())
        return fail({});

    // 2. Read, hash and parse on all cores; unchanged files keep their old facts.
    std::unordered_map<std::string, std::string> oldHashes;
    std::unique_ptr<Database> old;
    if (request.reuseUnchanged && QFileInfo::exists(request.dbPath)) {
        QString ignored;
        old = Database::open(request.dbPath, &ignored);
        if (old && loadMeta(*old)["profile_json"] == request.profile.sourceText)
            oldHashes = fileHashes(*old);
        else
            old.reset();
    }
    QThreadPool pool;
    pool.setMaxThreadCount(request.threads > 0 ? request.threads : QThread::idealThreadCount());
    std::atomic_int done{0};
    QFuture<void> future = QtConcurrent::map(&pool, jobs, [&](FileJob &job) {
        if (!cancelled())
            parseJob(job, oldHashes);
        ++done;
    });
    while (!future.isFinished()) {
        say(IndexProgress::Phase::Parsing, done.load(), static_cast<int>(jobs.size()));
        if (cancelled())
            future.cancel();
        QThread::msleep(40);
    }
    future.waitForFinished();
    say(IndexProgress::Phase::Parsing, static_cast<int>(jobs.size()), static_cast<int>(jobs.size()));
    if (cancelled())
        return fail({});

    // Nothing changed since the previous index: keep it as it is.
    const std::string repos = reposJson(request.repos, graph.repos).toStdString();
    if (old && oldHashes.size() == jobs.size() && loadMeta(*old)["repos"] == repos
        && std::all_of(jobs.begin(), jobs.end(), [](const FileJob &j) { return j.reuse; })) {
        report.upToDate = true;
        report.stats = loadStats(*old);
        report.reusedFiles = static_cast<int>(jobs.size());
        for (const FileJob &job : jobs)
            report.bytes += job.facts.size;
        report.parseMs = phase.restart();
        report.ok = true;
        report.totalMs = total.elapsed();
        return report;
    }

    std::vector<ModuleFacts> facts;
    facts.reserve(jobs.size());
    std::unordered_map<std::string, ModuleFacts> reused;
    if (old && std::any_of(jobs.begin(), jobs.end(), [](const FileJob &j) { return j.reuse; }))
        for (ModuleFacts &f : loadFacts(*old))
            reused.emplace(f.repo + '/' + f.path, std::move(f));
    for (FileJob &job : jobs) {
        if (!job.warning.isEmpty()) {
            report.warnings << job.warning;
            graph.diagnostics.push_back({0, job.ref.repo + '/' + job.ref.relPath, 0, job.warning.toStdString()});
            continue;
        }
        if (job.reuse) {
            auto it = reused.find(job.facts.repo + '/' + job.facts.path);
            if (it != reused.end()) {
                it->second.module = job.facts.module; // package roots may have moved
                it->second.isPackage = job.facts.isPackage;
                job.facts = std::move(it->second);
                ++report.reusedFiles;
            } else { // hash matched but the facts are gone: parse after all
                job.reuse = false;
                parseJob(job, {});
            }
        }
        if (!job.reuse)
            ++report.parsedFiles;
        report.bytes += job.facts.size;
        facts.push_back(std::move(job.facts));
    }
    old.reset();
    jobs.clear();
    report.parseMs = phase.restart();

    // 3. Resolve on this core while another stores the sources and their facts.
    std::unordered_map<std::string, std::int64_t> repoIds;
    for (const Repo &r : graph.repos)
        repoIds[r.name] = r.id;
    for (size_t i = 0; i < facts.size(); ++i) {
        const ModuleFacts &f = facts[i];
        const auto fileId = static_cast<std::int64_t>(i) + 1;
        graph.files.push_back({fileId, repoIds[f.repo], f.path, f.module, f.hash, f.size, f.lineCount});
        for (const Diagnostic &d : f.diagnostics)
            graph.diagnostics.push_back({fileId, f.repo + '/' + f.path, d.line, d.message});
    }
    QString error;
    std::unique_ptr<IndexWriter> writer = IndexWriter::create(request.dbPath, cancel, &error);
    if (!writer)
        return fail(error);
    CallChunkQueue chunks;
    QString storeError;
    QFuture<bool> store = QtConcurrent::run(&pool, [&] {
        bool ok = writer->writeSources(graph.repos, graph.files, facts, &storeError);
        while (auto chunk = chunks.pop()) // drained even after a failure
            ok = ok && writer->writeCalls(chunk->sites, chunk->edges, &storeError);
        return ok;
    });
    const auto joinStore = qScopeGuard([&] { // before the writer goes
        chunks.close();
        store.waitForFinished();
    });
    IndexStats handedOver;
    BuildProgress buildProgress;
    buildProgress.cancel = cancel;
    buildProgress.report = [&](int d, int t) { say(IndexProgress::Phase::Resolving, d, t); };
    buildProgress.emit = [&](std::vector<CallSite> &&sites, std::vector<Edge> &&edges) {
        countCalls(handedOver, sites, edges);
        chunks.push({std::move(sites), std::move(edges)});
    };
    const bool built = buildCallGraph(facts, request.profile, graph, buildProgress);
    chunks.close();
    report.resolveMs = phase.restart();
    say(IndexProgress::Phase::Writing, 0, 1);
    if (!store.result())
        return fail(storeError);
    if (!built)
        return fail({});

    // 4. Write the rest of the graph and put the new database in place of the old one.
    report.stats = statsOf(graph, std::move(handedOver));
    const IndexMeta meta = {
        {"tool_version", KATLAS_VERSION},
        {"schema_version", std::to_string(kSchemaVersion)},
        {"created", QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString()},
        {"profile_name", request.profile.name},
        {"profile_json", request.profile.sourceText},
        {"repos", repos},
        {"index_ms", std::to_string(total.elapsed())},
    };
    if (!writer->writeGraph(graph, meta, &error) || !writer->commit(&error))
        return fail(error);
    report.writeMs = phase.restart();
    say(IndexProgress::Phase::Writing, 1, 1);
    report.ok = true;
    report.totalMs = total.elapsed();
    return report;
}

} // namespace katlas
