// The colour legend (see legend_dialog.h).
#include "legend_dialog.h"

#include "export/op_graph_drawing.h"
#include "layout/graph_layout.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace katlas {
namespace {

QLabel *swatch(const QString &fill, bool dashed = false)
{
    auto *l = new QLabel;
    l->setFixedSize(36, 18);
    l->setStyleSheet(QStringLiteral("background:%1; border:1px %2 #555b63; border-radius:3px;")
                         .arg(fill, dashed ? QStringLiteral("dashed") : QStringLiteral("solid")));
    return l;
}

} // namespace

LegendDialog::LegendDialog(QWidget *parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("legendDialog"));
    setWindowTitle(tr("Legend"));
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    form->addRow(swatch(opKindColor(OpNode::Kind::Container)), new QLabel(tr("Container op: runs other ops (rounded; ▸ N: N ops folded inside)")));
    form->addRow(swatch(opKindColor(OpNode::Kind::Leaf)), new QLabel(tr("Leaf op: reaches kernels (double-click or Space: its kernels)")));
    form->addRow(swatch(idleOpColor()), new QLabel(tr("Op that does not run under the configuration")));
    form->addRow(swatch(clusterFillColor()), new QLabel(tr("Light box: the ops a container runs, in the order they run, read like text")));
    for (const char *source : {"sgl-kernel", "flashinfer", "triton", "torch.ops"})
        form->addRow(swatch(kernelSourceColor(source)), new QLabel(tr("Kernel of %1 (hexagon)").arg(QString::fromLatin1(source))));
    form->addRow(swatch(kernelSourceColor("")), new QLabel(tr("Kernel of another library")));
    form->addRow(swatch(QStringLiteral("#ffffff"), true),
                 new QLabel(tr("Chip “at run time: …”: a condition only the running batch decides (the path may run)")));
    layout->addLayout(form);
    auto *chips = new QLabel(tr("In the path list, each dimension's chips have a colour of their own; grey chips are guard text no rule maps."));
    chips->setWordWrap(true);
    layout->addWidget(chips);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

} // namespace katlas
