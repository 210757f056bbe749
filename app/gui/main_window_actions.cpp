// The main window's menus and dialogs: open, index and re-index in the
// background, export, recent indexes, About (see main_window.h).
#include "main_window.h"

#include "graph_view.h"
#include "legend_dialog.h"
#include "index_runner.h"
#include "app_settings.h"
#include "new_index_dialog.h"
#include "settings_dialog.h"
#include "shortcut_keys.h"

#include "export/export_file.h"
#include "export/kernel_traces_md.h"
#include "export/op_traces_md.h"
#include "export/trace_json.h"
#include "index/component_versions.h"

#include <QAction>
#include <QBuffer>
#include <QApplication>
#include <QFileDialog>
#include <QImage>
#include <QJsonDocument>
#include <QJsonArray>
#include <QJsonObject>
#include <QMenuBar>
#include <QMessageBox>
#include <QPainter>
#include <QRegularExpression>
#include <QProgressDialog>
#include <QSettings>
#include <QStatusBar>

namespace katlas {

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->setObjectName(QStringLiteral("fileMenu"));
    file->addAction(tr("&Open Index…"), QKeySequence::Open, this, &MainWindow::openDialog);
    file->addAction(tr("&New Index…"), QKeySequence::New, this, &MainWindow::newIndexDialog);
    file->addAction(tr("&Re-index"), QKeySequence(Qt::Key_F5), this, &MainWindow::reindex);
    m_recentMenu = file->addMenu(tr("Recent Indexes"));
    QMenu *exportMenu = file->addMenu(tr("&Export"));
    exportMenu->addAction(tr("Kernel Traces (Markdown)…"), this, [this] { chooseExport(QStringLiteral("kernel-traces-md"), tr("Markdown (*.md)")); });
    exportMenu->addAction(tr("Op Traces (Markdown)…"), this, [this] { chooseExport(QStringLiteral("op-traces-md"), tr("Markdown (*.md)")); });
    exportMenu->addAction(tr("Traces (JSON)…"), this, [this] { chooseExport(QStringLiteral("json"), tr("JSON (*.json)")); });
    exportMenu->addAction(tr("Graph (SVG)…"), this, [this] { chooseExport(QStringLiteral("svg"), tr("SVG (*.svg)")); });
    exportMenu->addAction(tr("Graph (PNG)…"), this, [this] { chooseExport(QStringLiteral("png"), tr("PNG (*.png)")); });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));
    view->addAction(tr("&Search…"), QKeySequence(Qt::CTRL | Qt::Key_K), this, &MainWindow::showSearch);
    view->addAction(tr("Zoom &In"), QKeySequence(Qt::CTRL | Qt::Key_Equal), m_graph, &GraphView::zoomIn);
    view->addAction(tr("Zoom &Out"), QKeySequence(Qt::CTRL | Qt::Key_Minus), m_graph, &GraphView::zoomOut);
    view->addAction(tr("&Fit to Window"), QKeySequence(Qt::CTRL | Qt::Key_0), m_graph, &GraphView::fitToWindow);
    view->addSeparator();
    createFoldingActions(view);
    view->addSeparator();
    QMenu *go = menuBar()->addMenu(tr("&Go"));
    go->setObjectName(QStringLiteral("goMenu"));
    createHistoryActions(go);
    go->addSeparator();
    createNavigationActions(go);
    createBookmarkMenu();
    QMenu *settings = menuBar()->addMenu(tr("&Settings"));
    settings->setObjectName(QStringLiteral("settingsMenu"));
    QAction *preferences = settings->addAction(tr("&Preferences…"), this, [this] {
        const QString language = AppSettings().language();
        SettingsDialog(this).exec();
        if (AppSettings().language() != language)
            Q_EMIT languageChanged();
    });
    preferences->setObjectName(QStringLiteral("preferencesAction"));
    preferences->setShortcuts(shortcutKeys(QKeySequence(Qt::CTRL | Qt::Key_Comma), QKeySequence::Preferences));
    createModelConfigAction(settings);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(QStringLiteral("helpMenu"));
    QAction *legend = help->addAction(tr("&Legend"), this, [this] { LegendDialog(this).exec(); });
    legend->setObjectName(QStringLiteral("legendAction"));
    help->addAction(tr("&About Kernel Atlas"), this, &MainWindow::showAbout);

    connect(m_runner, &IndexRunner::finished, this, [this](const IndexReport &report, const QString &db) {
        if (!report.ok) {
            if (!report.cancelled)
                QMessageBox::warning(this, tr("Indexing failed"), report.error);
            statusBar()->showMessage(report.cancelled ? tr("Indexing cancelled; the previous index is unchanged.") : report.error);
            return;
        }
        QString error;
        if (!openDatabase(db, &error))
            QMessageBox::warning(this, tr("Cannot open the new index"), error);
        else if (report.upToDate)
            statusBar()->showMessage(tr("None of the %1 files changed since the last index; it was kept").arg(report.stats.files));
        else if (report.patched)
            statusBar()->showMessage(tr("%n changed file(s) re-indexed in place: %1 call sites (%2% resolved) in %3 s", nullptr, report.parsedFiles)
                                         .arg(report.stats.callSites)
                                         .arg(report.stats.resolvedPercent(), 0, 'f', 1).arg(report.totalMs / 1000.0, 0, 'f', 2));
        else
            statusBar()->showMessage(tr("Indexed %1 files, %2 call sites (%3% resolved) in %4 s")
                                         .arg(report.stats.files).arg(report.stats.callSites)
                                         .arg(report.stats.resolvedPercent(), 0, 'f', 1).arg(report.totalMs / 1000.0, 0, 'f', 1));
    });
    const QStringList recent = QSettings().value(QStringLiteral("recent")).toStringList();
    for (const QString &path : recent)
        m_recentMenu->addAction(path, this, [this, path] {
            QString error;
            if (!openDatabase(path, &error))
                QMessageBox::warning(this, tr("Cannot open index"), error);
        });
}

void MainWindow::addRecent(const QString &path)
{
    QSettings settings;
    QStringList recent = settings.value(QStringLiteral("recent")).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > 8)
        recent.removeLast();
    settings.setValue(QStringLiteral("recent"), recent);
}

void MainWindow::startIndex(const QString &dbPath, const std::vector<RepoInput> &repos, const Profile &profile)
{
    auto *dialog = new QProgressDialog(tr("Indexing…"), tr("Cancel"), 0, 100, this);
    dialog->setWindowTitle(tr("Kernel Atlas"));
    dialog->setMinimumDuration(300);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QProgressDialog::canceled, m_runner, &IndexRunner::cancel);
    connect(m_runner, &IndexRunner::progress, dialog, [dialog](int phase, int done, int total) {
        dialog->setLabelText(phaseName(static_cast<IndexProgress::Phase>(phase)) + QStringLiteral(" %1 / %2").arg(done).arg(total));
        dialog->setValue(total > 0 ? 100 * done / total : 0);
    });
    connect(m_runner, &IndexRunner::finished, dialog, &QProgressDialog::close);
    m_runner->start({dbPath, repos, profile, true, 0});
}

void MainWindow::openDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Index"), {}, tr("Kernel Atlas index (*.katlas *.db);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!openDatabase(path, &error))
        QMessageBox::warning(this, tr("Cannot open index"), error);
}

void MainWindow::newIndexDialog()
{
    NewIndexDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString error;
    const std::vector<RepoInput> repos = dialog.repos();
    for (const RepoInput &r : repos)
        if (error.isEmpty())
            error = AppSettings::repoProblem(r);
    if (repos.empty())
        error = tr("Choose the folder of at least one repository.");
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("New Index"), error);
        return;
    }
    const std::optional<Profile> profile = dialog.profile(&error);
    if (!profile) {
        QMessageBox::warning(this, tr("Profile"), error);
        return;
    }
    startIndex(dialog.databasePath(), repos, *profile);
}

void MainWindow::reindex()
{
    if (!m_session)
        return;
    std::vector<RepoInput> repos;
    const auto it = m_session->meta().find("repos");
    if (it != m_session->meta().end())
        for (const QJsonValue &v : QJsonDocument::fromJson(QByteArray::fromStdString(it->second)).array())
            repos.push_back({v.toObject().value(QStringLiteral("name")).toString().toStdString(),
                             v.toObject().value(QStringLiteral("path")).toString()});
    startIndex(m_session->path(), repos, m_session->profile());
}

QString MainWindow::proposedExportPath(const QString &format, const QString &suffix) const
{
    // In the folder of the last export (else beside the index), named for the
    // model and for what is exported.
    QString what = format;
    what.remove(QStringLiteral("-md"));
    if (format == QLatin1String("json"))
        what = QStringLiteral("traces");
    else if (format == QLatin1String("svg") || format == QLatin1String("png"))
        what = QStringLiteral("graph");
    if (!m_session)
        return {};
    const QFileInfo index(m_session->path());
    QString folder = QSettings().value(QStringLiteral("export/folder")).toString();
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = index.absolutePath();
    const QString model = m_opGraph.model.empty() ? index.completeBaseName() : QString::fromStdString(m_opGraph.model);
    return folder + QLatin1Char('/') + model + QLatin1Char('-') + what + (suffix.isEmpty() ? QString() : QLatin1Char('.') + suffix);
}

void MainWindow::chooseExport(const QString &format, const QString &filter)
{
    // The filter's suffix is added when the name typed has none.
    const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("\\*\\.(\\w+)")).match(filter);
    const QString suffix = m.hasMatch() ? m.captured(1) : QString();
    QString path = QFileDialog::getSaveFileName(this, tr("Export"), proposedExportPath(format, suffix), filter);
    if (path.isEmpty())
        return;
    if (!suffix.isEmpty() && QFileInfo(path).suffix().isEmpty())
        path += QLatin1Char('.') + suffix;
    QString error;
    if (!exportTo(format, path, &error))
        QMessageBox::warning(this, tr("Export failed"), error);
    else
        statusBar()->showMessage(tr("Wrote %1").arg(path));
}

bool MainWindow::exportTo(const QString &format, const QString &path, QString *error)
{
    if (!m_session) {
        *error = tr("No index is open.");
        return false;
    }
    QByteArray bytes;
    error->clear();
    if (format == QLatin1String("png")) {
        QImage image(m_graph->scene()->itemsBoundingRect().size().toSize() * 2, QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        m_graph->scene()->render(&painter, QRectF(), m_graph->scene()->itemsBoundingRect());
        painter.end();
        QBuffer png(&bytes);
        png.open(QIODevice::WriteOnly);
        image.save(&png, "PNG");
    } else {
        const DimensionFilter deployed = deployedFilter();
        const TraceReport report = buildTraceReport(*m_session, {}, m_filter, &deployed);
        const MarkdownLinks links(m_session->index(), QFileInfo(path).absolutePath(), {});
        if (format == QLatin1String("kernel-traces-md"))
            bytes = QByteArray::fromStdString(kernelTracesMarkdown(*m_session, report, links));
        else if (format == QLatin1String("op-traces-md"))
            bytes = QByteArray::fromStdString(opTracesMarkdown(*m_session, report, links));
        else if (format == QLatin1String("json"))
            bytes = QJsonDocument(opsJson(*m_session, report)).toJson(QJsonDocument::Indented);
        else if (format == QLatin1String("svg"))
            bytes = renderSvg(m_layoutInput, error);
    }
    if (bytes.isEmpty()) {
        if (error->isEmpty())
            *error = tr("Unknown export format %1").arg(format);
        return false;
    }
    QString why;
    switch (writeExportFile(path, bytes, m_session->path(), &why)) {
    case ExportWrite::OntoIndex:
        *error = tr("%1 is the open index; export to another file.").arg(path);
        return false;
    case ExportWrite::Failed:
        *error = tr("Cannot write %1: %2").arg(path, why);
        return false;
    case ExportWrite::Written:
        break;
    }
    QSettings().setValue(QStringLiteral("export/folder"), QFileInfo(path).absolutePath());
    return true;
}

void MainWindow::showAbout()
{
    const ComponentVersions v = componentVersions();
    QMessageBox::about(this, tr("About Kernel Atlas"),
                       tr("<h3>Kernel Atlas %1</h3>"
                          "<p>From LLM model ops to the GPU kernels that run them.</p>"
                          "<p>Qt %2 (LGPL-3.0)<br>Graphviz %3 (EPL-1.0)<br>tree-sitter, language ABI %4 (MIT)<br>"
                          "tree-sitter-python %5 (MIT)<br>SQLite %6 (public domain)</p>")
                           .arg(QStringLiteral(KATLAS_VERSION), v.qt, v.graphviz, v.treeSitterAbi, v.grammar, v.sqlite));
}

} // namespace katlas
