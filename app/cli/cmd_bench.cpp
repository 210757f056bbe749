// `katlas bench index`: the indexer's speed as a ratio to a raw tree-sitter
// parse of the same files in the same run, with peak memory and the cost of
// a re-index after one file changed.
#include "cli_context.h"

#include <QCoreApplication>
#include "commands.h"

#include "index/demo_workspace.h"
#include "index/repo_copy.h"
#include "parse/python_parser.h"
#include "parse/source_walker.h"
#include "export/kernel_traces_md.h"
#include "export/op_graph_drawing.h"
#include "export/op_traces_md.h"

#include <QDir>

#include <algorithm>

#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
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

// The edits of the re-index cases: "touch" changes the file's time only,
// "call" puts a call before its first line (every line moves), "def" adds a
// function at its end.
void editFile(const QString &path, const char *edit)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadWrite))
        throw CommandFailed{QCoreApplication::translate("Cli", "%1: cannot be edited for the benchmark").arg(path)};
    QByteArray bytes = file.readAll();
    if (qstrcmp(edit, "call") == 0)
        bytes.prepend("print('katlas bench')\n");
    else if (qstrcmp(edit, "def") == 0)
        bytes.append("\n\ndef katlas_bench_probe():\n    return None\n");
    file.seek(0);
    file.write(bytes);
    file.setFileTime(QDateTime::currentDateTime(), QFileDevice::FileModificationTime);
}

} // namespace

namespace {

// `katlas bench trace`: the op graph, every path of every op, and each export,
// timed on an index (the demo's when --db is not given).
int benchTrace(const Args &args)
{
    const QString path = args.has(QStringLiteral("--db")) ? args.value(QStringLiteral("--db")) : demoDatabase();
    QElapsedTimer t;
    t.start();
    QString error;
    const auto session = TraceSession::open(path, &error);
    if (!session)
        throw CommandFailed{error};
    const qint64 loadMs = t.restart();
    const DimensionFilter filter = filterFrom(args, session->profile());
    const DimensionFilter effective = effectiveFrom(filter, session->profile());
    const OpGraph graph = buildOpGraph(session->index(), session->profile(), {}, effective);
    const qint64 graphMs = t.restart();
    qint64 slowest = 0, total = 0;
    std::string slowestOp;
    size_t ops = 0, paths = 0;
    for (const std::string &name : TraceSession::opNames(graph)) {
        const auto sites = TraceSession::opCallSites(graph, name);
        if (sites.empty())
            continue;
        QElapsedTimer one;
        one.start();
        const SiteContexts contexts = TraceSession::opContexts(graph, name);
        const OpPaths found = findPaths(session->index(), sites, effective, {}, &contexts);
        paths += found.paths.size();
        const qint64 ms = one.nsecsElapsed() / 1000;
        total += ms;
        ++ops;
        if (ms > slowest) {
            slowest = ms;
            slowestOp = name;
        }
    }
    t.restart();
    const TraceReport report = buildTraceReport(*session, {}, filter);
    const qint64 reportMs = t.restart();
    const MarkdownLinks links(session->index(), QDir::currentPath(), {});
    const std::string op = opTracesMarkdown(*session, report, links);
    const qint64 opMdMs = t.restart();
    const std::string kernel = kernelTracesMarkdown(*session, report, links);
    const qint64 kernelMdMs = t.restart();
    const LayoutGraph drawing = opGraphLayoutInput(session->index(), report.graph);
    const GraphLayout layout = layoutGraph(drawing);
    const qint64 layoutMs = t.restart();
    auto line = [](const char *label, const QString &value) { out() << QString::fromLatin1(label).leftJustified(34) << value << '\n'; };
    line("load index", QStringLiteral("%1 ms").arg(loadMs));
    line("op graph", QStringLiteral("%1 ms").arg(graphMs));
    line("all paths of all ops", QStringLiteral("%1 ms (%2 ops, %3 paths)").arg(total / 1000.0, 0, 'f', 1).arg(ops).arg(paths));
    line("slowest op's paths", QStringLiteral("%1 ms (%2)").arg(slowest / 1000.0, 0, 'f', 1).arg(QString::fromStdString(slowestOp)));
    line("report data (paths + kernels)", QStringLiteral("%1 ms").arg(reportMs));
    line("op traces markdown", QStringLiteral("%1 ms (%2 KB)").arg(opMdMs).arg(op.size() / 1024));
    line("kernel traces markdown", QStringLiteral("%1 ms (%2 KB)").arg(kernelMdMs).arg(kernel.size() / 1024));
    line("layout of the whole op graph", QStringLiteral("%1 ms (%2 nodes)").arg(layoutMs).arg(layout.nodes.size()));
    return 0;
}

} // namespace

int runBenchCommand(const Args &args)
{
    if (args.positional.value(0) == QLatin1String("trace"))
        return benchTrace(args);
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

    // The index is made of a copy of the files, which the re-index cases edit.
    QTemporaryDir tmp;
    const std::vector<RepoInput> copies = copyIndexedFiles(repos, profile, tmp.filePath(QStringLiteral("repos")));
    const QString db = tmp.filePath(QStringLiteral("bench.katlas"));
    const IndexReport full = runIndex({db, copies, profile, false, 0});
    if (!full.ok)
        throw CommandFailed{full.error};
    const long rss = peakRssMb();
    const QString probe = walkRepo(copies.front().name, copies.front().path, profile.repo(copies.front().name))
                              .files[static_cast<size_t>(full.stats.files / 2)].absPath;
    // Each case three times (three edits), the median reported.
    auto reindex = [&](const char *edit) {
        std::vector<IndexReport> runs;
        for (int i = 0; i < 3; ++i) {
            editFile(probe, edit);
            runs.push_back(runIndex({db, copies, profile, true, 0}));
            if (!runs.back().ok)
                throw CommandFailed{runs.back().error};
        }
        std::sort(runs.begin(), runs.end(), [](const IndexReport &a, const IndexReport &b) { return a.totalMs < b.totalMs; });
        return runs[1];
    };
    const IndexReport touched = reindex("touch");
    const IndexReport calls = reindex("call");
    const IndexReport declarations = reindex("def");

    const int cores = QThread::idealThreadCount();
    auto share = [&](const IndexReport &r) { return 100.0 * r.totalMs / std::max<qint64>(1, full.totalMs); };
    auto phases = [&](const IndexReport &r) {
        const QString how = r.upToDate ? QCoreApplication::translate("Cli", "up to date, kept")
            : r.patched               ? QCoreApplication::translate("Cli", "patched in place")
                                      : QCoreApplication::translate("Cli", "rebuilt");
        return QCoreApplication::translate("Cli", "%1 ms (%2% of full; %3; scan %4, read %5, resolve %6, write %7)")
            .arg(r.totalMs).arg(share(r), 0, 'f', 1).arg(how).arg(r.scanMs).arg(r.parseMs).arg(r.resolveMs).arg(r.writeMs);
    };
    out() << QCoreApplication::translate("Cli", "files:                %1 (%2 MB)").arg(full.stats.files).arg(bytes / 1048576.0, 0, 'f', 1) << '\n'
          << QCoreApplication::translate("Cli", "raw parse, 1 core:    %1 ms").arg(rawMs) << '\n'
          << QCoreApplication::translate("Cli", "raw parse, %1 cores:   %2 ms").arg(cores).arg(rawParallelMs) << '\n'
          << QCoreApplication::translate("Cli", "full index:           %1 ms (scan %2, parse %3, resolve %4, write %5)")
                 .arg(full.totalMs).arg(full.scanMs).arg(full.parseMs).arg(full.resolveMs).arg(full.writeMs) << '\n'
          << QCoreApplication::translate("Cli", "ratio full/raw:       %1 (1-core raw parse), %2 (%3-core raw parse)")
                 .arg(double(full.totalMs) / std::max<qint64>(1, rawMs), 0, 'f', 2)
                 .arg(double(full.totalMs) / std::max<qint64>(1, rawParallelMs), 0, 'f', 2)
                 .arg(cores) << '\n'
          << QCoreApplication::translate("Cli", "peak RSS:             %1 MB (sources %2 MB)").arg(rss).arg(sourceMb) << '\n'
          << QCoreApplication::translate("Cli", "re-index after one file was edited (%1; median of 3):").arg(QFileInfo(probe).fileName()) << '\n'
          << QCoreApplication::translate("Cli", "  touched:            %1").arg(phases(touched)) << '\n'
          << QCoreApplication::translate("Cli", "  a call added:       %1").arg(phases(calls)) << '\n'
          << QCoreApplication::translate("Cli", "  a function added:   %1").arg(phases(declarations)) << '\n';
    return 0;
}

} // namespace katlas::cli
