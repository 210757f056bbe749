// Tests of the memo that cuts cycles (resolve/cycle_memo.h) and of the pool
// its results are kept in (memo_pool.h): what a key gives does not depend on
// the order keys were first asked in, as a partial re-index asking only for
// its changed files' needs relies on.
#include "resolve/cycle_memo.h"
#include "resolve/memo_pool.h"

#include <QTest>

#include <map>
#include <set>

using namespace katlas;

namespace {

using Reach = std::set<char>;

// Each node reaches itself and what its successors reach: a cycle in the
// graph is a cycle of the recursion.
class ReachEvaluation {
public:
    explicit ReachEvaluation(std::map<char, std::string> edges) : m_edges(std::move(edges)) {}

    Reach reach(char node)
    {
        const std::string key(1, node);
        if (const Reach *known = m_memo.find(key))
            return *known;
        if (!m_memo.enter(key))
            return {};
        ++computed;
        Reach out{node};
        for (char next : m_edges[node]) {
            const Reach more = reach(next);
            out.insert(more.begin(), more.end());
        }
        return m_memo.leave(key, out);
    }

    int computed = 0;

private:
    std::map<char, std::string> m_edges;
    CycleMemo<Reach> m_memo;
};

const std::map<char, std::string> kGraph{{'a', "b"}, {'b', "ca"}, {'c', "d"}, {'d', ""}, {'e', "a"}};

} // namespace

class TestCycleMemo : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sameWhateverOrder_data()
    {
        QTest::addColumn<QString>("order");
        QTest::newRow("head first") << "abcde";
        QTest::newRow("inside the cycle first") << "bacde";
        QTest::newRow("from outside the cycle first") << "edcba";
    }

    void sameWhateverOrder()
    {
        QFETCH(QString, order);
        ReachEvaluation evaluation(kGraph);
        std::map<char, Reach> got;
        for (QChar c : order)
            got[c.toLatin1()] = evaluation.reach(c.toLatin1());
        // b was worked out inside a's evaluation, where a was cut: asked
        // for afterwards it still reaches a.
        QCOMPARE(got['a'], (Reach{'a', 'b', 'c', 'd'}));
        QCOMPARE(got['b'], (Reach{'a', 'b', 'c', 'd'}));
        QCOMPARE(got['c'], (Reach{'c', 'd'}));
        QCOMPARE(got['d'], (Reach{'d'}));
        QCOMPARE(got['e'], (Reach{'a', 'b', 'c', 'd', 'e'}));
    }

    void resultsOutsideCyclesAreKept()
    {
        ReachEvaluation evaluation(kGraph);
        evaluation.reach('c');
        const int once = evaluation.computed;
        evaluation.reach('c');
        evaluation.reach('d');
        QCOMPARE(evaluation.computed, once);
        // The cycle's head is final too: asked again, nothing is worked out.
        evaluation.reach('a');
        const int withCycle = evaluation.computed;
        evaluation.reach('a');
        QCOMPARE(evaluation.computed, withCycle);
    }

    void resultsNotKeptStillCutCycles()
    {
        CycleMemo<int> memo;
        QVERIFY(memo.enter("x"));
        QVERIFY(memo.enter("y"));
        QVERIFY(!memo.enter("x")); // y depends on x being worked out
        QCOMPARE(memo.leave("y", 1), 1);
        QVERIFY(memo.find("y")); // usable while x is worked out
        QCOMPARE(memo.leave("x", 2, false), 2);
        QVERIFY(!memo.find("y"));
        QVERIFY(!memo.find("x"));
    }

    // What a memo keeps is pooled (memo_pool.h): equal values under equal
    // conditions are one copy, and unpacking gives back what was packed.
    void aPooledMemoKeepsEachValueOnce()
    {
        Condition onCuda{"platform", {"cuda"}, false, "_is_cuda"};
        Value f;
        f.kind = Value::Kind::Function;
        f.id = 7;
        f.conditions = {onCuda};
        Value g = f;
        g.id = 8;
        Value fElsewhere = f;
        fElsewhere.conditions = {};
        ValuesPool pool;
        const ValuesPool::Packed first = pool.pack({f, g});
        const ValuesPool::Packed again = pool.pack({g, f, fElsewhere});
        QCOMPARE(again[1], first[0]);
        QCOMPARE(again[0], first[1]);
        QVERIFY(again[2] != first[0]); // the conditions tell them apart
        const Values back = ValuesPool::unpack(again);
        QCOMPARE(back.size(), size_t(3));
        QCOMPARE(back[0].id, SymbolId(8));
        QCOMPARE(back[1].conditions, ConditionSet{onCuda});
        QVERIFY(back[2].conditions.empty());
    }
};

QTEST_GUILESS_MAIN(TestCycleMemo)
#include "tst_cycle_memo.moc"
