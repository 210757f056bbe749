// Straight-line overwrites within one block (see overwritten_assignments.h).
#include "parse/overwritten_assignments.h"

#include <algorithm>
#include <cctype>

namespace katlas {

void OverwrittenAssignments::beforeStatement(TSNode stmt)
{
    followSelfAttributes(stmt);
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

namespace {

// The target of `target = value` alone in a statement (no annotation, no
// chained target), else a null node.
TSNode plainAssignmentTarget(TSNode stmt)
{
    if (!isType(stmt, "expression_statement") || ts_node_named_child_count(stmt) != 1)
        return {};
    const TSNode a = ts_node_named_child(stmt, 0);
    if (!isType(a, "assignment") || !ts_node_is_null(field(a, "type")) || isType(field(a, "right"), "assignment"))
        return {};
    return field(a, "left");
}

} // namespace

// `name = value` alone in a statement: the name, else empty.
std::string OverwrittenAssignments::plainAssignedName(TSNode stmt) const
{
    const TSNode left = plainAssignmentTarget(stmt);
    return !ts_node_is_null(left) && isType(left, "identifier") ? std::string(m_source.text(left)) : std::string();
}

// `self.x = value` alone in a statement: "self.x", else empty.
std::string OverwrittenAssignments::assignedSelfAttribute(TSNode stmt) const
{
    const TSNode left = plainAssignmentTarget(stmt);
    if (ts_node_is_null(left) || !isType(left, "attribute"))
        return {};
    const TSNode object = field(left, "object");
    if (!isType(object, "identifier") || m_source.text(object) != "self")
        return {};
    return "self." + std::string(m_source.text(field(left, "attribute")));
}

// Whether running `stmt` may let another method see self's state: a call of
// a method of self, self handed on (`f(self)`), a return or a yield.
bool OverwrittenAssignments::mayReadSelf(TSNode stmt) const
{
    if (mentions(stmt, "return") || mentions(stmt, "yield"))
        return true;
    const std::string_view t = m_source.text(stmt);
    const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (size_t at = t.find("self"); at != std::string_view::npos; at = t.find("self", at + 1)) {
        size_t end = at + 4;
        if ((at > 0 && word(t[at - 1])) || (end < t.size() && word(t[end])))
            continue;
        if (end >= t.size() || t[end] != '.')
            return true; // self handed on
        ++end;
        while (end < t.size() && word(t[end]))
            ++end;
        while (end < t.size() && t[end] == ' ')
            ++end;
        if (end < t.size() && t[end] == '(')
            return true; // a method of self called
    }
    return false;
}

void OverwrittenAssignments::followSelfAttributes(TSNode stmt)
{
    const std::string target = assignedSelfAttribute(stmt);
    const bool reads = mayReadSelf(stmt);
    for (auto it = m_unseenSelfAssignments.begin(); it != m_unseenSelfAssignments.end();) {
        const std::string attribute = it->first.substr(5);
        if (it->first == target && !reads && !mentions(field(ts_node_named_child(stmt, 0), "right"), attribute)) {
            const auto [first, last] = it->second;
            std::erase_if(m_facts.assignments, [&](const AssignmentFact &a) {
                return a.target == it->first && a.object.empty() && a.value.line >= first && a.value.line <= last;
            });
            it = m_unseenSelfAssignments.erase(it);
        } else if (reads || mentions(stmt, attribute)) {
            it = m_unseenSelfAssignments.erase(it);
        } else {
            ++it;
        }
    }
    if (!target.empty() && !reads)
        m_unseenSelfAssignments[target] = {static_cast<int>(ts_node_start_point(stmt).row) + 1,
                                           static_cast<int>(ts_node_end_point(stmt).row) + 1};
}

// Whether `name` stands as a word in the text of `n`.
bool OverwrittenAssignments::mentions(TSNode n, const std::string &name) const
{
    return standsAsWord(m_source.text(n), name);
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
