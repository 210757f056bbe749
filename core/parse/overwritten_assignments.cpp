// Straight-line overwrites within one block (see overwritten_assignments.h).
#include "parse/overwritten_assignments.h"

#include <algorithm>
#include <cctype>

namespace katlas {

void OverwrittenAssignments::beforeStatement(TSNode stmt)
{
    const std::string assigned = plainAssignedName(stmt);
    if (!assigned.empty() && m_previous && m_previous->name == assigned
        && !mentions(field(ts_node_named_child(stmt, 0), "right"), assigned))
        dropOverwritten(*m_previous);
    m_current = Added{assigned, {m_facts.assignments.size(), 0}, {m_facts.locals.size(), 0}};
}

void OverwrittenAssignments::afterStatement(TSNode stmt)
{
    m_current.assignments[1] = m_facts.assignments.size();
    m_current.locals[1] = m_facts.locals.size();
    if (!m_current.name.empty())
        m_previous = m_current;
    else if (!isType(stmt, "function_definition") && !isType(stmt, "class_definition")
        && !isType(stmt, "decorated_definition") && !isType(stmt, "pass_statement"))
        m_previous.reset();
}

// `name = value` alone in a statement (no annotation, no chained target): the name, else empty.
std::string OverwrittenAssignments::plainAssignedName(TSNode stmt) const
{
    if (!isType(stmt, "expression_statement") || ts_node_named_child_count(stmt) != 1)
        return {};
    const TSNode a = ts_node_named_child(stmt, 0);
    if (!isType(a, "assignment") || !ts_node_is_null(field(a, "type")) || isType(field(a, "right"), "assignment"))
        return {};
    const TSNode left = field(a, "left");
    return isType(left, "identifier") ? std::string(m_source.text(left)) : std::string();
}

// Whether `name` stands as a word in the text of `n`.
bool OverwrittenAssignments::mentions(TSNode n, const std::string &name) const
{
    const std::string_view t = m_source.text(n);
    const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (size_t at = t.find(name); at != std::string_view::npos; at = t.find(name, at + 1))
        if ((at == 0 || !word(t[at - 1])) && (at + name.size() >= t.size() || !word(t[at + name.size()])))
            return true;
    return false;
}

void OverwrittenAssignments::dropOverwritten(const Added &before)
{
    const auto drop = [&](std::vector<AssignmentFact> &facts, const size_t(&range)[2]) {
        facts.erase(std::remove_if(facts.begin() + static_cast<std::ptrdiff_t>(range[0]),
                        facts.begin() + static_cast<std::ptrdiff_t>(range[1]),
                        [&](const AssignmentFact &a) { return a.target == before.name; }),
            facts.begin() + static_cast<std::ptrdiff_t>(range[1]));
    };
    drop(m_facts.assignments, before.assignments);
    drop(m_facts.locals, before.locals);
}

} // namespace katlas
