// Patching the previous index in place when the changed files changed in
// their calls only (see patchPreviousIndex in index_run.h).
#include "store/derived_values_codec.h"
#include "index/index_run.h"
#include "index/release_later.h"

#include "parse/declarations.h"
#include "resolve/call_graph_builder.h"
#include "resolve/kernel_launch_filter.h"
#include "store/index_patcher.h"
#include "store/index_reader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <optional>
#include <unordered_map>

namespace katlas {
namespace {

// The same repositories at the same paths (their commits may have moved).
bool sameRepos(const IndexRun &run)
{
    const QJsonArray old = QJsonDocument::fromJson(QByteArray::fromStdString(run.oldMeta.at("repos"))).array();
    if (old.size() != static_cast<qsizetype>(run.graph.repos.size()))
        return false;
    for (qsizetype i = 0; i < old.size(); ++i) {
        const QJsonObject o = old[i].toObject();
        const Repo &r = run.graph.repos[static_cast<size_t>(i)];
        if (o[QStringLiteral("name")].toString().toStdString() != r.name || o[QStringLiteral("path")].toString().toStdString() != r.path)
            return false;
    }
    return true;
}

// The files whose bytes changed, when every file of the run is in the
// previous index under the same id and none is new, gone or unreadable.
std::optional<std::vector<int>> changedFiles(const IndexRun &run)
{
    if (run.previous.stamps.size() != run.jobs.size())
        return std::nullopt;
    std::vector<int> changed;
    for (size_t i = 0; i < run.jobs.size(); ++i) {
        const FileJob &job = run.jobs[i];
        const auto stamp = run.previous.stamps.find(job.ref.repo + '/' + job.ref.relPath);
        if (!job.warning.isEmpty() || stamp == run.previous.stamps.end() || stamp->second.id != static_cast<std::int64_t>(i) + 1)
            return std::nullopt;
        if (!job.reuse)
            changed.push_back(static_cast<int>(i));
    }
    return changed;
}

} // namespace

std::optional<IndexReport> patchPreviousIndex(IndexRun &run, QThreadPool &pool)
{
    if (!run.old || !run.oldMeta.count("repos") || !sameRepos(run))
        return std::nullopt;
    const std::optional<std::vector<int>> changed = changedFiles(run);
    if (!changed)
        return std::nullopt;
    std::vector<ModuleFacts> facts = loadFacts(*run.old, false);
    if (facts.size() != run.jobs.size())
        return std::nullopt;
    for (int i : *changed) {
        ModuleFacts &old = facts[static_cast<size_t>(i)];
        old.locals = loadLocals(*run.old, i + 1);
        if (!sameDeclarations(old, run.jobs[static_cast<size_t>(i)].facts))
            return std::nullopt;
    }

    // Which library entries launch is known from the libraries' whole call
    // graph: a change in a kernel library's file re-indexes whole.
    if (run.request.profile.launches.enabled) {
        const KernelLaunchFilter libraries(run.request.profile);
        for (int i : *changed)
            if (libraries.libraryOf(run.jobs[static_cast<size_t>(i)].facts.module))
                return std::nullopt;
    }

    IndexPatch patch;
    for (int i : *changed) {
        const ModuleFacts &f = run.jobs[static_cast<size_t>(i)].facts;
        const auto fileId = static_cast<std::int64_t>(i) + 1;
        const Repo &repo = *std::find_if(run.graph.repos.begin(), run.graph.repos.end(), [&](const Repo &r) { return r.name == f.repo; });
        patch.files.push_back({fileId, repo.id, f.path, f.module, f.hash, f.size, f.lineCount, run.jobs[static_cast<size_t>(i)].ref.mtimeNs});
        for (const Diagnostic &d : f.diagnostics)
            patch.diagnostics.push_back({fileId, f.repo + '/' + f.path, d.line, d.message});
        facts[static_cast<size_t>(i)] = f; // a copy: a whole rebuild may still need the job's
    }
    for (size_t i = 0; i < run.jobs.size(); ++i) {
        const FileJob &job = run.jobs[i];
        if (job.reuse && job.read)
            patch.restamped.push_back({static_cast<std::int64_t>(i) + 1, 0, {}, {}, {}, 0, 0, job.ref.mtimeNs});
    }
    run.report.parseMs = run.phase.restart();

    IncrementalBuild incremental;
    incremental.modules = *changed;
    incremental.addedSymbols = loadAddedSymbols(*run.old);
    incremental.lastCallSiteId = lastCallSiteId(*run.old);
    incremental.kernelsBefore = loadKernelIds(*run.old);
    incremental.loadCalls = [&](int fileIndex) { return loadCalls(*run.old, fileIndex + 1); };
    incremental.loadLocals = [&](int fileIndex) { return loadLocals(*run.old, fileIndex + 1); };
    // Read once, on the first name asked for: each name's own query scanned every call site.
    std::optional<std::unordered_map<std::string, std::vector<int>>> callingFiles;
    incremental.filesCalling = [&](const std::string &name) {
        if (!callingFiles)
            callingFiles = filesCallingByName(*run.old);
        const auto it = callingFiles->find(name);
        return it == callingFiles->end() ? std::vector<int>{} : it->second;
    };
    BuildProgress progress;
    progress.cancel = run.cancel;
    progress.report = [&](int d, int t) { run.say(IndexProgress::Phase::Resolving, d, t); };
    std::shared_ptr<void> world;
    progress.release = [&](std::shared_ptr<void> w) { world = std::move(w); };
    CallGraph delta;
    if (!buildCallGraph(facts, run.request.profile, delta, progress, &incremental)) {
        if (run.cancelled())
            return run.fail({});
        run.phase.restart();
        return std::nullopt; // the index's added symbols do not fit: rebuild it whole
    }
    run.old.reset();
    run.report.parsedFiles = static_cast<int>(changed->size());
    run.report.reusedFiles = static_cast<int>(run.jobs.size() - changed->size());
    run.report.resolveMs = run.phase.restart();

    run.say(IndexProgress::Phase::Writing, 0, 1);
    patch.repos = run.graph.repos;
    std::vector<ModuleFacts> changedFacts;
    changedFacts.reserve(patch.files.size());
    for (const SourceFile &f : patch.files)
        changedFacts.push_back(std::move(facts[static_cast<size_t>(f.id - 1)]));
    for (const ModuleFacts &f : changedFacts)
        patch.facts.push_back(&f);
    // The world goes while the patch is written.
    releaseLater(pool, std::move(facts));
    releaseLater(pool, std::move(world));
    patch.newSymbols = std::move(delta.symbols);
    patch.movedSymbols = std::move(incremental.movedSymbols);
    patch.callSites = std::move(delta.callSites);
    patch.edges = std::move(delta.edges);
    patch.kernels = std::move(delta.kernels);
    patch.meta = run.meta();
    patch.settingDefaults = std::move(delta.settingDefaults);
    patch.meta.emplace_back(kDerivedValuesKey, encodeDerivedValues(delta.derivedValues));
    QString error;
    std::optional<IndexStats> stats;
    if (!patchIndex(run.request.dbPath, patch, run.cancel, &error, &stats))
        return run.fail(error);
    if (stats)
        run.report.stats = *stats;
    else if (auto db = Database::open(run.request.dbPath, &error))
        run.report.stats = loadStats(*db);
    run.report.writeMs = run.phase.restart();
    run.say(IndexProgress::Phase::Writing, 1, 1);
    run.report.patched = true;
    run.report.ok = true;
    run.report.totalMs = run.total.elapsed();
    return run.report;
}

} // namespace katlas
