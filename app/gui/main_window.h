// The Kernel Atlas main window: the execution graph in the centre, the op
// tree on the left, the selected op's kernel matrix and paths on the right,
// the source below, the filter bar on top. It asks a TraceSession; it never
// touches the database itself.
#pragma once

#include "export/op_graph_drawing.h"
#include "bookmarks.h"
#include "selection_history.h"
#include "index/indexer.h"
#include "shapes/configured_setup.h"
#include "shapes/model_definitions.h"
#include "trace/path_finder.h"
#include "trace/trace_session.h"

#include <QFutureWatcher>
#include <QMainWindow>
#include <QModelIndex>

#include <memory>
#include <optional>

class QAbstractItemView;
class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QTableView;
class QTreeView;

namespace katlas {

class CallHierarchyPanel;
class ConditionChipDelegate;
class ConfigurationPanel;
class ConfigurationPicker;
class DefinitionChooser;
class FilterBar;
class GraphView;
class IndexRunner;
class KernelMatrixModel;
class OpTreeModel;
class PathListModel;
class SearchDialog;
class ShapesPanel;
class SourceView;
struct SearchItem;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // The ops dock never gets narrower than this (pixels).
    static constexpr int kOpsMinimumWidth = 240;

    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens an index; on failure the current one stays open and `error` says why.
    bool openDatabase(const QString &path, QString *error);
    void startIndex(const QString &dbPath, const std::vector<RepoInput> &repos, const Profile &profile);
    // Indexes the open index's repositories again (File → Re-index, F5).
    void reindex();
    IndexRunner *indexRunner() const { return m_runner; }

    // Each selection is a step of the history (Go → Back / Forward).
    void selectOp(const QString &id);
    void selectKernel(std::int64_t kernelId);
    void showSite(std::int64_t siteId);
    // Shows a function's definition and its callers / callees.
    void selectFunction(std::int64_t symbolId);
    // Goes to where the call named `expression` on `line` of the shown file
    // goes: one target is selected, several are offered in a chooser.
    void goToDefinition(int line, const QString &expression);
    std::int64_t selectedFunction() const { return m_selectedFunction; }
    void goBack();
    void goForward();
    // Bookmarks (Bookmarks menu): what the window shows, kept under a name
    // with the index; going to one shows it again as a step of the history.
    void addBookmark(const QString &name);
    void removeBookmark(const QString &name);
    bool goToBookmark(const QString &name);
    const Bookmarks &bookmarks() const { return m_bookmarks; }
    QMenu *bookmarkMenu() const { return m_bookmarkMenu; }
    const SelectionHistory &history() const { return m_history; }
    // Takes over another window's steps (a new UI language builds the window again).
    void adoptHistory(const SelectionHistory &history);
    // What the window shows, to show it again (in another window: see
    // LanguageSwitch).
    Selection selection() const { return currentSelection(); }
    void showSelection(const Selection &selection) { restoreSelection(selection); }
    // Folding of the graph (View menu): the model's structure as at first
    // paint, every op, or the selected op with the containers above it.
    void foldToStructure();
    void unfoldAll();
    void focusOnSelection();
    const DrawingOptions &drawingOptions() const { return m_drawing; }
    void setFilter(const DimensionFilter &filter);
    // Applies a preset of the profile ("" : any configuration, the filters
    // cleared): the filter bar takes its values, the choice is remembered.
    void chooseConfiguration(const QString &name);
    // The preset the filter matches ("" when none), and what tracing uses.
    QString activeConfiguration() const { return m_configuration; }
    const DimensionFilter &effectiveFilter() const { return m_effective; }
    const std::set<std::string> &idleOps() const { return m_idle; }
    QString statusText() const;
    // Writes a report exactly as `katlas export` would (formats: the CLI's names, plus "png").
    bool exportTo(const QString &format, const QString &path, QString *error);
    // Where File → Export proposes to write: the last export's folder (else
    // the index's), "<model>-<what>.<suffix>".
    QString proposedExportPath(const QString &format, const QString &suffix) const;

    // For tests and the screenshot tour.
    GraphView *graphView() const { return m_graph; }
    OpTreeModel *opTreeModel() const { return m_treeModel; }
    QTreeView *opTree() const { return m_tree; }
    KernelMatrixModel *matrixModel() const { return m_matrixModel; }
    QTableView *matrixView() const { return m_matrix; }
    PathListModel *pathModel() const { return m_pathModel; }
    SourceView *sourceView() const { return m_source; }
    FilterBar *filterBar() const { return m_filterBar; }
    ConfigurationPicker *configurationPicker() const { return m_picker; }
    ConfigurationPanel *configurationPanel() const { return m_panel; }
    QAction *configurationPanelAction() const { return m_panelAction; }
    SearchDialog *searchDialog() const { return m_search; }
    const TraceSession *session() const { return m_session.get(); }
    const OpGraph &opGraph() const { return m_opGraph; }
    const OpPaths &currentPaths() const { return m_paths; }
    QTreeView *pathView() const { return m_pathView; }
    QLabel *pathNotice() const { return m_pathNotice; }
    QAction *backAction() const { return m_backAction; }
    QAction *forwardAction() const { return m_forwardAction; }
    QAction *goToDefinitionAction() const { return m_definitionAction; }
    QAction *callHierarchyAction() const { return m_callHierarchyAction; }
    CallHierarchyPanel *callHierarchy() const { return m_callHierarchy; }
    DefinitionChooser *definitionChooser() const { return m_chooser; }
    ShapesPanel *shapesPanel() const { return m_shapes; }
    QAction *modelConfigAction() const { return m_modelConfigAction; }
    // How many paths an op shows (tests lower the cap to see the notice).
    void setPathLimits(const PathLimits &limits) { m_pathLimits = limits; }
    bool layoutPending() const { return m_layoutWatcher.isRunning(); }

Q_SIGNALS:
    // Settings changed the UI language: the window is to be built again in it.
    void languageChanged();

protected:
    void closeEvent(QCloseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void createActions();
    void createHistoryActions(QMenu *menu);
    void createBookmarkMenu();
    void rebuildBookmarkMenu();
    void loadBookmarks();
    void promptBookmark();
    Bookmark bookmarkHere(const QString &name) const;
    QString defaultBookmarkName() const;
    void createNavigationActions(QMenu *go);
    void createFoldingActions(QMenu *view);
    // Unfolds the containers above an op so that the graph draws it.
    void revealOp(const QString &id);
    // Its toggle goes to the View menu.
    void addCallHierarchyDock(QDockWidget *dock);
    // The callers / callees panel follows the selected function or kernel.
    void updateCallHierarchy();
    void createDocks();
    void balanceDocks();
    // Below kShortWindow pixels of height the source and the callers share
    // one tabbed dock; above it they stand side by side again.
    void stackBottomDocks();
    void rebuildGraph();
    void relayout();
    void showOp(const QString &id);
    void showKernel(std::int64_t kernelId);
    void clearSource();
    void refreshSelection();
    // Settings → Model Config…, and the shapes of the selected op under it.
    void createModelConfigAction(QMenu *settings);
    void editModelSetup();
    // Starts working out the whole model's definitions off the UI thread
    // when the filter or the config changed since the last time.
    void updateDefinitions();
    void definitionsReady();
    void refreshShapes();
    void showShapesOf(const OpNode &leaf);
    // m_filter deploying a checkpoint where it names a deployment: the index's
    // model config when one is set, else the model's default; sets m_checkpoint.
    DimensionFilter deployedFilter();
    // The checkpoint and deployment the filter names (a configuration's), for
    // shapes without a model config of the index's own.
    std::optional<ConfiguredSetup> configurationSetup() const;
    mutable QString m_configuredKey; // the configuration and filter m_configured is for
    mutable std::optional<ConfiguredSetup> m_configured;
    const OpNode *selectedLeaf() const;
    void showMatrixCell(const QModelIndex &cell);
    void showPathRow(const QModelIndex &row);
    void showSource(std::int64_t fileId, int line);
    void setPathNotice(const QString &text);
    // Records what the window shows as a step of the history; `keyboard` is
    // the view whose current item the arrow keys moved, if any.
    void recordSelection(const QAbstractItemView *keyboard = nullptr);
    Selection currentSelection() const;
    void restoreSelection(const Selection &selection);
    void updateHistoryActions();
    void updateTitle();
    // Shows the active preset in the toolbar's picker and the panel's.
    void showConfiguration();
    void showSearch();
    // The ops of the graph as search items, each with the ops above it.
    std::vector<SearchItem> opSearchItems() const;
    void jumpTo(const SearchItem &item);
    void chooseExport(const QString &format, const QString &filter);
    void openDialog();
    void newIndexDialog();
    void showAbout();
    void addRecent(const QString &path);
    void toggleNode(const QString &id);
    QString absolutePath(std::int64_t fileId) const;

    std::unique_ptr<TraceSession> m_session;
    OpGraph m_opGraph;
    DimensionFilter m_filter;
    DimensionFilter m_effective;          // m_filter with the profile's implications applied
    QString m_checkpoint;                 // the checkpoint m_effective deploys, in words; "" when none
    std::vector<std::string> m_conflicts; // contradictions m_filter holds
    QString m_configuration;              // the active preset, "" for none
    std::set<std::string> m_idle;         // ops greyed: they do not run under the configuration
    std::set<std::string> m_remote;       // with no configuration: ops no named configuration runs
    DrawingOptions m_drawing;
    QString m_selectedOp;
    std::int64_t m_selectedKernel = 0;
    int m_cellRow = -1;                    // the matrix cell narrowing the paths, -1 for none
    int m_cellColumn = -1;
    std::int64_t m_sourceFile = 0;         // what the source view shows
    int m_sourceLine = 0;
    std::int64_t m_selectedFunction = 0;   // whose callers and callees are shown (else the kernel's)
    OpPaths m_paths;
    PathLimits m_pathLimits;
    std::optional<ModelDefinitions> m_definitions; // under m_filter and the index's model config
    QString m_definitionsKey;              // what they were worked out for; "" to work them out again
    QString m_definitionsProblem;          // why there are none
    QString m_definitionsCheckpoint;       // the checkpoint they are for, in a few words
    struct DefinitionsOutcome {
        std::optional<ModelDefinitions> definitions;
        std::string error;
    };
    QFutureWatcher<DefinitionsOutcome> m_definitionsWatcher; // working them out for m_definitionsKey
    SelectionHistory m_history;
    Bookmarks m_bookmarks;
    QMenu *m_bookmarkMenu = nullptr;
    QAction *m_addBookmarkAction = nullptr;
    const QAbstractItemView *m_lastKeyboardView = nullptr; // the view of the last step, when moved by keys
    bool m_applying = false;               // the window itself moves the views' current items
    bool m_restoring = false;              // a step of the history is being shown: nothing is recorded
    LayoutGraph m_layoutInput;
    QFutureWatcher<GraphLayout> m_layoutWatcher;

    GraphView *m_graph;
    QTreeView *m_tree;
    OpTreeModel *m_treeModel;
    QTableView *m_matrix;
    KernelMatrixModel *m_matrixModel;
    QTreeView *m_pathView;
    PathListModel *m_pathModel;
    ConditionChipDelegate *m_chips;
    SourceView *m_source;
    FilterBar *m_filterBar;
    ConfigurationPicker *m_picker;
    ConfigurationPanel *m_panel;
    QAction *m_panelAction = nullptr;
    SearchDialog *m_search;
    IndexRunner *m_runner;
    QLabel *m_pathNotice;
    QLabel *m_status;
    QAction *m_backAction = nullptr;
    QAction *m_forwardAction = nullptr;
    QAction *m_definitionAction = nullptr;
    QAction *m_callHierarchyAction = nullptr;
    CallHierarchyPanel *m_callHierarchy;
    DefinitionChooser *m_chooser;
    ShapesPanel *m_shapes;
    QAction *m_modelConfigAction = nullptr;
    QMenu *m_recentMenu = nullptr;
    bool m_fitPending = false; // fit the first layout of a newly opened index
    bool m_bottomTabbed = false; // the window tabbed the source and the callers (it was short)
};

} // namespace katlas
