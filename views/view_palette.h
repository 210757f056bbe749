// Colours shared by the views: one per node kind and kernel source.
#pragma once

#include <QColor>
#include <QString>

namespace katlas {

// Fill colour of a kernel node by its source ("sgl-kernel", "flashinfer", ...).
QColor kernelSourceColor(const QString &source);

} // namespace katlas
