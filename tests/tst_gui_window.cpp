// Tests of the main window, offscreen, on the demo index: graph and tree,
// selecting an op fills the matrix, filters, source view, search, export
// identical to the CLI, background indexing and its cancellation.
#include "demo_fixture.h"
#include "window_fixture.h"
#include "index/repo_copy.h"
#include "store/database.h"
#include "store/index_reader.h"

#include "configuration_picker.h"
#include "filter_bar.h"
#include "configuration_panel.h"
#include "dimension_button.h"
#include "graph_view.h"
#include "legend_dialog.h"
#include "graph_items.h"
#include "graph_minimap.h"
#include "export/op_graph_folding.h"
#include "index_runner.h"
#include "kernel_matrix_model.h"
#include "main_window.h"
#include "model_setup_dialog.h"
#include "shapes_panel.h"
#include "op_tree_model.h"
#include "path_list_model.h"
#include "search_dialog.h"
#include "source_view.h"

#include <QFileDialog>
#include <QHeaderView>
#include <QTimer>
#include <QApplication>
#include <QDirIterator>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSettings>
#include <QStatusBar>
#include <QLabel>
#include <QMenu>
#include <QToolButton>
#include <QTreeView>

using namespace katlas;
using namespace katlas::test;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestGuiWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        qputenv("SOURCE_DATE_EPOCH", "1700000000");
        QCoreApplication::setOrganizationName(QStringLiteral("kernel-atlas-tests"));
        m_db = indexDemo(m_dir);
        QSettings().remove(QStringLiteral("filter/configuration"));
    }

    void opensTheDemoAndDrawsIt()
    {
        MainWindow w;
        QString error;
        QVERIFY2(w.openDatabase(m_db, &error), qPrintable(error));
        QTRY_VERIFY(w.graphView()->nodeCount() > 5);
        QVERIFY(w.opTreeModel()->rowCount() >= 1);
        QVERIFY(w.opTreeModel()->indexForId(opId(w.opGraph(), "self.attn_mqa")).isValid());
        QVERIFY(!w.openDatabase(QStringLiteral(KATLAS_SOURCE_DIR "/README.md"), &error));
        QVERIFY(error.contains("not a Kernel Atlas database"));
        QCOMPARE(w.session()->path(), m_db); // the open index stays
    }

    void firstPaintIsLegible()
    {
        MainWindow w;
        QString error;
        QVERIFY2(w.openDatabase(m_db, &error), qPrintable(error));
        w.resize(1400, 900);
        w.show();
        QTRY_VERIFY(w.graphView()->nodeCount() > 0 && !w.layoutPending());
        QCoreApplication::processEvents();
        QVERIFY2(w.graphView()->labelPixels() >= 8, qPrintable(QString::number(w.graphView()->labelPixels())));
        QVERIFY(size_t(w.graphView()->nodeCount()) <= FoldBudget{}.nodes);

        // The window's own first paint of a generated model of 300 more ops
        // (the demo's model with 300 norms more, each an op of its own).
        QTemporaryDir generated;
        const std::vector<RepoInput> copies = copyIndexedFiles(demoRepos(), demoProfile(), generated.path());
        const QString modelFile = copies.front().path + QStringLiteral("/python/tinyserve/srt/models/deepmini.py");
        QByteArray model = readAll(modelFile);
        QByteArray inits, calls;
        for (int i = 0; i < 300; ++i) {
            inits += "        self.norm_" + QByteArray::number(i) + " = RMSNorm(config.hidden_size)\n";
            calls += "        hidden_states, _ = self.norm_" + QByteArray::number(i) + "(hidden_states, residual)\n";
        }
        const QByteArray initAt = "        self.norm = RMSNorm(config.hidden_size)\n";
        const QByteArray callAt = "        hidden_states, _ = self.norm(hidden_states, residual)\n";
        QVERIFY(model.contains(initAt) && model.contains(callAt));
        model.replace(callAt, callAt + calls).replace(initAt, initAt + inits);
        writeFile(modelFile, model);
        const QString bigDb = generated.filePath(QStringLiteral("big.katlas"));
        QVERIFY(runIndex({bigDb, copies, demoProfile(), true, 0}).ok);
        MainWindow wide;
        QVERIFY2(wide.openDatabase(bigDb, &error), qPrintable(error));
        size_t ops = 0;
        forEachOp(wide.opGraph().roots, [&](const OpNode &, int) { ++ops; });
        QVERIFY2(ops >= 300, qPrintable(QString::number(ops)));
        wide.resize(1400, 900);
        wide.show();
        QTRY_VERIFY(wide.graphView()->nodeCount() > 0 && !wide.layoutPending());
        QCoreApplication::processEvents();
        QVERIFY2(wide.graphView()->labelPixels() >= 8, qPrintable(QString::number(wide.graphView()->labelPixels())));
        QVERIFY(size_t(wide.graphView()->nodeCount()) <= FoldBudget{}.nodes);
        wide.hide();

        // A generated graph of 300 ops, all drawn: fit keeps labels legible
        // and shows its top; the overview shows where the view is.
        LayoutGraph big;
        for (int i = 0; i < 300; ++i) {
            big.nodes.push_back({"n" + std::to_string(i), QStringLiteral("op_%1()").arg(i)});
            if (i)
                big.edges.push_back({"n0", "n" + std::to_string(i), {}});
        }
        GraphView view;
        view.resize(800, 500);
        view.show();
        view.setGraph(big, layoutGraph(big));
        view.fitToWindow();
        QVERIFY2(view.labelPixels() >= 8, qPrintable(QString::number(view.labelPixels())));
        QVERIFY(view.mapToScene(view.viewport()->rect()).boundingRect().contains(view.nodeItem("n0")->boundingRect().center()));
        QVERIFY(view.minimap()->isVisible());
        const QRectF before = view.minimap()->shownArea();
        QTest::mouseClick(view.minimap()->viewport(), Qt::LeftButton, {}, QPoint(2, view.minimap()->viewport()->height() - 2));
        QVERIFY(view.minimap()->shownArea().center().x() < before.center().x());
        // At most a fifth of the view each way; in a view too small for it, none.
        QVERIFY2(view.minimap()->width() <= view.viewport()->width() / 5 + 6, qPrintable(QStringLiteral("%1 of %2").arg(view.minimap()->width()).arg(view.viewport()->width())));
        view.resize(500, 350);
        QCoreApplication::processEvents();
        view.fitToWindow();
        QVERIFY(!view.minimap()->isVisible());
        view.resize(800, 500);
        QCoreApplication::processEvents();
        view.fitToWindow();
        QVERIFY(view.minimap()->isVisible());
        view.setMinimapEnabled(false);
        QVERIFY(!view.minimap()->isVisible());
    }

    void foldingAndFocus()
    {
        MainWindow w;
        QString error;
        QVERIFY2(w.openDatabase(m_db, &error), qPrintable(error));
        QTRY_VERIFY(w.graphView()->nodeCount() > 0 && !w.layoutPending());
        w.unfoldAll();
        QTRY_VERIFY(!w.layoutPending());
        QCoreApplication::processEvents();
        size_t all = 0;
        forEachOp(w.opGraph().roots, [&](const OpNode &, int) { ++all; });
        QCOMPARE(size_t(w.graphView()->nodeCount()), all);
        const QString mqa = opId(w.opGraph(), "self.attn_mqa");
        w.selectOp(mqa);
        w.focusOnSelection();
        QTRY_VERIFY(!w.layoutPending());
        QCoreApplication::processEvents();
        // The op, its kernels, the containers above it and their siblings only.
        QVERIFY(w.graphView()->nodeItem(mqa));
        QVERIFY(size_t(w.graphView()->nodeCount()) < all);
        QVERIFY(w.drawingOptions().expandedLeaves.count(mqa.toStdString()));
        const std::int64_t kernel = w.currentPaths().paths.front().kernelId;
        const GraphNodeItem *kernelNode = w.graphView()->nodeItem(mqa + "=>" + QString::number(kernel));
        QVERIFY(kernelNode);
        // A kernel's node names its library under its name.
        QVERIFY2(kernelNode->label().endsWith(QStringLiteral("\n[%1]").arg(QString::fromStdString(w.session()->index().kernel(kernel)->source))),
                 qPrintable(kernelNode->label()));
        w.foldToStructure();
        QVERIFY(w.drawingOptions().expandedLeaves.empty());
    }

    // In a small window no op name, branch label or path chip is cut: the
    // tree's and the path list's column is as wide as its widest row (they
    // scroll), and a branch's label comes first.
    void namesAndChipsAreNeverCut()
    {
        MainWindow w;
        QString error;
        QVERIFY2(openShown(w, m_db, QSize(1024, 700), &error), qPrintable(error));
        // Every row of a view is drawn at least as wide as its delegate asks.
        const auto uncut = [](QTreeView *view) {
            int rows = 0;
            QStyleOptionViewItem option;
            option.initFrom(view);
            for (QModelIndex i = view->model()->index(0, 0); i.isValid(); i = view->indexBelow(i), ++rows)
                if (view->visualRect(i).width() < view->itemDelegate()->sizeHint(option, i).width())
                    return QStringLiteral("cut: ") + i.data().toString();
            return rows ? QString() : QStringLiteral("no rows");
        };
        w.opTree()->expandAll();
        QCoreApplication::processEvents();
        QCOMPARE(uncut(w.opTree()), QString());
        const QModelIndex branch = w.opTreeModel()->indexForId(opId(w.opGraph(), "self.attn_mqa")).parent();
        QVERIFY2(branch.data().toString().startsWith(QStringLiteral("[MLA] ")), qPrintable(branch.data().toString()));
        w.selectOp(opId(w.opGraph(), "self.attn_mqa"));
        QCoreApplication::processEvents();
        QCOMPARE(uncut(w.pathView()), QString());
    }

    // Help → Legend names what each colour of the graph and the chips means.
    void theLegendNamesEveryColour()
    {
        MainWindow w;
        QVERIFY(w.findChild<QAction *>(QStringLiteral("legendAction")));
        LegendDialog legend;
        QStringList texts;
        for (QLabel *l : legend.findChildren<QLabel *>())
            texts << l->text();
        for (const char *source : {"sgl-kernel", "flashinfer", "triton", "torch.ops"})
            QVERIFY2(texts.contains(QStringLiteral("Kernel of %1 (hexagon)").arg(QLatin1String(source))), source);
        QVERIFY(texts.contains(QStringLiteral("Op that does not run under the configuration")));
        QVERIFY(texts.join(' ').contains(QStringLiteral("at run time")));
        QVERIFY(texts.join(' ').contains(QStringLiteral("Light box: the ops a container runs")));
        // How a leaf op shows its kernels is said where leaf ops are explained.
        QVERIFY(texts.join(' ').contains(QStringLiteral("double-click or Space: its kernels")));
    }

    void selectingAnOpFillsTheMatrixAndFiltersApply()
    {
        MainWindow w;
        QString error;
        QVERIFY(w.openDatabase(m_db, &error));
        const QString mqa = opId(w.opGraph(), "self.attn_mqa");
        w.selectOp(mqa);
        QCOMPARE(w.opTree()->currentIndex(), w.opTreeModel()->indexForId(mqa));
        KernelMatrixModel *m = w.matrixModel();
        QCOMPARE(m->rowCount(), 3);
        QCOMPARE(m->headerData(2, Qt::Vertical, Qt::DisplayRole).toString(), QStringLiteral("cutlass_mla"));
        QVERIFY(m->data(m->index(2, 0), Qt::DisplayRole).toString().contains("cutlass_mla_decode"));
        QVERIFY(m->data(m->index(0, 0), Qt::DisplayRole).toString().contains("decode_mla_kernel"));
        const int allPaths = static_cast<int>(w.currentPaths().paths.size());

        std::string perr;
        w.setFilter(*DimensionFilter::parse("attention_backend=triton", &perr));
        QCOMPARE(w.filterBar()->filter().toString(), std::string("attention_backend=triton"));
        w.selectOp(opId(w.opGraph(), "self.attn_mqa"));
        QCOMPARE(m->rowCount(), 1);
        QVERIFY(static_cast<int>(w.currentPaths().paths.size()) < allPaths);
        for (const KernelPath &p : w.currentPaths().paths)
            QCOMPARE(w.session()->index().kernel(p.kernelId)->source, std::string("triton"));
        QVERIFY(w.windowTitle().contains("Kernel Atlas"));
        w.filterBar()->reset();
        QVERIFY(w.filterBar()->filter().empty());
    }

    // An op's shapes and definitions: without a model config the panel says
    // how to add one; with the index's config.json and TP 8 it names each
    // definition its kernels give, with the const axes per GPU; a config
    // that is not a model configuration is refused by the dialog.
    void theShapesPanelShowsDefinitionsUnderAModelConfig()
    {
        MainWindow w;
        QString error;
        QVERIFY(w.openDatabase(m_db, &error));
        AppSettings().setModelSetup(m_db, {});
        QVERIFY(w.modelConfigAction()->isEnabled());
        std::string perr;
        w.setFilter(*DimensionFilter::parse("quantization=none stage=decode platform=cuda", &perr));
        w.selectOp(opId(w.opGraph(), "self.q_b_proj"));
        QVERIFY(w.shapesPanel()->isVisibleTo(&w));
        QVERIFY(w.shapesPanel()->text().contains("Model Config"));

        ModelSetupDialog dialog(m_db);
        dialog.setSetup({QStringLiteral(KATLAS_SOURCE_DIR "/README.md"), 8, 1, 1, false});
        QVERIFY(!dialog.apply());
        QVERIFY(dialog.problem().contains("README.md"));
        dialog.setSetup({QStringLiteral(KATLAS_TEST_DATA "/definitions/deepmini-config.json"), 8, 1, 1, false});
        QVERIFY2(dialog.apply(), qPrintable(dialog.problem()));
        QCOMPARE(AppSettings().modelSetup(m_db).tp, 8);

        w.selectOp(opId(w.opGraph(), "self.o_proj"));
        QTRY_VERIFY(w.shapesPanel()->text().contains("gemm_n7168_k256")); // o_proj: 2048 / 8 per GPU
        QVERIFY(w.shapesPanel()->text().contains("N=7168"));
        QVERIFY(w.shapesPanel()->text().contains("TP 8"));
        // A container has no shapes of its own.
        w.selectOp(opId(w.opGraph(), "self.self_attn"));
        QVERIFY(!w.shapesPanel()->isVisibleTo(&w));
        AppSettings().setModelSetup(m_db, {});
    }

    // Every dimension of the profile has a chooser in the Configuration
    // panel; a value chosen there filters, shows as a chip under the
    // toolbar, and a click on the chip removes it; Reset stays in reach.
    void theConfigurationPanelReachesEveryDimension()
    {
        MainWindow w;
        QString error;
        QVERIFY2(w.openDatabase(m_db, &error), qPrintable(error));
        w.resize(1024, 700);
        w.show();
        for (const Dimension &d : w.session()->profile().dimensions)
            QVERIFY2(w.configurationPanel()->button(d.key), d.key.c_str());
        QVERIFY(w.configurationPanelAction()->shortcut() == QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
        w.configurationPanelAction()->trigger();
        QVERIFY(w.configurationPanel()->isVisible());
        DimensionButton *platform = w.configurationPanel()->button("platform");
        QAction *cuda = nullptr;
        for (QAction *a : platform->menu()->actions())
            if (a->text() == "cuda")
                cuda = a;
        QVERIFY(cuda);
        cuda->trigger();
        QCOMPARE(w.effectiveFilter().allowed().at("platform"), std::set<std::string>{"cuda"});
        QCOMPARE(platform->text(), QStringLiteral("cuda"));
        QCOMPARE(w.filterBar()->chips(), QStringList{"platform=cuda"});
        auto *chip = w.filterBar()->findChild<QToolButton *>(QStringLiteral("chip_platform=cuda"));
        QVERIFY(chip && chip->isVisible());
        QTest::mouseClick(chip, Qt::LeftButton);
        QVERIFY(w.filterBar()->chips().isEmpty());
        QCOMPARE(platform->text(), QStringLiteral("Any"));
        // A preset's values fill the panel's choosers and the chips.
        w.chooseConfiguration(QStringLiteral("Demo FP8 decode"));
        QCOMPARE(w.configurationPanel()->button("attention_backend")->text(), QStringLiteral("cutlass_mla"));
        QVERIFY(w.filterBar()->chips().contains("attention_backend=cutlass_mla"));
        QCOMPARE(w.configurationPanel()->picker()->configuration(), QStringLiteral("Demo FP8 decode"));
        QAction *reset = w.filterBar()->findChild<QAction *>(QStringLiteral("resetFilters"));
        QVERIFY(reset && w.filterBar()->widgetForAction(reset)->isVisible());
        reset->trigger();
        QVERIFY(w.filterBar()->chips().isEmpty());
        QCOMPARE(w.configurationPanel()->button("attention_backend")->text(), QStringLiteral("Any"));
    }

    // Choosing a configuration in the picker sets the filter bar, the status
    // bar names it, ops that do not run are greyed, the choice is remembered;
    // changing one of its values leaves it.
    void choosingAConfigurationSetsTheFilter()
    {
        MainWindow w;
        QString error;
        QVERIFY(w.openDatabase(m_db, &error));
        ConfigurationPicker *picker = w.configurationPicker();
        QCOMPARE(picker->count(), 3); // any + the demo's two presets
        QCOMPARE(picker->configuration(), QString());
        QVERIFY(w.idleOps().empty());

        // As a user would: focus the picker and pick with the keyboard.
        picker->setFocus();
        const int rocm = picker->findData(QStringLiteral("Demo ROCm decode"));
        QVERIFY(rocm > 0);
        picker->setCurrentIndex(rocm - 1);
        QTest::keyClick(picker, Qt::Key_Down);
        QCOMPARE(picker->configuration(), QStringLiteral("Demo ROCm decode"));
        QCOMPARE(w.activeConfiguration(), QStringLiteral("Demo ROCm decode"));
        QCOMPARE(w.filterBar()->filter().toString(), std::string("moe_runner_backend=triton platform=hip quantization=none stage=decode"));
        QVERIFY2(w.statusText().contains("Configuration: Demo ROCm decode"), qPrintable(w.statusText()));
        // Implications: only triton attention is left on hip.
        QCOMPARE(w.effectiveFilter().allowed().at("attention_backend"), std::set<std::string>{"triton"});
        // The norms have CUDA kernels only: greyed in the graph and the tree, not removed.
        const QString norm = opId(w.opGraph(), "self.input_layernorm");
        QVERIFY(!norm.isEmpty());
        QVERIFY(w.idleOps().count(norm.toStdString()));
        QCOMPARE(w.opTreeModel()->indexForId(norm).data(OpTreeModel::IdleRole).toBool(), true);
        QVERIFY(!w.opTreeModel()->indexForId(opId(w.opGraph(), "self.attn_mqa")).data(OpTreeModel::IdleRole).toBool());
        w.selectOp(opId(w.opGraph(), "self.attn_mqa"));
        QCOMPARE(w.matrixModel()->rowCount(), 1);
        QCOMPARE(QSettings().value(QStringLiteral("filter/configuration")).toString(), QStringLiteral("Demo ROCm decode"));

        // A new window on the same index starts with it.
        {
            MainWindow again;
            QVERIFY(again.openDatabase(m_db, &error));
            QCOMPARE(again.activeConfiguration(), QStringLiteral("Demo ROCm decode"));
            QCOMPARE(again.configurationPicker()->configuration(), QStringLiteral("Demo ROCm decode"));
            QCOMPARE(again.filterBar()->filter(), w.filterBar()->filter());
        }

        // Narrowing a dimension the preset leaves open keeps it; changing one of its values leaves it.
        std::string perr;
        w.setFilter(*DimensionFilter::parse(w.filterBar()->filter().toString() + " attn_path=MLA", &perr));
        QCOMPARE(w.activeConfiguration(), QStringLiteral("Demo ROCm decode"));
        w.setFilter(*DimensionFilter::parse("platform=cuda stage=decode", &perr));
        QCOMPARE(w.activeConfiguration(), QString());
        QCOMPARE(picker->currentIndex(), 0);
        QVERIFY(w.idleOps().empty());
        QVERIFY2(w.statusText().contains("Filter: platform=cuda stage=decode"), qPrintable(w.statusText()));

        // "Any configuration" clears the filters.
        w.chooseConfiguration(QStringLiteral("Demo FP8 decode"));
        QCOMPARE(w.filterBar()->filter().allowed().at("attention_backend"), std::set<std::string>{"cutlass_mla"});
        w.chooseConfiguration({});
        QVERIFY(w.filterBar()->filter().empty());
        QCOMPARE(QSettings().value(QStringLiteral("filter/configuration")).toString(), QString());
    }

    void framesShowTheirSource()
    {
        MainWindow w;
        QString error;
        QVERIFY(w.openDatabase(m_db, &error));
        w.selectOp(opId(w.opGraph(), "self.q_b_proj"));
        QVERIFY(!w.currentPaths().paths.empty());
        const PathFrame &frame = w.currentPaths().paths.front().frames.back();
        w.showSite(frame.siteId);
        const CallSite &site = w.session()->index().site(frame.siteId);
        QCOMPARE(w.sourceView()->currentLine(), site.line);
        QVERIFY(w.sourceView()->currentPath().endsWith(QString::fromStdString(w.session()->index().file(site.fileId)->path)));
        QVERIFY(!w.sourceView()->text().isEmpty());
    }

    void searchFindsOpsAndKernels()
    {
        MainWindow w;
        QString error;
        QVERIFY(w.openDatabase(m_db, &error));
        w.searchDialog()->setQuery(QStringLiteral("attn_mqa"));
        auto results = w.searchDialog()->results();
        QVERIFY(!results.empty());
        QCOMPARE(results.front().kind, SearchItem::Kind::Op);
        w.searchDialog()->setQuery(QStringLiteral("cutlass_mla_dec"));
        results = w.searchDialog()->results();
        QVERIFY(std::any_of(results.begin(), results.end(), [](const SearchItem &i) { return i.kind == SearchItem::Kind::Kernel; }));
        QSignalSpy chosen(w.searchDialog(), &SearchDialog::chosen);
        w.searchDialog()->setQuery(QStringLiteral("self.attn_mqa"));
        w.searchDialog()->acceptCurrent();
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(w.graphView()->selectedNode(), opId(w.opGraph(), "self.attn_mqa"));
    }

    // Ops of one name are told apart: a search result names the ops above
    // it, the tree's tooltip the whole trail.
    void opsOfOneNameAreToldApart()
    {
        MainWindow w;
        QString error;
        QVERIFY(w.openDatabase(m_db, &error));
        w.searchDialog()->setQuery(QStringLiteral("self.experts"));
        QSet<QString> details;
        for (const SearchItem &i : w.searchDialog()->results())
            if (i.kind == SearchItem::Kind::Op && i.text == QStringLiteral("self.experts")) {
                QVERIFY2(i.detail.contains(QStringLiteral("layer")), qPrintable(i.detail));
                details.insert(i.detail);
            }
        QVERIFY(details.size() > 1);
        // The branch right above comes first: it is what differs; where the
        // op is called (file:line) comes last.
        const QRegularExpression callSite(QStringLiteral("self\\.model  \\S+\\.py:\\d+$"));
        for (const QString &d : details)
            QVERIFY2(d.contains(QStringLiteral("in self.forward_")) && callSite.match(d).hasMatch(), qPrintable(d));
        const QString mqa = opId(w.opGraph(), "self.attn_mqa");
        const QString tip = w.opTreeModel()->data(w.opTreeModel()->indexForId(mqa), Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QString::fromStdString(opTrail(mqa.toStdString())).toHtmlEscaped()), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("self.attn_mqa")), qPrintable(tip));
        const OpPaths paths = findPaths(w.session()->index(), TraceSession::opCallSites(w.opGraph(), mqa.toStdString()), {});
        QVERIFY(!paths.paths.empty());
        const CallSite &site = w.session()->index().site(paths.paths.front().frames.front().siteId);
        QVERIFY2(tip.contains(QStringLiteral(".py:%1").arg(site.line)), qPrintable(tip));
    }

    // Under a configuration, Ctrl+K hides the ops that do not run; the box
    // shows them again, after the others and marked.
    void searchHidesOpsThatDoNotRun()
    {
        MainWindow w;
        QString error;
        QVERIFY(w.openDatabase(m_db, &error));
        w.chooseConfiguration(QStringLiteral("Demo ROCm decode"));
        const QString norm = opId(w.opGraph(), "self.input_layernorm");
        QVERIFY(w.idleOps().count(norm.toStdString()));
        const auto found = [&](const QString &query, const QString &target) {
            w.searchDialog()->setQuery(query);
            const auto results = w.searchDialog()->results();
            return std::any_of(results.begin(), results.end(), [&](const SearchItem &i) { return i.target == target; });
        };
        QVERIFY(!found(QStringLiteral("input_layernorm"), norm));
        QVERIFY(found(QStringLiteral("attn_mqa"), opId(w.opGraph(), "self.attn_mqa")));
        w.searchDialog()->setShowIdle(true);
        QVERIFY(found(QStringLiteral("layernorm"), norm));
        const auto results = w.searchDialog()->results();
        const auto idleAt = std::find_if(results.begin(), results.end(), [&](const SearchItem &i) { return i.target == norm; });
        QVERIFY(std::none_of(idleAt, results.end(), [&](const SearchItem &i) {
            return i.kind != SearchItem::Kind::Op || !w.idleOps().count(i.target.toStdString());
        }));
        w.chooseConfiguration({});
        w.searchDialog()->setShowIdle(false);
        QVERIFY(found(QStringLiteral("input_layernorm"), norm));
    }

    void exportMatchesTheCli()
    {
        MainWindow w;
        QString error;
        QVERIFY(w.openDatabase(m_db, &error));
        for (const QString &format : {QStringLiteral("op-traces-md"), QStringLiteral("kernel-traces-md"), QStringLiteral("json")}) {
            const QString gui = m_dir.filePath("gui-" + format);
            const QString cli = m_dir.filePath("cli-" + format);
            QVERIFY2(w.exportTo(format, gui, &error), qPrintable(error));
            QProcess p;
            p.start(QStringLiteral(KATLAS_BUILD_DIR "/app/katlas"), {"export", "--db", m_db, "--format", format, "-o", cli});
            QVERIFY(p.waitForFinished(60000));
            QCOMPARE(p.exitCode(), 0);
            QCOMPARE(readAll(gui), readAll(cli));
        }
    }

    // Export proposes "<model>-<what>.<suffix>" beside the index, then in
    // the folder of the last export.
    void exportProposesTheModelsNameInTheLastFolder()
    {
        QSettings().remove(QStringLiteral("export/folder"));
        MainWindow w;
        QString error;
        QVERIFY(w.openDatabase(m_db, &error));
        const QString model = QString::fromStdString(w.opGraph().model);
        QVERIFY(!model.isEmpty());
        QCOMPARE(w.proposedExportPath(QStringLiteral("op-traces-md"), QStringLiteral("md")),
                 QFileInfo(m_db).absolutePath() + QLatin1Char('/') + model + QStringLiteral("-op-traces.md"));
        QTemporaryDir elsewhere;
        QVERIFY(w.exportTo(QStringLiteral("json"), elsewhere.filePath(QStringLiteral("x.json")), &error));
        QCOMPARE(w.proposedExportPath(QStringLiteral("svg"), QStringLiteral("svg")),
                 QFileInfo(elsewhere.path()).absoluteFilePath() + QLatin1Char('/') + model + QStringLiteral("-graph.svg"));
        QSettings().remove(QStringLiteral("export/folder"));
    }

    // Through the menu and its file dialog: a name typed without a suffix
    // gets the format's (`report` -> `report.md`), one typed with it is kept.
    void exportAddsTheFormatsSuffix()
    {
        QApplication::setAttribute(Qt::AA_DontUseNativeDialogs);
        MainWindow w;
        QString error;
        QVERIFY(w.openDatabase(m_db, &error));
        QAction *opTraces = nullptr;
        for (QAction *a : w.findChildren<QAction *>())
            if (a->text() == MainWindow::tr("Op Traces (Markdown)…"))
                opTraces = a;
        QVERIFY(opTraces);
        QTemporaryDir out;
        for (const QString &typed : {QStringLiteral("report"), QStringLiteral("notes.md")}) {
            bool answered = false;
            QTimer::singleShot(0, &w, [&] {
                // The dialog is modal: it is answered from inside its own loop.
                QFileDialog *dialog = nullptr;
                QTRY_VERIFY(dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget()));
                QVERIFY(dialog->selectedFiles().value(0).endsWith(QStringLiteral("-op-traces.md")));
                dialog->selectFile(out.filePath(typed));
                answered = true;
                QMetaObject::invokeMethod(dialog, "accept");
            });
            opTraces->trigger();
            QVERIFY(answered);
            const QString expected = out.filePath(typed.endsWith(QStringLiteral(".md")) ? typed : typed + QStringLiteral(".md"));
            QVERIFY2(QFileInfo::exists(expected), qPrintable(expected));
            QVERIFY(readAll(expected).startsWith("#"));
            QVERIFY(!QFileInfo::exists(out.filePath(QStringLiteral("notes.md.md"))));
        }
        QSettings().remove(QStringLiteral("export/folder"));
    }

    // An export never replaces the open index (also through a link) and a
    // failed one leaves the old file as it was.
    void exportNeverReplacesTheIndexNorLosesTheOldFile()
    {
        MainWindow w;
        QString error;
        QVERIFY(w.openDatabase(m_db, &error));
        const QByteArray index = readAll(m_db);
        const QString link = m_dir.filePath(QStringLiteral("index-link.md"));
        QVERIFY(QFile::link(m_db, link));
        for (const QString &target : {m_db, link}) {
            error.clear();
            QVERIFY(!w.exportTo(QStringLiteral("op-traces-md"), target, &error));
            QVERIFY2(error.contains(QStringLiteral("open index")), qPrintable(error));
        }
        QCOMPARE(readAll(m_db), index);
        QVERIFY(QFileInfo(link).isSymLink());
        error.clear();
        QVERIFY(!w.exportTo(QStringLiteral("json"), m_dir.filePath(QStringLiteral("no/such/folder/t.json")), &error));
        QVERIFY2(error.contains(QStringLiteral("no/such/folder")), qPrintable(error));
        const QString old = m_dir.filePath(QStringLiteral("old.png"));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        error.clear();
        QVERIFY2(w.exportTo(QStringLiteral("png"), old, &error), qPrintable(error));
        QVERIFY(readAll(old).startsWith("\x89PNG"));
    }

    // kernel-atlas --bench-ui prints each measurement as "key number".
    void benchUiReportsEachMeasurement()
    {
        QProcess p;
        p.start(QStringLiteral(KATLAS_BUILD_DIR "/app/kernel-atlas"), {"--db", m_db, "--bench-ui", "--select", "self.q_b_proj"});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        for (const char *key : {"open_index_ms", "first_paint_ms", "layout_graph_ms", "layout_graph_nodes", "layout_expanded_ms",
                                "select_op_ms", "select_op_paths"}) {
            const QRegularExpression line(QStringLiteral("^%1 +(\\d+)$").arg(QLatin1String(key)), QRegularExpression::MultilineOption);
            const QRegularExpressionMatch m = line.match(out);
            QVERIFY2(m.hasMatch(), qPrintable(key + (": " + out)));
        }
        // The demo graph has nodes, and the op has paths.
        QVERIFY(!out.contains(QRegularExpression(QStringLiteral("^layout_graph_nodes +0$"), QRegularExpression::MultilineOption)));
        QVERIFY(!out.contains(QRegularExpression(QStringLiteral("^select_op_paths +0$"), QRegularExpression::MultilineOption)));

        QProcess bad;
        bad.start(QStringLiteral(KATLAS_BUILD_DIR "/app/kernel-atlas"), {"--db", m_db + ".missing", "--bench-ui"});
        QVERIFY(bad.waitForFinished(60000));
        QCOMPARE(bad.exitCode(), 2);
    }

    void cancellingAnIndexKeepsTheOldOne()
    {
        MainWindow w;
        QString error;
        QVERIFY(w.openDatabase(m_db, &error));
        const QByteArray before = readAll(m_db);
        QSignalSpy done(w.indexRunner(), &IndexRunner::finished);
        w.startIndex(m_db, demoRepos(), demoProfile());
        w.indexRunner()->cancel();
        QVERIFY(done.wait(60000));
        const IndexReport report = done.first().first().value<IndexReport>();
        QVERIFY(!report.ok);
        QCOMPARE(readAll(m_db), before);
        QCOMPARE(w.session()->path(), m_db);
        QVERIFY(w.graphView()->nodeCount() >= 0);
    }

    // Re-index (F5) after an edit of calls only: the open index is patched in
    // place, reopened, and the status bar says so.
    void reindexAfterAnEditPatchesInPlace()
    {
        QTemporaryDir dir;
        const std::vector<RepoInput> repos = copyIndexedFiles(demoRepos(), demoProfile(), dir.filePath("copy"));
        const QString db = dir.filePath("copy.katlas");
        QVERIFY(runIndex({db, repos, demoProfile(), true, 0}).ok);
        MainWindow w;
        QString error;
        QVERIFY2(w.openDatabase(db, &error), qPrintable(error));
        QFile norm(repos.front().path + "/python/tinyserve/srt/layers/layernorm.py");
        QVERIFY(norm.open(QIODevice::Append));
        norm.write("        torch.cuda.synchronize()\n"); // in the last method's body
        norm.close();
        QSignalSpy done(w.indexRunner(), &IndexRunner::finished);
        w.reindex();
        QVERIFY(done.wait(60000));
        const IndexReport report = done.first().first().value<IndexReport>();
        QVERIFY2(report.ok, qPrintable(report.error));
        QVERIFY(report.patched);
        QVERIFY2(w.statusBar()->currentMessage().contains("in place"), qPrintable(w.statusBar()->currentMessage()));
        QCOMPARE(w.session()->path(), db);
        QCOMPARE(searchSymbols(*Database::open(db, &error), "synchronize", 5).size(), size_t(1));
    }

    void vanishedRepositoryIsSaidInTheSourceView()
    {
        QTemporaryDir dir;
        // Index a copy, then delete the copy: the index still opens.
        for (const RepoInput &r : demoRepos()) {
            QDirIterator it(r.path, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString src = it.next();
                const QString dst = dir.filePath("copy/" + QString::fromStdString(r.name) + src.mid(r.path.size()));
                QDir().mkpath(QFileInfo(dst).absolutePath());
                QFile::copy(src, dst);
            }
        }
        const QString db = dir.filePath("moved.katlas");
        QVERIFY(runIndex({db, demoRepos(dir.filePath("copy")), demoProfile(), true, 0}).ok);
        QVERIFY(QDir(dir.filePath("copy")).removeRecursively());
        MainWindow w;
        QString error;
        QVERIFY2(w.openDatabase(db, &error), qPrintable(error));
        w.selectOp(opId(w.opGraph(), "self.q_b_proj"));
        QVERIFY(!w.currentPaths().paths.empty());
        w.showSite(w.currentPaths().paths.front().frames.front().siteId);
        QVERIFY2(w.sourceView()->message().contains("not available"), qPrintable(w.sourceView()->message()));
        QVERIFY(w.matrixModel()->rowCount() > 0);
    }

private:
    QTemporaryDir m_dir;
    QString m_db;
};

QTEST_MAIN(TestGuiWindow)
#include "tst_gui_window.moc"
