// `katlas bench index`: the indexer's speed as a ratio to a raw tree-sitter
// parse of the same files in the same run, with peak memory and the cost of
// a re-index after one file changed.
#include "cli_context.h"

#include <QCoreApplication>
#include "commands.h"

#include "index/demo_workspace.h"
#include "parse/python_parser.h"
#include "parse/source_walker.h"
#include "store/index_maintenance.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QThread>
#include <QtConcurrent>

#include <sys/resource.h>

namespace katlas::cli {
namespace {

long peakRssMb()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss / 1024;
}

} // namespace

int runBenchCommand(const Args &args)
{
    if (args.positional.value(0) != QLatin1String("index"))
        throw UsageError{QCoreApplication::translate("Cli", "usage: katlas bench index --repo NAME=PATH ... [--profile P]")};
    std::vector<RepoInput> repos = reposFrom(args);
    Profile profile;
    if (repos.empty()) {
        QString error;
        auto demo = demoWorkspace(&error);
        if (!demo)
            throw CommandFailed{error};
        repos = demo->repos;
        profile = demo->profile;
    } else {
        profile = profileFrom(args, QStringLiteral("sglang"));
    }

    // The baseline: tree-sitter alone over the same bytes, one core and all cores.
    std::vector<QByteArray> sources;
    qint64 bytes = 0;
    for (const RepoInput &r : repos)
        for (const SourceFileRef &f : walkRepo(r.name, r.path, profile.repo(r.name)).files) {
            QFile file(f.absPath);
            if (file.open(QIODevice::ReadOnly)) {
                sources.push_back(file.readAll());
                bytes += sources.back().size();
            }
        }
    QElapsedTimer t;
    t.start();
    {
        PythonParser parser;
        for (const QByteArray &s : sources)
            parser.parse(std::string_view(s.constData(), static_cast<size_t>(s.size())));
    }
    const qint64 rawMs = t.restart();
    QtConcurrent::blockingMap(sources, [](const QByteArray &s) {
        thread_local PythonParser parser;
        parser.parse(std::string_view(s.constData(), static_cast<size_t>(s.size())));
    });
    const qint64 rawParallelMs = t.restart();
    const qint64 sourceMb = bytes >> 20;
    sources.clear();
    sources.shrink_to_fit();

    QTemporaryDir tmp;
    const QString db = tmp.filePath(QStringLiteral("bench.katlas"));
    const IndexReport full = runIndex({db, repos, profile, false, 0});
    if (!full.ok)
        throw CommandFailed{full.error};
    const long rss = peakRssMb();
    const IndexReport same = runIndex({db, repos, profile, true, 0});
    markFileChanged(db, full.files / 2);
    const IndexReport one = runIndex({db, repos, profile, true, 0});
    if (!same.ok || !one.ok)
        throw CommandFailed{same.ok ? one.error : same.error};

    const int cores = QThread::idealThreadCount();
    out() << QCoreApplication::translate("Cli", "files:                %1 (%2 MB)").arg(full.files).arg(bytes / 1048576.0, 0, 'f', 1) << '\n'
          << QCoreApplication::translate("Cli", "raw parse, 1 core:    %1 ms").arg(rawMs) << '\n'
          << QCoreApplication::translate("Cli", "raw parse, %1 cores:   %2 ms").arg(cores).arg(rawParallelMs) << '\n'
          << QCoreApplication::translate("Cli", "full index:           %1 ms (scan %2, parse %3, resolve %4, write %5)")
                 .arg(full.totalMs).arg(full.scanMs).arg(full.parseMs).arg(full.resolveMs).arg(full.writeMs) << '\n'
          << QCoreApplication::translate("Cli", "ratio full/raw:       %1 (1-core raw parse), %2 (%3-core raw parse)")
                 .arg(double(full.totalMs) / std::max<qint64>(1, rawMs), 0, 'f', 2)
                 .arg(double(full.totalMs) / std::max<qint64>(1, rawParallelMs), 0, 'f', 2)
                 .arg(cores) << '\n'
          << QCoreApplication::translate("Cli", "peak RSS:             %1 MB (sources %2 MB)").arg(rss).arg(sourceMb) << '\n'
          << QCoreApplication::translate("Cli", "re-index, unchanged:  %1 ms (%2% of full)").arg(same.totalMs).arg(100.0 * same.totalMs / std::max<qint64>(1, full.totalMs), 0, 'f', 1) << '\n'
          << QCoreApplication::translate("Cli", "re-index, 1 changed:  %1 ms (%2% of full; %3 parsed)")
                 .arg(one.totalMs).arg(100.0 * one.totalMs / std::max<qint64>(1, full.totalMs), 0, 'f', 1).arg(one.parsedFiles) << '\n';
    return 0;
}

} // namespace katlas::cli
