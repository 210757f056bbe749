// The kernel paths panel shows each path's conditions as chips: the model
// carries them structured, and the delegate makes room for them.
#include "demo_fixture.h"

#include "condition_chip_delegate.h"
#include "path_list_model.h"

#include "trace/backtrace.h"
#include "trace/path_finder.h"

#include <QApplication>
#include <QPainter>
#include <QSet>
#include <QStyleOptionViewItem>
#include <QTest>
#include <QTreeView>

using namespace katlas;
using namespace katlas::test;

class TestGuiPathChips : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        m_session = openDemo(m_dir);
        QVERIFY(m_session);
    }

    void pathRowsCarryTheirConditionsAsChips()
    {
        const OpGraph g = buildOpGraph(m_session->index(), m_session->profile(), "", {});
        const OpPaths paths = findPaths(m_session->index(), TraceSession::opCallSites(g, "self.attn_mqa"), {});
        QVERIFY(!paths.paths.empty());
        PathListModel model;
        model.setPaths(m_session->index(), paths);
        QCOMPARE(model.rowCount(), static_cast<int>(paths.paths.size()));
        int withBackend = 0;
        for (int r = 0; r < model.rowCount(); ++r) {
            const QModelIndex row = model.index(r, 0);
            const QStringList chips = row.data(PathListModel::ChipsRole).toStringList();
            const QStringList dims = row.data(PathListModel::ChipDimensionsRole).toStringList();
            QCOMPARE(chips.size(), dims.size());
            const KernelPath &p = paths.paths[static_cast<size_t>(row.data(PathListModel::PathRole).toLongLong())];
            // One chip per required or excluded dimension and per guard text.
            QCOMPARE(static_cast<size_t>(chips.size()),
                     p.conditions.required().size() + p.conditions.excluded().size() + p.conditions.otherConditions().size());
            for (int i = 0; i < chips.size(); ++i)
                if (!dims[i].isEmpty())
                    QVERIFY2(chips[i].startsWith(dims[i]), qPrintable(chips[i]));
            if (dims.contains(QStringLiteral("attention_backend")))
                ++withBackend;
            // The head names the kernel; the display text still has everything.
            const QString head = row.data(PathListModel::HeadRole).toString();
            QVERIFY(row.data(Qt::DisplayRole).toString().startsWith(head));
            QVERIFY(!head.contains(QLatin1Char('=')));
        }
        QVERIFY2(withBackend > 0, "the MQA paths depend on the attention backend");
    }

    void backtraceRowsHaveChipsToo()
    {
        // Some caller of some demo kernel is guarded: its row has chips that
        // match the edge's conditions.
        const CallIndex &index = m_session->index();
        int guardedRows = 0;
        for (const Kernel &k : index.graph().kernels) {
            const Backtrace bt = buildBacktrace(index, k.symbolId, {}, {}, {});
            PathListModel model;
            model.setBacktrace(index, bt);
            for (int r = 0; r < model.rowCount(); ++r) {
                const QModelIndex row = model.index(r, 0);
                QVERIFY(row.data(PathListModel::HeadRole).isValid());
                const QStringList chips = row.data(PathListModel::ChipsRole).toStringList();
                const BacktraceNode &node = bt.sites[static_cast<size_t>(r)];
                QCOMPARE(chips.isEmpty(), node.conditions.empty() && node.edgeConditions.otherConditions().empty());
                guardedRows += chips.isEmpty() ? 0 : 1;
            }
        }
        QVERIFY(guardedRows > 0);
    }

    void delegateMakesRoomForEachChip()
    {
        QStandardItemModel model;
        auto row = [&](const QStringList &chips) {
            auto *item = new QStandardItem(QStringLiteral("kernel  [source]"));
            item->setData(QStringLiteral("kernel  [source]"), PathListModel::HeadRole);
            item->setData(chips, PathListModel::ChipsRole);
            QStringList dims;
            for (const QString &c : chips)
                dims << c.section(QLatin1Char('='), 0, 0);
            item->setData(dims, PathListModel::ChipDimensionsRole);
            model.appendRow(item);
            return model.index(model.rowCount() - 1, 0);
        };
        const QModelIndex none = row({});
        const QModelIndex one = row({QStringLiteral("quantization=fp8")});
        const QModelIndex three = row({QStringLiteral("quantization=fp8"), QStringLiteral("stage=decode"), QStringLiteral("platform=cuda")});
        QTreeView view;
        view.setModel(&model);
        ConditionChipDelegate delegate;
        QStyleOptionViewItem option;
        option.initFrom(&view);
        const int w0 = delegate.sizeHint(option, none).width();
        const int w1 = delegate.sizeHint(option, one).width();
        const int w3 = delegate.sizeHint(option, three).width();
        QVERIFY(w1 > w0);
        QVERIFY(w3 > w1);
        // A long condition is elided on its chip: the row stays about as
        // wide as a chip of fifty characters, whatever the condition's length.
        const QString longText = QStringLiteral("at run time: ") + QString(QStringLiteral("weight.shape[0] % 64 == 0 and ")).repeated(12);
        const QModelIndex longOne = row({longText});
        const QFontMetrics fm(option.font);
        const int wLong = delegate.sizeHint(option, longOne).width();
        QVERIFY(wLong > w0);
        QVERIFY2(wLong - w0 < fm.averageCharWidth() * 60, qPrintable(QString::number(wLong - w0)));
        QCOMPARE(longOne.data(PathListModel::ChipsRole).toStringList().value(0), longText); // the data keeps it whole
        // A dimension keeps its colour; guard text is grey.
        QCOMPARE(delegate.chipColor("quantization"), delegate.chipColor("quantization"));
        QVERIFY(delegate.chipColor("") != delegate.chipColor("quantization"));
        // The profile's first dimensions each get their own colour.
        const QStringList order{"attention_backend", "attn_path", "stage", "quantization", "moe_runner_backend", "platform"};
        delegate.setDimensionOrder(order);
        QSet<QRgb> colours;
        for (const QString &d : order)
            colours.insert(delegate.chipColor(d).rgb());
        QCOMPARE(colours.size(), order.size());
        // Painting a row with chips leaves chip colour on the canvas.
        QImage canvas(600, 30, QImage::Format_ARGB32);
        canvas.fill(Qt::white);
        QPainter painter(&canvas);
        option.rect = QRect(0, 0, 600, 30);
        delegate.paint(&painter, option, one);
        painter.end();
        const QColor fill = delegate.chipColor("quantization");
        bool found = false;
        for (int y = 0; y < canvas.height() && !found; ++y)
            for (int x = 0; x < canvas.width() && !found; ++x)
                found = canvas.pixelColor(x, y) == fill;
        QVERIFY2(found, "no chip was painted");
    }

private:
    QTemporaryDir m_dir;
    std::unique_ptr<TraceSession> m_session;
};

QTEST_MAIN(TestGuiPathChips)
#include "tst_gui_path_chips.moc"
