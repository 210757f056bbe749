// Shared by the tests: the demo workspace straight from the source tree,
// indexed into a temporary folder.
#pragma once

#include "index/indexer.h"
#include "trace/op_graph.h"
#include "trace/trace_session.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

namespace katlas::test {

// Writes a file of a test tree, with its folders.
inline void writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
}

inline Profile demoProfile()
{
    ProfileError error;
    auto p = loadProfile(QStringLiteral(KATLAS_SOURCE_DIR "/resources/demo/profile.json"), &error);
    if (!p)
        qFatal("demo profile: %s", qPrintable(error.toString()));
    return *p;
}

inline std::vector<RepoInput> demoRepos(const QString &root = QStringLiteral(KATLAS_SOURCE_DIR "/resources/demo"))
{
    return {{"tinyserve", root + QStringLiteral("/tinyserve")}, {"quickinfer", root + QStringLiteral("/quickinfer")}};
}

inline QString indexDemo(const QTemporaryDir &dir, IndexReport *reportOut = nullptr)
{
    const QString db = dir.filePath(QStringLiteral("demo.katlas"));
    const IndexReport r = runIndex({db, demoRepos(), demoProfile(), true, 0});
    if (!r.ok)
        qFatal("indexing the demo failed: %s", qPrintable(r.error));
    if (reportOut)
        *reportOut = r;
    return db;
}

inline std::unique_ptr<TraceSession> openDemo(const QTemporaryDir &dir)
{
    QString error;
    auto s = TraceSession::open(indexDemo(dir), &error);
    if (!s)
        qFatal("opening the demo index failed: %s", qPrintable(error));
    return s;
}

// The id of the first op named `name` (whose id holds `label`, when given).
inline QString opId(const OpGraph &g, const std::string &name, const std::string &label = {})
{
    QString id;
    forEachOp(g.roots, [&](const OpNode &n, int) {
        if (n.name == name && id.isEmpty() && (label.empty() || n.id.find(label) != std::string::npos))
            id = QString::fromStdString(n.id);
    });
    return id;
}

} // namespace katlas::test
