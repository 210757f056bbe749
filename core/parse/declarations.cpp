// Comparing what two versions of a file declare (see declarations.h).
#include "parse/declarations.h"

#include "parse/fact_extractor.h"
#include "parse/function_scopes.h"

namespace katlas {
namespace {

void clearLines(ValueFact &v) { v.line = 0; }

// The facts other files can see: everything but the calls, the lines and
// what describes the file's bytes.
ModuleFacts declarations(const ModuleFacts &f)
{
    ModuleFacts d = f;
    d.hash.clear();
    d.size = 0;
    d.lineCount = 0;
    d.calls.clear();
    d.diagnostics.clear();
    for (ClassFact &c : d.classes)
        c.line = c.endLine = 0;
    for (FunctionFact &fn : d.functions) {
        fn.line = fn.endLine = 0;
        fn.superInitLine = fn.superInitLine ? 1 : 0; // whether it calls a base's __init__, not where
        // A return of no chain (a literal, a tuple, nothing) gives no value:
        // the tests guarding it do not matter either.
        std::erase_if(fn.returns, [](const ValueFact &r) { return r.chain.empty() && r.inner.empty(); });
        for (ValueFact &r : fn.returns)
            clearLines(r);
    }
    for (ImportFact &i : d.imports) {
        i.line = 0;
        i.scope = withoutDefinitionLines(i.scope);
    }
    for (AssignmentFact &a : d.assignments) {
        clearLines(a.value);
        a.scope = withoutDefinitionLines(a.scope);
    }
    // Calls kept among the locals for their arguments are calls: an edit of
    // them is patched like any call (the parameters they give are read
    // again on a whole re-index).
    std::erase_if(d.locals, [](const AssignmentFact &a) { return a.target.empty(); });
    summariseLocalCalls(d);
    for (AssignmentFact &a : d.locals) {
        clearLines(a.value);
        a.scope = withoutDefinitionLines(a.scope);
    }
    for (DictEntryFact &e : d.dictEntries)
        e.line = 0;
    return d;
}

} // namespace

bool sameDeclarations(const ModuleFacts &a, const ModuleFacts &b)
{
    return declarations(a) == declarations(b);
}

} // namespace katlas
