// `katlas index`: index repositories into a database, with a progress bar and
// a one-line summary.
#include "cli_context.h"

#include <QCoreApplication>
#include "commands.h"
#include "progress_bar.h"

#include "index/demo_workspace.h"
#include "store/database.h"

#include <QFileInfo>

#include <csignal>

namespace katlas::cli {
namespace {

std::atomic_bool g_interrupted{false};
void onInterrupt(int) { g_interrupted = true; }

QString kernelSummary(const std::map<std::string, int> &bySource)
{
    QStringList parts;
    for (const auto &[source, n] : bySource)
        parts << QStringLiteral("%1 %2").arg(n).arg(QString::fromStdString(source));
    return parts.join(QStringLiteral(", "));
}

} // namespace

int runIndexCommand(const Args &args)
{
    std::vector<RepoInput> repos = reposFrom(args);
    Profile profile;
    QString db = args.value(QStringLiteral("--db"));
    if (repos.empty()) {
        if (!args.has(QStringLiteral("--demo")))
            throw UsageError{QCoreApplication::translate("Cli", "index needs --repo NAME=PATH (or --demo for the demo workspace)")};
        QString error;
        std::optional<DemoWorkspace> demo = demoWorkspace(&error);
        if (!demo)
            throw CommandFailed{error};
        repos = demo->repos;
        profile = demo->profile;
        if (db.isEmpty())
            db = demo->defaultDbPath;
    } else {
        profile = profileFrom(args, QStringLiteral("sglang"));
    }
    if (db.isEmpty())
        throw UsageError{QCoreApplication::translate("Cli", "index needs --db FILE")};
    // The index is replaced by renaming a new file over it: a link would be
    // replaced by a plain file, and what it points to left stale.
    if (QFileInfo(db).isSymLink())
        throw UsageError{QCoreApplication::translate("Cli", "%1 is a symbolic link; give the path of the index itself (%2)")
                             .arg(db, QFileInfo(db).symLinkTarget())};
    // Only an index of ours is replaced: a SQLite file of another program
    // (even one with a table named `meta`) is refused before any work.
    if (probeDatabase(db) == DatabaseProbe::Foreign)
        throw UsageError{QCoreApplication::translate(
            "Cli", "%1 exists and is not a Kernel Atlas index; it was left untouched (choose another --db)")
                             .arg(db)};

    std::signal(SIGINT, onInterrupt);
    ProgressBar bar;
    IndexRequest request{db, repos, profile, !args.has(QStringLiteral("--full")), 0,
                         args.has(QStringLiteral("--follow-outside-links"))};
    const IndexReport r = runIndex(request, [&](const IndexProgress &p) { bar.update(p); }, &g_interrupted);
    bar.finish();
    for (const QString &w : r.warnings)
        err() << QCoreApplication::translate("Cli", "warning: %1").arg(w) << '\n';
    if (!r.ok)
        throw CommandFailed{r.error};
    if (r.upToDate) {
        out() << QCoreApplication::translate("Cli", "Up to date: none of the %1 files changed since the last index; it was kept (%2 s) -> %3")
                     .arg(r.stats.files)
                     .arg(r.totalMs / 1000.0, 0, 'f', 2)
                     .arg(QFileInfo(db).absoluteFilePath())
              << '\n';
        return 0;
    }
    out() << QCoreApplication::translate("Cli", "Indexed %1 files (%2 parsed, %3 unchanged), %4 call sites, %5% resolved, kernels: %6, in %7 s -> %8")
                 .arg(r.stats.files)
                 .arg(r.parsedFiles)
                 .arg(r.reusedFiles)
                 .arg(r.stats.callSites)
                 .arg(r.stats.resolvedPercent(), 0, 'f', 1)
                 .arg(kernelSummary(r.stats.kernelsBySource))
                 .arg(r.totalMs / 1000.0, 0, 'f', 2)
                 .arg(QFileInfo(db).absoluteFilePath())
          << '\n';
    return 0;
}

} // namespace katlas::cli
