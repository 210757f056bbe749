// `isinstance(x, C)` decided by the classes x was built from (see
// guard_evaluator.h):
//
//     if _is_cuda:
//         self.pool = HybridSWAKVPool()     # a subclass of SWAKVPool
//     else:
//         self.pool = KVPool()
//     ...
//     if isinstance(self.pool, SWAKVPool):  # true on CUDA, false elsewhere
//
// Each value a constructor call made knows its class, so the test holds
// where x is built as C (or a subclass) and fails where it is built as
// another class, under each value's conditions; None fails it. Where x has
// more values than are told apart (an attribute set from thirty quantization
// configurations), the classes past the bound are forgotten; the test then
// evaluates x again keeping of each class only whether it passes, so the
// thirty classes fold into two values and the test is still decided. A value
// whose class is not known (a parameter, an object from outside the index)
// leaves the test to the path. See docs/guard-evaluation.md, "isinstance of
// a built value".
#include "resolve/guard_evaluator.h"

#include "resolve/chain.h"
#include "resolve/guard_limits.h"

#include <algorithm>
#include <charconv>
#include <functional>
#include <utility>

namespace katlas {

namespace {

bool builtAsOneOf(const SymbolTable &table, SymbolId built, const std::vector<SymbolId> &classes)
{
    return std::any_of(classes.begin(), classes.end(), [&](SymbolId c) { return table.isSubclass(built, c); });
}

} // namespace

std::optional<GuardEvaluator::Outcomes> GuardEvaluator::isinstanceValues(const GuardExpr &call, const Scope &scope, int depth)
{
    // Not a parameter of the function testing it: its class is what the
    // calls' arguments give (guard_call_arguments.cpp), and following every
    // caller costs more than it decides.
    const GuardExpr &object = call.operands[0];
    if (object.kind != GuardExpr::Kind::Chain)
        return std::nullopt;
    if (const FunctionInfo *fn = m_table.function(scope.function); fn && object.text.find('.') == std::string::npos) {
        const auto param = std::find_if(fn->fact->params.begin(), fn->fact->params.end(),
                                        [&](const Param &p) { return p.name == object.text; });
        if (param != fn->fact->params.end())
            return isinstanceByAnnotation(call, param->annotation, scope);
    }
    // The classes tested: a name, or a tuple of names, each of a class of the index.
    const GuardExpr &tested = call.operands[1];
    const std::vector<GuardExpr> names = testedClasses(tested);
    std::vector<SymbolId> classes;
    for (const GuardExpr &name : names) {
        if (name.kind != GuardExpr::Kind::Chain)
            return std::nullopt;
        const auto segs = splitChain(name.text);
        const Values found = m_evaluator.evalSegments(segs, segs.size(), scope);
        if (found.empty() || !std::all_of(found.begin(), found.end(), [](const Value &v) { return v.kind == Value::Kind::Class; }))
            return std::nullopt;
        for (const Value &v : found)
            classes.push_back(v.id);
    }
    // Evaluated with no other test's classes told apart (an isinstance met
    // while another one's object is evaluated), then, where some value is
    // left unknown, again with the classes told apart by this test alone.
    const WithoutClassTest scoped{*this};
    const auto undecided = [](const std::optional<Outcomes> &o) {
        return !o || std::any_of(o->begin(), o->end(), [](const Outcome &x) { return x.value.kind == Abstract::Kind::Unknown; });
    };
    std::optional<Outcomes> out = classTested(values(object, scope, depth + 1), classes);
    if (undecided(out)) {
        m_classTestKey = "|isa";
        for (SymbolId c : classes)
            m_classTestKey += ',' + std::to_string(c);
        m_classTest = [this, classes](SymbolId built) { return builtAsOneOf(m_table, built, classes); };
        if (std::optional<Outcomes> again = classTested(values(object, scope, depth + 1), classes))
            out = std::move(again);
    }
    return out;
}

// Each value of the object as the test's truth: a class built (or "+"/"-",
// guard_limits.h), None failing it; nullopt when no value was decided.
std::optional<GuardEvaluator::Outcomes> GuardEvaluator::classTested(Outcomes given, const std::vector<SymbolId> &classes) const
{
    using Kind = Abstract::Kind;
    bool decided = false;
    for (Outcome &o : given) {
        std::optional<bool> is;
        if (o.value.kind == Kind::Object && !o.value.text.empty()) {
            SymbolId built = 0;
            const std::string &text = o.value.text;
            if (text == guard_limits::kPassesTest || text == guard_limits::kFailsTest)
                is = text == guard_limits::kPassesTest;
            else if (std::from_chars(text.data(), text.data() + text.size(), built).ec == std::errc() && built)
                is = builtAsOneOf(m_table, built, classes);
        }
        if (is) {
            o.value = {Kind::Bool, *is, {}, {}};
            decided = true;
        } else if (o.value.kind == Kind::None) {
            o.value = {Kind::Bool, false, {}, {}};
        } else {
            o.value = {};
        }
    }
    if (!decided)
        return std::nullopt;
    return given;
}

} // namespace katlas
