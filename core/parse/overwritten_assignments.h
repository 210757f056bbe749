// Straight-line flow within one block: `f = a` followed at once by `f = b`
// (b not reading f) never lets a be seen, so a's assignment facts are
// dropped. Definitions and `pass` between the two do not break the line.
#pragma once

#include "parse/syntax_node.h"

#include <optional>
#include <string>

namespace katlas {

// Follows the statements of one block, in order, around the visit of each.
class OverwrittenAssignments {
public:
    OverwrittenAssignments(const SyntaxSource &source, ModuleFacts &facts) : m_source(source), m_facts(facts) { }

    // Before `stmt`'s facts are added: drops the statement before's
    // assignment when `stmt` overwrites it.
    void beforeStatement(TSNode stmt);
    // After `stmt`'s facts are added.
    void afterStatement(TSNode stmt);

private:
    // Facts of a statement, by the ranges of assignments and locals it added.
    struct Added {
        std::string name;
        size_t assignments[2] = {0, 0};
        size_t locals[2] = {0, 0};
    };

    std::string plainAssignedName(TSNode stmt) const;
    bool mentions(TSNode n, const std::string &name) const;
    void dropOverwritten(const Added &before);

    const SyntaxSource &m_source;
    ModuleFacts &m_facts;
    std::optional<Added> m_previous; // the statement before, when a plain assignment
    Added m_current;
};

} // namespace katlas
