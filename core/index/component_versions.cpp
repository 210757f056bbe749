// Library versions (see component_versions.h).
#include "index/component_versions.h"

#include <graphviz/gvc.h>
#include <sqlite3.h>
#include <tree_sitter/api.h>

#include <QtGlobal>

namespace katlas {

ComponentVersions componentVersions()
{
    GVC_t *gvc = gvContext();
    const QString graphviz = QString::fromUtf8(gvcVersion(gvc));
    gvFreeContext(gvc);
    return {QString::fromLatin1(qVersion()), graphviz, QString::number(TREE_SITTER_LANGUAGE_VERSION),
            QStringLiteral(KATLAS_GRAMMAR_VERSION), QString::fromLatin1(sqlite3_libversion())};
}

} // namespace katlas
