// The call hierarchy on the demo workspace: the call written at a line and
// where it goes, the callers and callees of a function, copies folded.
// The expectations come from reading the demo's code.
#include "demo_fixture.h"

#include "graph/graph_queries.h"
#include "trace/call_hierarchy.h"

using namespace katlas;
using namespace katlas::test;

namespace {

std::int64_t fileId(const CallIndex &index, const std::string &suffix)
{
    for (const SourceFile &f : index.graph().files)
        if (f.path.size() >= suffix.size() && f.path.compare(f.path.size() - suffix.size(), suffix.size(), suffix) == 0)
            return f.id;
    return 0;
}

std::int64_t symbolId(const CallIndex &index, const std::string &qualName)
{
    const std::vector<std::int64_t> ids = index.byQualName(qualName);
    return ids.empty() ? 0 : ids.front();
}

std::vector<std::string> names(const CallIndex &index, const std::vector<CallStep> &steps)
{
    std::vector<std::string> out;
    for (const CallStep &s : steps)
        out.push_back(index.symbol(s.symbolId).qualName);
    return out;
}

bool contains(const std::vector<std::string> &v, const std::string &s) { return std::find(v.begin(), v.end(), s) != v.end(); }

} // namespace

class TestCallHierarchy : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { m_session = openDemo(m_dir); }

    // A call is found by its callee as written or by a dotted tail of it, never by part of a name.
    void callSitesAtMatchDottedTails()
    {
        const CallIndex &index = m_session->index();
        const std::int64_t linear = fileId(index, "layers/linear.py");
        QVERIFY(linear);
        const std::vector<std::int64_t> whole = callSitesAt(index, linear, 20, "self.quant_method.apply");
        QVERIFY(!whole.empty());
        QCOMPARE(callSitesAt(index, linear, 20, "quant_method.apply"), whole);
        QCOMPARE(callSitesAt(index, linear, 20, "apply"), whole);
        QVERIFY(callSitesAt(index, linear, 20, "method.apply").empty());
        QVERIFY(callSitesAt(index, linear, 19, "apply").empty());
        QVERIFY(!callSitesAt(index, linear, 20).empty());
    }

    // The quantization method's apply goes to every method the config can return, each under its conditions.
    void aCallThroughAFactoryHasSeveralTargets()
    {
        const CallIndex &index = m_session->index();
        const std::int64_t linear = fileId(index, "layers/linear.py");
        const std::vector<CallStep> targets = callTargets(index, callSitesAt(index, linear, 20, "apply"));
        QVERIFY2(targets.size() >= 2, std::to_string(targets.size()).c_str());
        bool conditioned = false;
        for (const CallStep &t : targets) {
            QCOMPARE(QString::fromStdString(index.symbol(t.symbolId).name), QStringLiteral("apply"));
            conditioned = conditioned || !t.conditions.toString().empty();
        }
        QVERIFY(conditioned);
    }

    // RMSNorm.forward has copies per argument shape: its call of forward_cuda is one caller, not one per copy.
    void callersFoldTheCopiesOfAFunction()
    {
        const CallIndex &index = m_session->index();
        const std::int64_t cuda = symbolId(index, "tinyserve.srt.layers.layernorm.RMSNorm.forward_cuda");
        QVERIFY(cuda);
        const std::vector<CallStep> callers = callsInto(index, cuda);
        const std::vector<std::string> callerNames = names(index, callers);
        QVERIFY(contains(callerNames, "tinyserve.srt.layers.layernorm.RMSNorm.forward"));
        QCOMPARE(std::count(callerNames.begin(), callerNames.end(), "tinyserve.srt.layers.layernorm.RMSNorm.forward"), 1);
        for (const CallStep &c : callers)
            QCOMPARE(index.site(c.siteId).line, 21);
    }

    void calleesAreTheResolvedCallsInLineOrder()
    {
        const CallIndex &index = m_session->index();
        const std::int64_t cuda = symbolId(index, "tinyserve.srt.layers.layernorm.RMSNorm.forward_cuda");
        const std::vector<CallStep> callees = callsFrom(index, cuda);
        std::vector<std::string> kernels;
        int line = 0;
        for (const CallStep &c : callees) {
            QVERIFY(index.site(c.siteId).line >= line);
            line = index.site(c.siteId).line;
            kernels.push_back(index.symbol(c.symbolId).name);
        }
        QVERIFY(contains(kernels, "fused_add_rmsnorm"));
        QVERIFY(contains(kernels, "rmsnorm"));
        QCOMPARE(namedSymbol(index, cuda), cuda);
    }

private:
    QTemporaryDir m_dir;
    std::unique_ptr<TraceSession> m_session;
};

QTEST_MAIN(TestCallHierarchy)
#include "tst_call_hierarchy.moc"
