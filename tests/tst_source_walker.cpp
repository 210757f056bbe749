// Tests of source discovery: globs, module names, and the files it must skip
// with a message (symlink loops, binaries, huge files, missing roots).
#include "parse/glob_matcher.h"
#include "parse/source_walker.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstdio>
#include <sys/stat.h>
#include <unistd.h>

using namespace katlas;

namespace {
void write(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

QStringList relPaths(const WalkResult &r)
{
    QStringList paths;
    for (const SourceFileRef &f : r.files)
        paths << QString::fromStdString(f.relPath);
    return paths;
}

bool hasIssue(const WalkResult &r, const QString &text)
{
    return std::any_of(r.issues.begin(), r.issues.end(), [&](const WalkIssue &i) { return i.message.contains(text); });
}
} // namespace

class TestSourceWalker : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // A file or folder name that is not UTF-8 is named (its bad bytes as
    // \xNN) and skipped, not reported as missing.
    void namesThatAreNotUtf8()
    {
        QTemporaryDir dir;
        write(dir.filePath("ok.py"), "x = 1\n");
        const QByteArray root = QFile::encodeName(dir.path());
        for (const QByteArray &name : {QByteArray("bad\xE9.py"), QByteArray("pkg\xFF/m.py")}) {
            if (name.contains('/'))
                QCOMPARE(::mkdir((root + "/pkg\xFF").constData(), 0700), 0);
            FILE *f = std::fopen((root + '/' + name).constData(), "w");
            QVERIFY(f);
            std::fclose(f);
        }
        const WalkResult r = walkRepo("r", dir.path(), nullptr);
        QCOMPARE(r.files.size(), size_t(1));
        QCOMPARE(r.issues.size(), size_t(2));
        for (const WalkIssue &i : r.issues)
            QVERIFY2(i.message.contains("not valid UTF-8"), qPrintable(i.message));
        QCOMPARE(r.issues[0].path, dir.path() + "/bad\\xE9.py");
        QCOMPARE(r.issues[1].path, dir.path() + "/pkg\\xFF");
        // QTemporaryDir cannot remove what QString cannot name.
        ::unlink((root + "/bad\xE9.py").constData());
        ::unlink((root + "/pkg\xFF/m.py").constData());
        ::rmdir((root + "/pkg\xFF").constData());
    }

    void globs_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("match");
        QTest::newRow("deep") << "python/sglang/srt/**" << "python/sglang/srt/a/b.py" << true;
        QTest::newRow("deep-other") << "python/sglang/srt/**" << "python/sglang/lang/a.py" << false;
        QTest::newRow("any-tests") << "**/tests/**" << "a/tests/x.py" << true;
        QTest::newRow("top-tests") << "**/tests/**" << "tests/x.py" << true;
        QTest::newRow("star-no-slash") << "*.py" << "a/b.py" << false;
        QTest::newRow("star") << "*.py" << "b.py" << true;
        QTest::newRow("question") << "a?.py" << "ab.py" << true;
        QTest::newRow("question-slash") << "a?b.py" << "a/b.py" << false;
        QTest::newRow("middle") << "a/**/c.py" << "a/c.py" << true;
        QTest::newRow("middle-deep") << "a/**/c.py" << "a/x/y/c.py" << true;
    }
    void globs()
    {
        QFETCH(QString, pattern);
        QFETCH(QString, path);
        QFETCH(bool, match);
        QCOMPARE(globMatch(pattern.toStdString(), path.toStdString()), match);
    }

    void hostileGlobsEndQuickly()
    {
        // 250,000 folder wildcards: matched in one pass, not by recursion.
        std::string deep;
        for (int i = 0; i < 250000; ++i)
            deep += "**/";
        QVERIFY(globMatch(deep + "a.py", "x/y/a.py"));
        QVERIFY(!globMatch(deep + "b.py", "x/y/a.py"));
        // Many stars in one name against a long one: linear, not exponential.
        const std::string name(200, 'a');
        QVERIFY(!globMatch("**/*a*a*a*a*a*b.py", name));
        QVERIFY(globMatch("**/*a*a*a*a*a*", "x/" + name));
    }

    void linksLeavingTheRepositoryAreNotFollowed()
    {
        QTemporaryDir outside, repo;
        QVERIFY(QDir(outside.path()).mkpath(QStringLiteral("pkg")));
        QFile f(outside.filePath(QStringLiteral("pkg/secret.py")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("x = 1\n");
        f.close();
        QVERIFY(QDir(repo.path()).mkpath(QStringLiteral("src")));
        QFile inside(repo.filePath(QStringLiteral("src/a.py")));
        QVERIFY(inside.open(QIODevice::WriteOnly));
        inside.write("y = 2\n");
        inside.close();
        QVERIFY(QFile::link(outside.filePath(QStringLiteral("pkg")), repo.filePath(QStringLiteral("src/ext"))));
        QVERIFY(QFile::link(repo.filePath(QStringLiteral("src/a.py")), repo.filePath(QStringLiteral("src/b.py"))));
        const auto rels = [](const WalkResult &w) {
            QStringList out;
            for (const SourceFileRef &r : w.files)
                out << QString::fromStdString(r.relPath);
            return out;
        };
        const WalkResult kept = walkRepo("r", repo.path(), nullptr);
        // A link inside the repository is followed; one leaving it is named and skipped.
        QCOMPARE(rels(kept), (QStringList{"src/a.py", "src/b.py"}));
        QVERIFY(std::any_of(kept.issues.begin(), kept.issues.end(), [](const WalkIssue &i) {
            return i.path.endsWith(QStringLiteral("src/ext")) && i.message.contains(QStringLiteral("leaves the repository"));
        }));
        const WalkResult followed = walkRepo("r", repo.path(), nullptr, kMaxSourceFileSize, {}, true);
        QCOMPARE(rels(followed), (QStringList{"src/a.py", "src/b.py", "src/ext/secret.py"}));
    }

    void moduleNames_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("module");
        QTest::addColumn<bool>("package");
        QTest::newRow("nested root") << "sgl-kernel/python/sgl_kernel/norm.py" << "sgl_kernel.norm" << false;
        QTest::newRow("root") << "python/sglang/srt/x.py" << "sglang.srt.x" << false;
        QTest::newRow("package") << "python/sglang/__init__.py" << "sglang" << true;
        QTest::newRow("outside") << "scripts/tool.py" << "scripts.tool" << false;
    }
    void moduleNames()
    {
        QFETCH(QString, path);
        QFETCH(QString, module);
        QFETCH(bool, package);
        bool isPackage = !package;
        QCOMPARE(QString::fromStdString(moduleNameFor(path.toStdString(), {"python", "sgl-kernel/python"}, &isPackage)), module);
        QCOMPARE(isPackage, package);
        QCOMPARE(moduleNameFor("pkg/a.py", {"."}, nullptr), std::string("pkg.a"));
    }

    void walksWithRulesAndSkipsBadFiles()
    {
        QTemporaryDir dir;
        const QString root = dir.path();
        write(root + "/pkg/a.py", "x = 1\n");
        write(root + "/pkg/sub/b.py", "y = 2\n");
        write(root + "/pkg/tests/test_a.py", "z = 3\n");
        write(root + "/pkg/notes.txt", "text\n");
        write(root + "/pkg/blob.py", QByteArray("\x7f" "ELF\0\0\0", 7));
        write(root + "/pkg/huge.py", QByteArray(2048, '#'));
        QVERIFY(QFile::link(root + "/pkg", root + "/pkg/sub/loop"));
        RepoRule rule{"r", {"."}, {"pkg/**"}, {"**/tests/**"}};
        const WalkResult r = walkRepo("r", root, &rule, 1024);
        QCOMPARE(relPaths(r), (QStringList{"pkg/a.py", "pkg/sub/b.py"}));
        QVERIFY(hasIssue(r, "binary"));
        QVERIFY(hasIssue(r, "larger than"));
        QVERIFY(hasIssue(r, "symlink loop"));
        QVERIFY(!r.rootMissing);
    }

    // A script without the `.py` suffix is Python when its first line runs
    // Python; a shell script or a data file without a suffix is not.
    void scriptsThatRunPython()
    {
        QTemporaryDir dir;
        const QString root = dir.path();
        write(root + "/bin/tool", "#!/usr/bin/env python3\nimport sys\n");
        write(root + "/bin/launch", "#!/bin/sh\nexec python3 -m tool\n");
        write(root + "/bin/README", "python notes\n");
        write(root + "/bin/helper.py", "x = 1\n");
        // A FIFO is never opened (reading its first line would wait for a writer).
        QCOMPARE(::mkfifo(QFile::encodeName(root + "/bin/pipe").constData(), 0600), 0);
        const WalkResult r = walkRepo("r", root, nullptr, 1024);
        QCOMPARE(relPaths(r), (QStringList{"bin/helper.py", "bin/tool"}));
    }

    void missingRoot()
    {
        const WalkResult r = walkRepo("r", QStringLiteral("/nonexistent/katlas/root"), nullptr);
        QVERIFY(r.rootMissing);
        QVERIFY(r.files.empty());
        QVERIFY(r.issues.front().path.contains("/nonexistent/katlas/root"));
    }
};

QTEST_GUILESS_MAIN(TestSourceWalker)
#include "tst_source_walker.moc"
