// An op's shapes and definitions, under its kernel matrix: for each kernel
// the op launches under the configuration, the flashinfer-trace definition
// it gives with its constant axes per GPU (or why there is none). Without a
// model config it says how to add one; the link asks for the dialog.
#pragma once

#include <QWidget>

#include <vector>

class QLabel;

namespace katlas {

struct ShapeRow {
    QString kernel;     // "rmsnorm  [sgl-kernel]"
    QString definition; // "rmsnorm_h7168"; empty when none
    QString axes;       // "hidden_size=7168"
    QString note;       // why there is no definition
};

class ShapesPanel : public QWidget {
    Q_OBJECT
public:
    explicit ShapesPanel(QWidget *parent = nullptr);

    // `setup`: the checkpoint and deployment ("DeepseekV3ForCausalLM (config.json), TP 8").
    void showRows(const QString &setup, const std::vector<ShapeRow> &rows);
    void showNoConfig();
    void showProblem(const QString &problem);
    void showComputing();
    QString text() const;
    // The height of its text, up to a few lines: a long list scrolls.
    QSize sizeHint() const override;

Q_SIGNALS:
    void configureRequested();

private:
    QLabel *m_label;
};

} // namespace katlas
