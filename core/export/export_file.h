// Writing an export to a file, for the command line and the window alike:
// never onto the index being read (also through a link), and atomically —
// written beside the target and renamed over it once complete, so a full
// disk or an interrupted run leaves the old file. A device or a pipe is
// written as it is, every error checked.
#pragma once

#include <QByteArray>
#include <QString>

namespace katlas {

enum class ExportWrite { Written, OntoIndex, Failed };

// `indexPath`: the index the export was read from ("" for none); on Failed,
// `systemError` says why.
ExportWrite writeExportFile(const QString &path, const QByteArray &bytes, const QString &indexPath, QString *systemError);

} // namespace katlas
