// Shared by the command-line tests: runs the built `katlas` with its cache
// in a folder of the test's own, and returns its exit code and output.
#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>

struct CliRun {
    int code = -1;
    QString out, err;
};

inline CliRun runKatlas(const QStringList &args, const QString &cacheDir, const QString &workingDir = {})
{
    QProcess p;
    if (!workingDir.isEmpty())
        p.setWorkingDirectory(workingDir);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("KATLAS_CACHE_DIR", cacheDir);
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(KATLAS_BUILD_DIR "/app/katlas"), args);
    p.waitForFinished(120000);
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}
