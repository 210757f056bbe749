// Writing an export to a file (see export_file.h).
#include "export/export_file.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace katlas {

ExportWrite writeExportFile(const QString &path, const QByteArray &bytes, const QString &indexPath, QString *systemError)
{
    const QString target = QFileInfo(path).canonicalFilePath();
    if (!target.isEmpty() && !indexPath.isEmpty() && target == QFileInfo(indexPath).canonicalFilePath())
        return ExportWrite::OntoIndex;
    const QFileInfo info(path);
    if (info.exists() && !info.isFile()) {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.flush()) {
            *systemError = f.errorString();
            return ExportWrite::Failed;
        }
        return ExportWrite::Written;
    }
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit()) {
        *systemError = f.errorString();
        return ExportWrite::Failed;
    }
    return ExportWrite::Written;
}

} // namespace katlas
