// The values an expression may take, as ValueFacts: the arms of a
// conditional expression (under its condition) and of `a or b`, each with
// the chain it is, the calls nested in it, its call's arguments, its
// display's elements and, where a guard may read it, its text.
#pragma once

#include "parse/syntax_node.h"

#include <vector>

namespace katlas {

// Marks `v` as a call passing an argument that was not kept (kArgumentsCut):
// the keyword `keyword`, or a positional one where it is empty.
void markArgumentsCut(ValueFact &v, const std::string &keyword = {});

class ValueReader {
public:
    explicit ValueReader(const SyntaxSource &source) : m_source(source) { }

    // Adds to `out` the values `value` may take under `guards`; `notNone`:
    // the chains known not to be None there.
    void addValues(TSNode value, const GuardList &guards, std::vector<ValueFact> &out,
        const std::vector<Chain> &notNone = {}) const
    {
        add(value, guards, out, notNone, false, 0);
    }
    // The same for a call made for its effect (a statement of its own): the
    // arguments a guard may need are kept whatever it calls.
    void addStatementCallValues(
        TSNode call, const GuardList &guards, std::vector<ValueFact> &out, const std::vector<Chain> &notNone) const
    {
        add(call, guards, out, notNone, true, 0);
    }

private:
    void add(TSNode value, const GuardList &guards, std::vector<ValueFact> &out, const std::vector<Chain> &notNone,
        bool statementCall, int depth) const;
    void keepArgument(std::string key, TSNode value, ValueFact &v, bool statementCall) const;
    // A subscript of a display: the elements it may select, each a value
    // (false for anything else).
    bool addSelectedElements(TSNode value, const GuardList &guards, std::vector<ValueFact> &out,
        const std::vector<Chain> &notNone, bool statementCall, int depth) const;
    void collectInner(TSNode n, std::vector<Chain> &out, int depth, bool top) const;

    const SyntaxSource &m_source;
};

} // namespace katlas
