// kernel-atlas: the desktop application. With no arguments it opens the
// embedded demo workspace (indexing it on first start); --db FILE opens an
// index; --repo NAME=PATH ... indexes and opens.
#include "app_settings.h"
#include "language_switch.h"
#include "main_window.h"
#include "filter_bar.h"
#include "trace/config_matrix.h"
#include "trace/configuration.h"
#include "trace/op_graph.h"
#include "ui_bench.h"
#include "translations_anchor.h"

#include "index/demo_workspace.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>

#include <cstdio>

using namespace katlas;

int main(int argc, char **argv)
{
    QElapsedTimer sinceStart;
    sinceStart.start();
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("kernel-atlas"));
    QApplication::setOrganizationName(QStringLiteral("kernel-atlas"));
    QApplication::setApplicationVersion(QStringLiteral(KATLAS_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("io.github.kernel_atlas.KernelAtlas"));
    installTranslation(AppSettings().language());
    AppSettings::applyTheme(AppSettings().theme());

    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate("main", "Explorer of the call graph from LLM model ops to GPU kernels"));
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption db(QStringLiteral("db"), QCoreApplication::translate("main", "Open the index FILE."), QStringLiteral("FILE"));
    QCommandLineOption repo(QStringLiteral("repo"), QCoreApplication::translate("main", "Index the repository NAME=PATH (repeatable)."),
                            QStringLiteral("NAME=PATH"));
    QCommandLineOption profile(QStringLiteral("profile"), QCoreApplication::translate("main", "Profile to index with."), QStringLiteral("PROFILE"),
                               QStringLiteral("sglang"));
    QCommandLineOption screenshot(QStringLiteral("screenshot"), QCoreApplication::translate("main", "Save a screenshot to FILE and quit."),
                                  QStringLiteral("FILE"));
    QCommandLineOption select(QStringLiteral("select"), QCoreApplication::translate("main", "Select the op (or else the kernel) with the id or name OP once the index is open."),
                              QStringLiteral("OP"));
    QCommandLineOption filter(QStringLiteral("filter"), QCoreApplication::translate("main", "Start with the filter DIMENSION=VALUE[,VALUE] ..."),
                              QStringLiteral("FILTER"));
    QCommandLineOption benchUi(QStringLiteral("bench-ui"),
                               QCoreApplication::translate("main", "Open --db, print how long the window took (first paint, layout, selecting --select), and quit."));
    QCommandLineOption config(QStringLiteral("config"),
                              QCoreApplication::translate("main", "Start with the configuration NAME of the index's profile; --filter narrows it."),
                              QStringLiteral("NAME"));
    QCommandLineOption hfConfig(QStringLiteral("hf-config"),
                                QCoreApplication::translate("main", "Keep the checkpoint's config.json FILE as the index's model config (its ops' shapes)."),
                                QStringLiteral("FILE"));
    QCommandLineOption tp(QStringLiteral("tp"), QCoreApplication::translate("main", "With --hf-config: the tensor-parallel size N."),
                          QStringLiteral("N"), QStringLiteral("1"));
    parser.addOptions({db, repo, profile, screenshot, select, filter, config, benchUi, hfConfig, tp});
    parser.process(app);

    // On the heap: a new UI language builds the window again (LanguageSwitch).
    auto *window = new MainWindow;
    window->setAttribute(Qt::WA_DeleteOnClose);
    // The size the user left it at (restored by the window), else a default;
    // pictures and measurements always at the default, to be comparable.
    if (parser.isSet(screenshot) || parser.isSet(benchUi) || !QSettings().contains(QStringLiteral("window/geometry")))
        window->resize(1400, 900);
    window->show();
    LanguageSwitch languageSwitch(window);
    if (parser.isSet(benchUi)) {
        if (!parser.isSet(db)) {
            std::fprintf(stderr, "%s\n", qPrintable(QCoreApplication::translate("main", "--bench-ui needs --db FILE")));
            return 2;
        }
        auto *bench = new UiBench(window, sinceStart, parser.value(db), parser.value(select));
        QTimer::singleShot(0, bench, &UiBench::run);
        return app.exec();
    }
    QString error;
    if (parser.isSet(repo)) {
        std::vector<RepoInput> repos;
        for (const QString &spec : parser.values(repo))
            repos.push_back({spec.section(QLatin1Char('='), 0, 0).toStdString(), QFileInfo(spec.section(QLatin1Char('='), 1)).absoluteFilePath()});
        ProfileError perr;
        const QString p = parser.value(profile);
        auto prof = QFileInfo::exists(p) ? loadProfile(p, &perr) : loadBuiltinProfile(p, &perr);
        if (!prof) {
            QMessageBox::critical(window, QCoreApplication::translate("main", "Profile"), perr.toString());
            return 2;
        }
        window->startIndex(parser.isSet(db) ? parser.value(db) : QStringLiteral("index.katlas"), repos, *prof);
    } else if (parser.isSet(db)) {
        if (!window->openDatabase(parser.value(db), &error))
            QMessageBox::warning(window, QCoreApplication::translate("main", "Cannot open index"), error);
    } else if (const auto demo = demoWorkspace(&error)) {
        if (QFileInfo::exists(demo->defaultDbPath) && window->openDatabase(demo->defaultDbPath, &error))
            ;
        else
            window->startIndex(demo->defaultDbPath, demo->repos, demo->profile);
    } else {
        QMessageBox::warning(window, QCoreApplication::translate("main", "Demo workspace"), error);
    }
    if (parser.isSet(hfConfig) && window->session()) {
        ModelSetup setup;
        setup.configPath = QFileInfo(parser.value(hfConfig)).absoluteFilePath();
        setup.tp = std::max(1, parser.value(tp).toInt());
        AppSettings().setModelSetup(window->session()->path(), setup);
    }
    if (parser.isSet(config) && window->session()) {
        const Profile &p = window->session()->profile();
        if (p.configuration(parser.value(config).toStdString())) {
            window->chooseConfiguration(parser.value(config));
        } else {
            QStringList known;
            for (const Configuration &c : p.configurations)
                known << QString::fromStdString(c.name);
            QMessageBox::warning(window, QCoreApplication::translate("main", "Configuration"),
                                 QCoreApplication::translate("main", "No configuration named '%1'; known: %2")
                                     .arg(parser.value(config), known.join(QStringLiteral(", "))));
        }
    }
    if (parser.isSet(filter)) {
        std::string ferr;
        if (const auto f = DimensionFilter::parse(parser.value(filter).toStdString(), &ferr))
            window->setFilter(parser.isSet(config) ? combineFilters(window->filterBar()->filter(), *f) : *f);
        else
            QMessageBox::warning(window, QCoreApplication::translate("main", "Filter"), QString::fromStdString(ferr));
    }
    if (parser.isSet(select))
        QTimer::singleShot(800, window, [&] {
            const std::string wanted = parser.value(select).toStdString();
            const QString id = QString::fromStdString(findOpId(window->opGraph(), wanted, window->idleOps()));
            if (!id.isEmpty()) {
                window->selectOp(id);
                return;
            }
            // Else a kernel of that name, or library:name (`--select sgl-kernel:rmsnorm`:
            // its backtraces and callers).
            if (window->session())
                for (const Kernel &k : window->session()->index().graph().kernels)
                    if (const std::string name = kernelName(window->session()->index(), k.symbolId);
                        name == wanted || k.source + ":" + name == wanted) {
                        window->selectKernel(k.symbolId);
                        return;
                    }
            // An op the filter leaves out of the graph is named as such, not as unknown.
            if (const TraceSession *session = window->session();
                session && !findOpId(buildOpGraph(session->index(), session->profile(), {}, DimensionFilter{}), wanted).empty()) {
                const auto why = [](const QString &op) {
                    return QCoreApplication::translate("main", "The op %1 does not run under the filter, so it is not in the graph. "
                                                               "Clear the filter, or use --config: a configuration greys such ops instead.")
                        .arg(op);
                };
                std::fprintf(stderr, "%s\n", qPrintable(why(parser.value(select))));
                // In the window, the op by its last two steps, as the tree names them.
                const std::string trail = opTrail(wanted);
                const size_t last = trail.rfind(" \u203a ");
                const size_t before = last == std::string::npos || last == 0 ? std::string::npos : trail.rfind(" \u203a ", last - 1);
                window->statusBar()->showMessage(why(QString::fromStdString(before == std::string::npos ? trail : trail.substr(before + 5))));
                return;
            }
            std::fprintf(stderr, "%s\n", qPrintable(QCoreApplication::translate("main", "No op or kernel has the id or name %1.").arg(parser.value(select))));
        });
    if (parser.isSet(screenshot)) {
        QTimer::singleShot(2500, window, [&] {
            window->grab().save(parser.value(screenshot));
            app.quit();
        });
    }
    return app.exec();
}
