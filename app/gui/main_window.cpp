// The main window: its panels, the index it opens, the graph and the filter
// (see main_window.h); a selection's flow between the panels is in
// main_window_selection.cpp, the history in main_window_history.cpp, menus
// and dialogs in main_window_actions.cpp.
#include "main_window.h"

#include "call_hierarchy_panel.h"
#include "condition_chip_delegate.h"
#include "configuration_panel.h"
#include "configuration_picker.h"
#include "definition_chooser.h"
#include "filter_bar.h"
#include "graph_view.h"
#include "graph_items.h"
#include "key_navigated_view.h"
#include "index_runner.h"
#include "kernel_matrix_model.h"
#include "op_tree_model.h"
#include "path_list_model.h"
#include "search_dialog.h"
#include "shapes_panel.h"
#include "source_view.h"

#include "export/kernel_listing.h"
#include "export/op_graph_folding.h"
#include "graph/allocation_condition.h"
#include "graph/graph_queries.h"
#include "trace/backtrace.h"
#include "trace/config_matrix.h"
#include "trace/configuration.h"

#include <algorithm>

#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QScopedValueRollback>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QToolBar>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace katlas {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_graph(new GraphView(this)), m_tree(new KeyNavigatedView<QTreeView>(this)), m_treeModel(new OpTreeModel(this)),
      m_matrix(new KeyNavigatedView<QTableView>(this)), m_matrixModel(new KernelMatrixModel(this)),
      m_pathView(new KeyNavigatedView<QTreeView>(this)), m_pathModel(new PathListModel(this)), m_source(new SourceView(this)),
      m_filterBar(new FilterBar(this)), m_picker(new ConfigurationPicker(this)), m_panel(new ConfigurationPanel(this)), m_search(new SearchDialog(this)),
      m_runner(new IndexRunner(this)), m_pathNotice(new QLabel(this)), m_status(new QLabel(this)),
      m_callHierarchy(new CallHierarchyPanel(this)), m_chooser(new DefinitionChooser(this)),
      m_shapes(new ShapesPanel(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setCentralWidget(m_graph);
    m_tree->setModel(m_treeModel);
    m_tree->setHeaderHidden(true);
    m_tree->setAccessibleName(tr("Ops"));
    // Names are never cut: the column takes its widest row and the tree scrolls.
    m_tree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(false);
    m_matrix->setModel(m_matrixModel);
    m_matrix->setSelectionMode(QAbstractItemView::SingleSelection);
    m_matrix->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_matrix->horizontalHeader()->setStretchLastSection(true);
    m_matrix->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_matrix->setWordWrap(true);
    m_matrix->setAccessibleName(tr("Kernels per backend and quantization"));
    m_pathView->setModel(m_pathModel);
    m_pathView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_chips = new ConditionChipDelegate(m_pathView);
    m_pathView->setItemDelegate(m_chips);
    m_pathView->setHeaderHidden(true);
    m_pathView->setAccessibleName(tr("Kernel paths"));
    // A path's chips are never clipped: its row is as wide as they are, and the list scrolls.
    m_pathView->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_pathView->header()->setStretchLastSection(false);
    m_pathNotice->setObjectName(QStringLiteral("pathNotice"));
    m_pathNotice->setWordWrap(true);
    m_pathNotice->setMargin(6);
    m_pathNotice->setFrameShape(QFrame::StyledPanel);
    m_pathNotice->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *configBar = new QToolBar(tr("Configuration"), this);
    configBar->setObjectName(QStringLiteral("configurationBar"));
    auto *configLabel = new QLabel(tr("C&onfiguration:"), configBar);
    configLabel->setBuddy(m_picker);
    configBar->addWidget(configLabel);
    configBar->addWidget(m_picker);
    createActions();
    addToolBar(Qt::TopToolBarArea, configBar);
    addToolBarBreak(Qt::TopToolBarArea);
    addToolBar(Qt::TopToolBarArea, m_filterBar);
    statusBar()->addWidget(m_status, 1);
    createDocks();
    // Tab goes around the panels: graph, ops, matrix, paths, source.
    setTabOrder(m_graph, m_tree);
    setTabOrder(m_tree, m_matrix);
    setTabOrder(m_matrix, m_pathView);
    setTabOrder(m_pathView, m_source);
    setTabOrder(m_source, m_callHierarchy);

    connect(m_graph, &GraphView::nodeClicked, this, [this](const QString &id) {
        if (id.contains(QLatin1String("=>")))
            selectKernel(id.section(QStringLiteral("=>"), 1).toLongLong());
        else
            selectOp(id);
    });
    connect(m_graph, &GraphView::nodeDoubleClicked, this, &MainWindow::toggleNode);
    // A selection by the keyboard updates the panels as a click does; the
    // current item that Tab gives a view it enters is not a selection.
    connect(m_tree->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        const QString id = m_tree->currentIndex().data(OpTreeModel::IdRole).toString();
        if (m_applying || id.isEmpty() || id == m_selectedOp || !m_tree->selectionModel()->isSelected(m_tree->currentIndex()))
            return;
        showOp(id);
        recordSelection(m_tree);
    });
    connect(m_matrix->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        if (m_matrix->selectionModel()->isSelected(m_matrix->currentIndex()))
            showMatrixCell(m_matrix->currentIndex());
    });
    connect(m_matrix, &QTableView::clicked, this, &MainWindow::showMatrixCell);
    connect(m_pathView->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        if (m_pathView->selectionModel()->isSelected(m_pathView->currentIndex()))
            showPathRow(m_pathView->currentIndex());
    });
    connect(m_pathView, &QTreeView::clicked, this, &MainWindow::showPathRow);
    connect(m_filterBar, &FilterBar::filterChanged, this, &MainWindow::setFilter);
    connect(m_picker, &ConfigurationPicker::chosen, this, &MainWindow::chooseConfiguration);
    connect(m_panel, &ConfigurationPanel::filterChanged, this, &MainWindow::setFilter);
    connect(m_panel->picker(), &ConfigurationPicker::chosen, this, &MainWindow::chooseConfiguration);
    connect(m_search, &SearchDialog::chosen, this, &MainWindow::jumpTo);
    connect(&m_layoutWatcher, &QFutureWatcher<GraphLayout>::finished, this, [this] {
        const GraphLayout layout = m_layoutWatcher.result();
        if (!layout.error.isEmpty())
            statusBar()->showMessage(layout.error);
        m_graph->setGraph(m_layoutInput, layout);
        if (m_fitPending) {
            m_fitPending = false;
            m_graph->fitToWindow();
        }
        if (!m_selectedOp.isEmpty())
            m_graph->selectNode(m_selectedOp);
    });

    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    if (!restoreState(settings.value(QStringLiteral("window/state")).toByteArray())) {
        // First start: room for the paths and their condition chips.
        if (auto *paths = findChild<QDockWidget *>(QStringLiteral("pathsDock")))
            resizeDocks({paths}, {520}, Qt::Horizontal);
        // The source and the callers side by side, tall enough to read a function.
        auto *source = findChild<QDockWidget *>(QStringLiteral("sourceDock"));
        auto *calls = findChild<QDockWidget *>(QStringLiteral("callHierarchyDock"));
        resizeDocks({source, calls}, {1, 1}, Qt::Horizontal);
        resizeDocks({source}, {300}, Qt::Vertical);
    }
    // The mouse's back and forward buttons work over every part of the window.
    qApp->installEventFilter(this);
    updateTitle();
    refreshSelection();
    updateCallHierarchy();
}

MainWindow::~MainWindow()
{
    m_layoutWatcher.waitForFinished();
    m_definitionsWatcher.waitForFinished(); // it reads the session
}

void MainWindow::createDocks()
{
    auto dock = [this](const QString &title, const QString &name, QWidget *w, Qt::DockWidgetArea area) {
        auto *d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(w);
        addDockWidget(area, d);
        return d;
    };
    QDockWidget *ops = dock(tr("Ops"), QStringLiteral("opsDock"), m_tree, Qt::LeftDockWidgetArea);
    // Wide enough for a branch label and an op's name at any window size.
    m_tree->setMinimumWidth(kOpsMinimumWidth);
    // Every dimension in one place, beside the ops; the chips under the
    // toolbar show what is chosen and open it.
    QDockWidget *configuration = dock(tr("Configuration"), QStringLiteral("configurationDock"), m_panel, Qt::LeftDockWidgetArea);
    tabifyDockWidget(ops, configuration);
    ops->raise();
    m_panelAction = new QAction(tr("Con&figuration Panel"), this);
    m_panelAction->setIconText(tr("Configure…"));
    m_panelAction->setToolTip(tr("Choose the value of each dimension (Ctrl+Shift+C)"));
    m_panelAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    m_panelAction->setObjectName(QStringLiteral("configurationPanelAction"));
    // Shown and in front whenever it is asked for, even when tabbed behind the ops.
    connect(m_panelAction, &QAction::triggered, configuration, [this, configuration] {
        configuration->show();
        configuration->raise();
        m_panel->setFocus();
    });
    addAction(m_panelAction);
    m_filterBar->setPanelAction(m_panelAction);
    if (auto *view = menuBar()->findChild<QMenu *>(QStringLiteral("viewMenu"))) {
        view->addAction(m_panelAction);
        // The bar's Reset, in the menu too, where its shortcut shows.
        if (auto *reset = m_filterBar->findChild<QAction *>(QStringLiteral("resetFilters")))
            view->addAction(reset);
    }
    auto *right = new QSplitter(Qt::Vertical, this);
    right->addWidget(m_matrix);
    right->addWidget(m_shapes);
    auto *paths = new QWidget(right);
    auto *pathsLayout = new QVBoxLayout(paths);
    pathsLayout->setContentsMargins(0, 0, 0, 0);
    pathsLayout->setSpacing(2);
    pathsLayout->addWidget(m_pathNotice);
    pathsLayout->addWidget(m_pathView, 1);
    right->addWidget(paths);
    right->setChildrenCollapsible(false);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 0); // the shapes take the height their text needs
    right->setStretchFactor(2, 4);
    dock(tr("Kernel paths"), QStringLiteral("pathsDock"), right, Qt::RightDockWidgetArea);
    QDockWidget *source = dock(tr("Source"), QStringLiteral("sourceDock"), m_source, Qt::BottomDockWidgetArea);
    QDockWidget *calls = dock(tr("Callers / Callees"), QStringLiteral("callHierarchyDock"), m_callHierarchy, Qt::BottomDockWidgetArea);
    splitDockWidget(source, calls, Qt::Horizontal);
    addCallHierarchyDock(calls);
}

bool MainWindow::openDatabase(const QString &path, QString *error)
{
    std::unique_ptr<TraceSession> session = TraceSession::open(path, error);
    if (!session)
        return false;
    m_definitionsWatcher.waitForFinished(); // it reads the session being replaced
    m_session = std::move(session);
    m_configuredKey.clear(); // the profile may be another one
    m_selectedOp.clear();
    m_selectedKernel = 0;
    m_sourceFile = 0;
    m_selectedFunction = 0;
    m_definitionsKey.clear();
    m_modelConfigAction->setEnabled(true);
    m_history.clear();
    m_lastKeyboardView = nullptr;
    updateHistoryActions();
    loadBookmarks();
    m_drawing = {};
    std::vector<Dimension> dims = m_session->profile().dimensions;
    m_filterBar->setDimensions(dims);
    m_panel->setDimensions(dims);
    QStringList order;
    for (const Dimension &d : dims)
        order << QString::fromStdString(d.key);
    m_chips->setDimensionOrder(order);
    m_picker->setConfigurations(m_session->profile().configurations);
    m_panel->picker()->setConfigurations(m_session->profile().configurations);
    m_filter = {};
    m_configuration.clear();
    // The configuration chosen last time, when this index's profile has it.
    const QString remembered = QSettings().value(QStringLiteral("filter/configuration")).toString();
    if (const Configuration *c = m_session->profile().configuration(remembered.toStdString())) {
        m_filter = configurationFilter(*c);
        m_configuration = remembered;
    }
    {
        const QSignalBlocker block(m_filterBar);
        m_filterBar->setFilter(m_filter);
    }
    m_panel->setFilter(m_filter);
    showConfiguration();
    std::vector<SearchItem> items;
    const CallIndex &index = m_session->index();
    for (const Kernel &k : index.graph().kernels)
        items.push_back({SearchItem::Kind::Kernel, QString::fromStdString(withAliases(kernelName(index, k.symbolId), kernelAliasNames(k))),
                         QString::fromStdString(k.source), QString::number(k.symbolId)});
    for (const Symbol &s : index.graph().symbols)
        if ((s.kind == SymbolKind::Function || s.kind == SymbolKind::Method) && !index.kernel(s.id))
            items.push_back({SearchItem::Kind::Function, QString::fromStdString(s.qualName), {}, QString::number(s.id)});
    for (const SourceFile &f : index.graph().files)
        items.push_back({SearchItem::Kind::File, QString::fromStdString(filePath(index.graph(), f.id)), {},
                         QString::number(f.id)});
    m_search->setIndexItems(std::move(items)); // the ops come with the graph
    m_fitPending = true;
    rebuildGraph();
    addRecent(path);
    updateCallHierarchy();
    updateTitle();
    return true;
}

void MainWindow::rebuildGraph()
{
    if (!m_session)
        return;
    const Profile &profile = m_session->profile();
    m_conflicts.clear();
    m_effective = katlas::effectiveFilter(deployedFilter(), profile, &m_conflicts);
    m_idle.clear();
    m_remote.clear();
    if (const Configuration *c = profile.configuration(m_configuration.toStdString())) {
        // Under a configuration the graph keeps every op the rest of the
        // filter lets through, and greys those that do not run under it.
        DimensionFilter rest = m_filter;
        for (const auto &[dim, values] : c->assignment)
            rest.clear(dim);
        m_opGraph = buildOpGraph(m_session->index(), profile, {}, katlas::effectiveFilter(rest, profile));
        m_idle = opsWithoutPath(m_session->index(), m_opGraph, m_effective);
    } else {
        m_opGraph = buildOpGraph(m_session->index(), profile, {}, m_effective);
        m_remote = opsOutsideConfigurations(m_session->index(), m_opGraph, profile);
    }
    if (!m_opGraph.error.empty())
        statusBar()->showMessage(QString::fromStdString(m_opGraph.error));
    m_treeModel->setGraph(m_opGraph, m_idle, &m_session->index());
    m_search->setOps(opSearchItems(), m_idle);
    m_tree->expandToDepth(3);
    if (const QModelIndex selected = m_treeModel->indexForId(m_selectedOp); selected.isValid()) {
        const QScopedValueRollback<bool> applying(m_applying, true);
        m_tree->setCurrentIndex(selected);
    }
    if (m_fitPending)
        m_drawing.collapsed = foldedToFit(m_opGraph, FoldBudget{}, m_idle);
    relayout();
    refreshSelection();
}

void MainWindow::relayout()
{
    m_drawing.filter = m_effective;
    m_drawing.idle = m_idle;
    m_layoutInput = opGraphLayoutInput(m_session->index(), m_opGraph, m_drawing);
    GraphNodeItem::measureLabels(m_layoutInput);
    // Graphviz runs off the UI thread; a newer request simply replaces the older result.
    m_layoutWatcher.waitForFinished();
    m_layoutWatcher.setFuture(QtConcurrent::run([input = m_layoutInput] { return layoutGraph(input); }));
}

void MainWindow::toggleNode(const QString &id)
{
    const std::string key = id.toStdString();
    const QModelIndex index = m_treeModel->indexForId(id);
    const bool leaf = index.data(OpTreeModel::LeafRole).toBool();
    auto &set = leaf ? m_drawing.expandedLeaves : m_drawing.collapsed;
    if (!set.erase(key))
        set.insert(key);
    relayout();
}

void MainWindow::setFilter(const DimensionFilter &filter)
{
    if (filter == m_filter && m_session)
        return;
    m_filter = filter;
    if (m_filterBar->filter() != filter) {
        const QSignalBlocker block(m_filterBar);
        m_filterBar->setFilter(filter);
    }
    m_panel->setFilter(filter);
    // The configuration stays active while the filter keeps its values.
    const Configuration *c = m_session ? matchingConfiguration(m_session->profile(), m_filter, m_configuration.toStdString()) : nullptr;
    const QString active = c ? QString::fromStdString(c->name) : QString();
    if (active != m_configuration) {
        m_configuration = active;
        QSettings().setValue(QStringLiteral("filter/configuration"), m_configuration);
    }
    showConfiguration();
    rebuildGraph();
    updateTitle();
}

void MainWindow::chooseConfiguration(const QString &name)
{
    const Configuration *c = m_session ? m_session->profile().configuration(name.toStdString()) : nullptr;
    m_configuration = c ? name : QString();
    QSettings().setValue(QStringLiteral("filter/configuration"), m_configuration);
    showConfiguration();
    const DimensionFilter filter = c ? configurationFilter(*c) : DimensionFilter{};
    if (filter == m_filter) {
        rebuildGraph();
        updateTitle();
    } else {
        setFilter(filter);
    }
}

void MainWindow::showConfiguration()
{
    m_picker->setConfiguration(m_configuration);
    m_panel->picker()->setConfiguration(m_configuration);
}

void MainWindow::updateTitle()
{
    const QString db = m_session ? QFileInfo(m_session->path()).fileName() : tr("no index");
    setWindowTitle(QStringLiteral("%1 — %2").arg(db, tr("Kernel Atlas")));
    m_status->setText(statusText());
}

QString MainWindow::statusText() const
{
    const QString model = QString::fromStdString(m_opGraph.label.empty() ? "-" : m_opGraph.label);
    QString text;
    if (const Configuration *c = m_session ? m_session->profile().configuration(m_configuration.toStdString()) : nullptr) {
        text = tr("Configuration: %1 · Model: %2 · %n op(s) do not run", nullptr, static_cast<int>(m_idle.size()))
                   .arg(QString::fromStdString(c->labelFor(QLocale().name().toStdString())), model);
    } else {
        const QString filter = m_filter.empty() ? tr("no filter") : QString::fromStdString(m_filter.toString());
        text = tr("Model: %1").arg(model);
        if (!m_checkpoint.isEmpty())
            text += QStringLiteral(" · ") + m_checkpoint;
        text += QStringLiteral(" · ") + tr("Filter: %1").arg(filter);
    }
    if (!m_conflicts.empty())
        text += QStringLiteral(" · ") + tr("Contradiction: %1").arg(QString::fromStdString(m_conflicts.front()));
    return text;
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    m_runner->cancel();
    event->accept();
}

std::vector<SearchItem> MainWindow::opSearchItems() const
{
    std::vector<SearchItem> items;
    forEachOp(m_opGraph.roots, [&](const OpNode &n, int) {
        // Told apart by where they stand: the ops above, with their branches.
        QStringList detail;
        if (!n.label.empty())
            detail << QStringLiteral("[%1]").arg(QString::fromStdString(n.label));
        // Nearest first: what tells ops of one name apart is the branch right
        // above them (`self.forward_normal ‹ self.mlp [DeepseekV2MoE] ‹ layer`),
        // which a narrow row must not cut.
        if (const std::string above = opTrail(n.id, 1); !above.empty()) {
            QStringList steps = QString::fromStdString(above).split(QStringLiteral(" \u203a "));
            std::reverse(steps.begin(), steps.end());
            detail << tr("in %1").arg(steps.join(QStringLiteral(" \u2039 ")));
        }
        // Last, where it is called: what the reader opens next.
        if (const std::string at = opLocation(m_session->index(), n); !at.empty())
            detail << QString::fromStdString(at);
        items.push_back({SearchItem::Kind::Op, QString::fromStdString(n.name), detail.join(QStringLiteral("  ")),
                         QString::fromStdString(n.id), m_remote.count(n.id) > 0});
    });
    return items;
}

} // namespace katlas
