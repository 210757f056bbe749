// The op's shapes and definitions under the model config set for the index
// (Settings → Model Config…), else under the checkpoint and deployment the
// configuration names (shapes/configured_setup.h): worked out once per filter
// and config, off the UI thread, and read per op.
#include "main_window.h"

#include "model_setup_dialog.h"
#include "shapes_panel.h"

#include "export/shapes_section_md.h"
#include "profile/model_config.h"
#include "shapes/configured_setup.h"
#include "shapes/definition_request.h"
#include "trace/config_matrix.h"
#include "trace/default_checkpoint.h"

#include <QtConcurrent>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>

#include <set>

namespace katlas {

void MainWindow::createModelConfigAction(QMenu *settings)
{
    connect(&m_definitionsWatcher, &QFutureWatcher<DefinitionsOutcome>::finished, this, &MainWindow::definitionsReady);
    m_modelConfigAction = settings->addAction(tr("&Model Config…"), this, &MainWindow::editModelSetup);
    m_modelConfigAction->setObjectName(QStringLiteral("modelConfigAction"));
    m_modelConfigAction->setEnabled(false);
    connect(m_shapes, &ShapesPanel::configureRequested, this, &MainWindow::editModelSetup);
}

void MainWindow::editModelSetup()
{
    if (!m_session)
        return;
    ModelSetupDialog dialog(m_session->path(), this);
    if (dialog.exec() == QDialog::Accepted) {
        m_definitionsKey.clear();
        rebuildGraph(); // the config is the checkpoint the filter deploys
        refreshShapes();
        updateTitle();
    }
}

DimensionFilter MainWindow::deployedFilter()
{
    m_checkpoint.clear();
    if (m_filter.empty())
        return m_filter; // nothing named, nothing assumed
    const Profile &profile = m_session->profile();
    const ModelSetup setup = AppSettings().modelSetup(m_session->path());
    if (!setup.configPath.isEmpty()) {
        std::string error;
        if (const std::optional<QJsonObject> config = readModelConfig(setup.configPath.toStdString(), &error))
            if (std::optional<DimensionFilter> f = filterWithModelConfig(m_filter, *config, profile)) {
                m_checkpoint = tr("Checkpoint: %1 (Settings → Model Config)").arg(QFileInfo(setup.configPath).fileName());
                return *f;
            }
    }
    CheckpointChoice deployed = withDefaultCheckpoint(m_filter, profile, {});
    if (!deployed.checkpoint.empty())
        m_checkpoint = tr("Checkpoint: %1 (the model's default)").arg(QString::fromStdString(deployed.checkpoint));
    return std::move(deployed.filter);
}

std::optional<ConfiguredSetup> MainWindow::configurationSetup() const
{
    if (!m_session || m_filter.empty())
        return std::nullopt;
    // Asked on every op selected: worked out once per configuration and filter.
    const QString key = m_configuration + QLatin1Char('|') + QString::fromStdString(m_filter.toString());
    if (key == m_configuredKey)
        return m_configured;
    const Profile &profile = m_session->profile();
    const Configuration *preset = profile.configuration(m_configuration.toStdString());
    const std::string checkpoint = preset && !preset->checkpoint.empty()
        ? preset->checkpoint
        : withDefaultCheckpoint(m_filter, profile, {}).checkpoint;
    m_configuredKey = key;
    m_configured = configuredSetup(profile, checkpoint, m_filter);
    return m_configured;
}

// What the model config gives under the current filter: worked out on a
// worker thread when the filter or the config changed since the last time
// (the session is only read; the window waits for it before replacing the
// session); the panel says it is computing meanwhile.
void MainWindow::updateDefinitions()
{
    const ModelSetup setup = AppSettings().modelSetup(m_session->path());
    const std::optional<ConfiguredSetup> configured = setup.configPath.isEmpty() ? configurationSetup() : std::nullopt;
    const QString key = setup.configPath + QLatin1Char('|') + QString::fromStdString(configured ? configured->checkpoint : std::string())
                        + QLatin1Char('|') + QString::number(setup.tp) + QLatin1Char('|') + QString::number(setup.ep)
                        + QLatin1Char('|') + QString::number(setup.pageSize) + QLatin1Char('|') + QString::number(setup.dpAttention)
                        + QLatin1Char('|') + QString::fromStdString(m_filter.toString());
    if (key == m_definitionsKey)
        return;
    if (m_definitionsWatcher.isRunning())
        return; // definitionsReady() starts again for the new key
    m_definitionsKey = key;
    m_definitions.reset();
    m_definitionsProblem.clear();
    m_definitionsCheckpoint.clear();
    std::optional<QJsonObject> config;
    QString configName = setup.configPath;
    Deployment deployment{setup.tp, setup.ep, setup.pageSize, setup.dpAttention};
    if (configured) {
        config = configured->config;
        configName = tr("checkpoint %1 of the configuration").arg(QString::fromStdString(configured->checkpoint));
        deployment = configured->deployment;
    } else if (!setup.configPath.isEmpty()) {
        std::string error;
        config = readModelConfig(setup.configPath.toStdString(), &error);
        if (!config) {
            m_definitionsProblem = QString::fromStdString(error);
            return;
        }
    } else {
        return;
    }
    m_definitionsCheckpoint = QString::fromStdString(checkpointText(*config, configName));
    const DefinitionRequest request{*config, configName, deployment, {}, m_filter};
    m_definitionsWatcher.setFuture(QtConcurrent::run([session = m_session.get(), request] {
        DefinitionsOutcome out;
        out.definitions = definitionsFor(*session, request, &out.error);
        return out;
    }));
}

void MainWindow::definitionsReady()
{
    DefinitionsOutcome outcome = m_definitionsWatcher.result();
    m_definitions = std::move(outcome.definitions);
    if (!m_definitions)
        m_definitionsProblem = QString::fromStdString(outcome.error);
    refreshShapes(); // for the op selected now; starts again if the filter or config moved on
}

void MainWindow::refreshShapes()
{
    const OpNode *node = selectedLeaf();
    m_shapes->setVisible(node && m_session);
    if (!node || !m_session)
        return;
    if (AppSettings().modelSetup(m_session->path()).configPath.isEmpty() && !configurationSetup()) {
        m_definitionsKey.clear();
        m_shapes->showNoConfig();
        return;
    }
    updateDefinitions();
    if (m_definitionsWatcher.isRunning()) {
        m_shapes->showComputing();
        return;
    }
    showShapesOf(*node);
}

void MainWindow::showShapesOf(const OpNode &leaf)
{
    if (!m_definitions) {
        m_shapes->showProblem(m_definitionsProblem);
        return;
    }
    const CallIndex &index = m_session->index();
    std::vector<ShapeRow> rows;
    std::set<std::pair<std::string, std::string>> seen;
    for (const DefinitionUse &u : m_definitions->uses) {
        if (u.op != leaf.name || (u.definition.empty() && u.note.empty()) || !seen.insert({u.kernel, u.definition}).second)
            continue;
        ShapeRow row;
        const std::vector<std::int64_t> ids = index.byQualName(u.kernel);
        row.kernel = QString::fromStdString(ids.empty() ? u.kernel : kernelNameWithLibrary(index, ids.front()));
        row.definition = QString::fromStdString(u.definition);
        row.note = QString::fromStdString(u.note);
        for (const KernelDefinition &d : m_definitions->definitions)
            if (d.name == u.definition)
                row.axes = QString::fromStdString(constAxesText(d));
        rows.push_back(std::move(row));
    }
    // The deployment the definitions are for: a page size the setup left to
    // the configuration is filled in.
    m_shapes->showRows(m_definitionsCheckpoint + QStringLiteral(", ") + QString::fromStdString(deploymentText(m_definitions->deployment)),
                       rows);
}

const OpNode *MainWindow::selectedLeaf() const
{
    const OpNode *found = nullptr;
    if (!m_selectedKernel && !m_selectedOp.isEmpty())
        forEachOp(m_opGraph.roots, [&](const OpNode &n, int) {
            if (n.kind == OpNode::Kind::Leaf && QString::fromStdString(n.id) == m_selectedOp)
                found = &n;
        });
    return found;
}

} // namespace katlas
