// Help → Legend: what the colours of the graph's nodes and the path list's
// chips stand for.
#pragma once

#include <QDialog>

namespace katlas {

class LegendDialog : public QDialog {
    Q_OBJECT
public:
    explicit LegendDialog(QWidget *parent = nullptr);
};

} // namespace katlas
