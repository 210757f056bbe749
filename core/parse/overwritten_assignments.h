// Straight-line flow within one block: `f = a` followed at once by `f = b`
// (b not reading f) never lets a be seen, so a's assignment facts are
// dropped. Definitions and `pass` between the two do not break the line.
// `self.x = a` followed later in the same block by `self.x = b` likewise,
// where nothing between can see a: no statement between names x, returns
// or yields, calls a method of self or hands self on.
#pragma once

#include "parse/syntax_node.h"

#include <map>
#include <optional>
#include <string>
#include <utility>

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
    std::string assignedSelfAttribute(TSNode stmt) const;
    bool mentions(TSNode n, const std::string &name) const;
    bool mayReadSelf(TSNode stmt) const;
    void dropOverwritten(const Added &before);
    void followSelfAttributes(TSNode stmt);

    const SyntaxSource &m_source;
    ModuleFacts &m_facts;
    std::optional<Added> m_previous; // the statement before, when a plain assignment
    Added m_current;
    // `self.x = a` statements nothing has seen since: target -> their lines.
    std::map<std::string, std::pair<int, int>> m_unseenSelfAssignments;
};

} // namespace katlas
