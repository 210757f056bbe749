// Colours shared by the views (see view_palette.h).
#include "view_palette.h"

#include <QHash>

namespace katlas {

QColor kernelSourceColor(const QString &source)
{
    static const QHash<QString, QColor> colors = {
        {QStringLiteral("sgl-kernel"), QColor(0xE4, 0x57, 0x2E)},
        {QStringLiteral("flashinfer"), QColor(0x2E, 0x86, 0xAB)},
        {QStringLiteral("triton"), QColor(0x8E, 0x44, 0xAD)},
        {QStringLiteral("torch.ops"), QColor(0xF3, 0x9C, 0x12)},
    };
    return colors.value(source, QColor(0x7F, 0x8C, 0x8D));
}

} // namespace katlas
