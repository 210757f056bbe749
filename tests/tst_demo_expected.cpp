// The demo's call graph against tests/data/demo_expected.json, the ground
// truth written by hand from the demo's code: every kernel with its source,
// category and definition; every listed edge with exactly its dimension
// conditions; and the edges that must not exist.
#include "graph/allocation_condition.h"
#include "demo_fixture.h"

#include "store/index_reader.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <set>

using namespace katlas;
using namespace katlas::test;

namespace {

using ValueSets = std::map<std::string, std::set<std::string>>;

ValueSets valueSets(const QJsonObject &o)
{
    ValueSets out;
    for (auto it = o.begin(); it != o.end(); ++it)
        for (const QJsonValue &v : it.value().toArray())
            out[it.key().toStdString()].insert(v.toString().toStdString());
    return out;
}

// The mapped conditions of an edge, split into required and excluded values
// (building sites are bookkeeping, not conditions a reader writes down).
std::pair<ValueSets, ValueSets> split(const ConditionSet &conditions)
{
    ValueSets required, excluded;
    for (const Condition &c : conditions)
        if (!c.dimension.empty() && !isAllocationDimension(c.dimension))
            (c.negated ? excluded : required)[c.dimension].insert(c.values.begin(), c.values.end());
    return {required, excluded};
}

} // namespace

class TestDemoExpected : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QFile f(QStringLiteral(KATLAS_TEST_DATA "/demo_expected.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        m_expected = QJsonDocument::fromJson(f.readAll()).object();
        QString error;
        auto db = Database::open(indexDemo(m_dir), &error);
        QVERIFY2(db, qPrintable(error));
        m_graph = loadCallGraph(*db);
        for (const Symbol &s : m_graph.symbols) {
            m_byName.emplace(s.qualName, s.id);
            m_copies[s.qualName].insert(s.id);
        }
    }

    void kernels()
    {
        std::map<std::int64_t, const Kernel *> kernelOf;
        for (const Kernel &k : m_graph.kernels)
            kernelOf[k.symbolId] = &k;
        for (const QJsonValue &v : m_expected.value("kernels").toArray()) {
            const QJsonObject k = v.toObject();
            const std::string name = k.value("qual_name").toString().toStdString();
            const auto sym = m_byName.find(name);
            QVERIFY2(sym != m_byName.end(), name.c_str());
            const Kernel *kernel = kernelOf[sym->second];
            QVERIFY2(kernel, name.c_str());
            QCOMPARE(QString::fromStdString(kernel->source), k.value("source").toString());
            QCOMPARE(QString::fromStdString(kernel->category), k.value("category").toString());
            const Symbol &s = m_graph.symbols[static_cast<size_t>(sym->second - 1)];
            if (s.fileId) {
                const SourceFile &file = m_graph.files[static_cast<size_t>(s.fileId - 1)];
                const std::string repo = m_graph.repos[static_cast<size_t>(file.repoId - 1)].name;
                QCOMPARE(QString::fromStdString(repo + "/" + file.path), k.value("file").toString());
                QCOMPARE(s.line, k.value("line").toInt());
            }
        }
        for (const QJsonValue &v : m_expected.value("not_kernels").toArray()) {
            const auto sym = m_byName.find(v.toString().toStdString());
            QVERIFY(sym == m_byName.end() || !kernelOf.count(sym->second));
        }
    }

    void edges()
    {
        int checked = 0;
        for (const QJsonValue &v : m_expected.value("edges").toArray()) {
            const QJsonObject e = v.toObject();
            const std::string where = e.value("caller").toString().toStdString() + ":" + std::to_string(e.value("line").toInt())
                + " -> " + e.value("callee").toString().toStdString();
            const Edge *edge = find(e.value("caller").toString().toStdString(), e.value("line").toInt(),
                                    e.value("callee").toString().toStdString(), e.value("callee_chain").toString().toStdString());
            QVERIFY2(edge, where.c_str());
            const auto [required, excluded] = split(edge->conditions);
            QVERIFY2(required == valueSets(e.value("conditions").toObject()), where.c_str());
            QVERIFY2(excluded == valueSets(e.value("not_conditions").toObject()), where.c_str());
            ++checked;
        }
        QVERIFY(checked > 50);
        for (const QJsonValue &v : m_expected.value("must_not_edges").toArray()) {
            const QJsonObject e = v.toObject();
            QVERIFY2(!find(e.value("caller").toString().toStdString(), e.value("line").toInt(),
                           e.value("callee").toString().toStdString(), {}),
                     qPrintable(e.value("why").toString()));
        }
    }

private:
    const Edge *find(const std::string &caller, int line, const std::string &callee, const std::string &chain) const
    {
        const auto c = m_byName.find(caller), t = m_byName.find(callee);
        if (c == m_byName.end() || t == m_byName.end())
            return nullptr;
        for (const CallSite &s : m_graph.callSites) {
            // A launch is written kernel[grid](...): its chain is "kernel[]".
            const bool sameChain = chain.empty() || s.callee == chain || s.callee == chain + "[]";
            if (s.callerId != c->second || s.line != line || !sameChain)
                continue;
            // A copy specialised for the call's arguments is the function too.
            for (const Edge &e : m_graph.edges)
                if (e.callSiteId == s.id && m_copies.at(callee).count(e.calleeId))
                    return &e;
        }
        return nullptr;
    }

    QTemporaryDir m_dir;
    QJsonObject m_expected;
    CallGraph m_graph;
    std::unordered_map<std::string, std::int64_t> m_byName;
    std::unordered_map<std::string, std::set<std::int64_t>> m_copies; // every symbol of a name: a function and its copies
};

QTEST_GUILESS_MAIN(TestDemoExpected)
#include "tst_demo_expected.moc"
