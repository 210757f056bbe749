// PyCG's call-graph micro-benchmark (tests/data/pycg-micro-benchmark, its
// PROVENANCE.md): `katlas callgraph --format pycg` on every case, scored edge
// by edge against the expected graph. Prints precision, recall and the cases
// exactly right per category; fails when the totals fall below the floors.
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <map>
#include <set>
#include <string>
#include <utility>

namespace {

using Edges = std::set<std::pair<QString, QString>>;

Edges edgesOf(const QByteArray &json)
{
    Edges out;
    const QJsonObject graph = QJsonDocument::fromJson(json).object();
    for (auto it = graph.begin(); it != graph.end(); ++it)
        for (const QJsonValue &callee : it.value().toArray())
            out.insert({it.key(), callee.toString()});
    return out;
}

struct Score {
    int right = 0, wrong = 0, missed = 0, cases = 0, exact = 0;
    double precision() const { return right + wrong ? double(right) / (right + wrong) : 1.0; }
    double recall() const { return right + missed ? double(right) / (right + missed) : 1.0; }
    void add(const Score &o)
    {
        right += o.right;
        wrong += o.wrong;
        missed += o.missed;
        cases += o.cases;
        exact += o.exact;
    }
};

} // namespace

class TestPycgBenchmark : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void scoresEveryCase()
    {
        const QDir snippets(QStringLiteral(KATLAS_TEST_DATA "/pycg-micro-benchmark/snippets"));
        QVERIFY(snippets.exists());
        const QString katlas = QStringLiteral(KATLAS_BUILD_DIR "/app/katlas");
        std::map<QString, Score> byCategory;
        for (const QString &category : snippets.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
            const QDir dir(snippets.filePath(category));
            for (const QString &name : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
                const QString caseDir = dir.filePath(name);
                QFile expectedFile(caseDir + QStringLiteral("/callgraph.json"));
                QVERIFY2(expectedFile.open(QIODevice::ReadOnly), qPrintable(caseDir));
                const Edges expected = edgesOf(expectedFile.readAll());
                QProcess run;
                run.start(katlas, {QStringLiteral("callgraph"), QStringLiteral("--repo"), QStringLiteral("main=") + caseDir,
                                   QStringLiteral("--format"), QStringLiteral("pycg")});
                QVERIFY2(run.waitForFinished(60000), qPrintable(caseDir));
                QVERIFY2(run.exitCode() == 0, qPrintable(caseDir + QStringLiteral(": ") + run.readAllStandardError()));
                const Edges found = edgesOf(run.readAllStandardOutput());
                Score s;
                s.cases = 1;
                for (const auto &e : found)
                    (expected.count(e) ? s.right : s.wrong) += 1;
                for (const auto &e : expected)
                    s.missed += found.count(e) ? 0 : 1;
                s.exact = s.wrong == 0 && s.missed == 0 ? 1 : 0;
                byCategory[category].add(s);
            }
        }
        Score total;
        qInfo("| category | precision | recall | exact |");
        for (const auto &[category, s] : byCategory) {
            qInfo("| %s | %.3f | %.3f | %d/%d |", qPrintable(category), s.precision(), s.recall(), s.exact, s.cases);
            total.add(s);
            // Every category but `dynamic` (eval, importlib) at 85 % recall or more.
            if (category != QLatin1String("dynamic"))
                QVERIFY2(s.recall() >= 0.85, qPrintable(category + QLatin1Char(' ') + QString::number(s.recall())));
        }
        qInfo("| total | %.3f | %.3f | %d/%d |", total.precision(), total.recall(), total.exact, total.cases);
        QCOMPARE(total.cases, 119);
        // Floors at what the resolver reaches today (0.996 / 0.977; issue 11
        // aims at 0.99 / 0.96; `eval` at module level counts as wrong: PyCG
        // puts it in `func`).
        QVERIFY2(total.precision() >= 0.995, qPrintable(QString::number(total.precision())));
        QVERIFY2(total.recall() >= 0.98, qPrintable(QString::number(total.recall())));
        QVERIFY2(total.exact >= 115, qPrintable(QString::number(total.exact)));
    }
};

QTEST_GUILESS_MAIN(TestPycgBenchmark)
#include "tst_pycg_benchmark.moc"
