// The tour (docs/tour.md) performed on the demo workspace: each step's claim
// is checked against what the window shows, and the step's screenshot is
// written as the tour shows it. KATLAS_SCREENSHOT_DIR=docs/screenshots
// writes them over the tour's own; otherwise they go to the build folder.
#include "demo_fixture.h"
#include "tour_fixture.h"

#include "configuration_panel.h"
#include "filter_bar.h"
#include "graph_items.h"
#include "graph_view.h"
#include "kernel_matrix_model.h"
#include "main_window.h"

#include "export/op_graph_folding.h"

#include <QApplication>
#include <QDir>
#include <QImage>
#include <QSettings>
#include <QTableView>
#include <QTest>

using namespace katlas;
using namespace katlas::test;

class TestGuiTour : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("kernel-atlas-tests"));
        QSettings().remove(QStringLiteral("filter/configuration"));
        m_db = indexDemo(m_dir);
        showLaidOut(m_window, m_db);
    }

    // "Reading the graph": it opens on the model's structure, folded, a
    // folded container saying how many ops it holds, at a readable size.
    void readingTheGraph()
    {
        GraphView *g = m_window.graphView();
        QVERIFY(size_t(g->nodeCount()) <= FoldBudget{}.nodes);
        QVERIFY(g->labelPixels() >= 8);
        int drawnFolded = 0;
        for (const std::string &id : m_window.drawingOptions().collapsed)
            if (GraphNodeItem *item = g->nodeItem(QString::fromStdString(id))) {
                QVERIFY(item->toolTip().contains(QStringLiteral("folded inside")));
                ++drawnFolded;
            }
        QVERIFY(drawnFolded > 0);
        QVERIFY2(clippedLabels(g).isEmpty(), qPrintable(clippedLabels(g).join(", ")));
    }

    // Step 2: the input norm on CUDA reaches rmsnorm and fused_add_rmsnorm.
    void theInputNorm()
    {
        m_window.setFilter(filter("platform=cuda"));
        m_window.selectOp(opId(m_window.opGraph(), "self.input_layernorm"));
        QCOMPARE(matrixKernels(m_window), (QStringList{"fused_add_rmsnorm  [sgl-kernel]", "rmsnorm  [sgl-kernel]"}));
        save(m_window, QStringLiteral("tour-1-norm.png"));
    }

    // Step 3: self.attn_mqa at decode on CUDA, one row per attention backend.
    void theAttentionBackends()
    {
        m_window.setFilter(filter("platform=cuda stage=decode"));
        m_window.selectOp(opId(m_window.opGraph(), "self.attn_mqa"));
        QCOMPARE(rowHeaders(m_window), (QStringList{"triton", "fast_mla", "cutlass_mla"}));
        QVERIFY(matrixKernels(m_window).contains(QStringLiteral("cutlass_mla_decode  [sgl-kernel]")));
        save(m_window, QStringLiteral("tour-2-attention.png"));
    }

    // Step 4: self.experts under FP8, one row per MoE runner backend (the
    // experts of the normal forward; under the DeepEP branch only what runs
    // with DeepEP).
    void theExperts()
    {
        m_window.setFilter(filter("quantization=fp8"));
        m_window.selectOp(opId(m_window.opGraph(), "self.experts", "forward_normal"));
        QCOMPARE(rowHeaders(m_window), (QStringList{"triton", "flashinfer_trtllm"}));
        QVERIFY(matrixKernels(m_window).contains(QStringLiteral("trtllm_fp8_block_scale_moe  [flashinfer]")));
        save(m_window, QStringLiteral("tour-3-moe.png"));
    }

    // The tour's first picture: self.attn_mqa selected, a frame's source shown.
    void theDemoGraph()
    {
        m_window.setFilter({});
        m_window.selectOp(opId(m_window.opGraph(), "self.attn_mqa"));
        m_window.showSite(m_window.currentPaths().paths.front().frames.back().siteId);
        save(m_window, QStringLiteral("demo-graph.png"));
    }

    // Step 5: the report the window exports is the CLI's, and its links hold.
    void takeItWithYou()
    {
        const QString out = m_dir.filePath(QStringLiteral("op-traces.md"));
        QString error;
        QVERIFY2(m_window.exportTo(QStringLiteral("op-traces-md"), out, &error), qPrintable(error));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains("self.attn_mqa"));
    }

private:
    QTemporaryDir m_dir;
    QString m_db;
    MainWindow m_window;
};

QTEST_MAIN(TestGuiTour)
#include "tst_gui_tour.moc"
