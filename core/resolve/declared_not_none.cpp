// Names a call hands on that are not None by their declaration (see
// declared_not_none.h).
#include "resolve/declared_not_none.h"

#include "parse/declared_types.h"
#include "resolve/annotation_names.h"
#include "resolve/argument_shape.h"
#include "resolve/evaluator.h"

#include <algorithm>
#include <cctype>

namespace katlas {
namespace {

bool anyTests(const GuardList &guards, const std::string &name)
{
    return std::any_of(guards.begin(), guards.end(), [&](const Guard &g) { return testsForNone(g.text, name); });
}

// A guard's text without spaces and parentheses, for comparing a
// condition with the parts it was split into (parse/condition_guards.h).
std::string bare(const std::string &text)
{
    std::string out;
    for (char c : text)
        if (c != ' ' && c != '(' && c != ')')
            out += c;
    return out;
}

// Does a run of `parts`, each of the other polarity than `whole`, make up
// its condition? `if a and b:` puts `a`, `b` on its body and `!(a and b)` on
// its `else`; `if a or b:` puts the whole on its body and `!a`, `!b` on its
// `else`.
bool splitOf(const Guard &whole, const GuardList &parts)
{
    const std::string word = whole.negated ? "and" : "or";
    const std::string target = bare(whole.text);
    for (size_t from = 0; from < parts.size(); ++from) {
        std::string joined;
        for (size_t i = from; i < parts.size() && parts[i].negated != whole.negated && joined.size() < target.size(); ++i) {
            joined += (i == from ? "" : word) + bare(parts[i].text);
            if (i > from && joined == target)
                return true;
        }
    }
    return false;
}

// Do two guard lists take opposite ways of one test (an `if` and its
// `else`)? Then what is made under one does not reach the other.
bool exclusive(const GuardList &a, const GuardList &b)
{
    for (const Guard &g : a)
        if (std::any_of(b.begin(), b.end(), [&](const Guard &h) { return g.text == h.text && g.negated != h.negated; })
            || splitOf(g, b))
            return true;
    return std::any_of(b.begin(), b.end(), [&](const Guard &h) { return splitOf(h, a); });
}

} // namespace

// Does a guard text test `name` for None (`name is None`, `name is not
// None`, `name == None`) or for truth (`name`, `not name`)?
bool testsForNone(const std::string &text, const std::string &name)
{
    if (text == name || text == "not " + name)
        return true;
    for (const char *test : {" is None", " is not None", " == None", " != None"}) {
        const std::string tested = name + test;
        for (size_t at = text.find(tested); at != std::string::npos; at = text.find(tested, at + 1))
            if (at == 0 || !(std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '_' || text[at - 1] == '.'))
                return true;
    }
    return false;
}

bool DeclaredNotNone::declared(const FunctionInfo &fn, const std::string &name, const std::vector<const CallFact *> &calls) const
{
    const auto [known, added] = m_declared.try_emplace({fn.symbol, name}, false);
    if (added)
        known->second = declaredIn(fn, name, calls);
    return known->second;
}

bool DeclaredNotNone::declaredIn(const FunctionInfo &fn, const std::string &name, const std::vector<const CallFact *> &calls) const
{
    const auto param = std::find_if(fn.fact->params.begin(), fn.fact->params.end(), [&](const Param &p) { return p.name == name; });
    if (param == fn.fact->params.end() || param->defaultKind == 'N' || !declaresNotNone(param->annotation))
        return false;
    // A function that tests it for None says its declaration is loose.
    if (std::any_of(calls.begin(), calls.end(), [&](const CallFact *c) { return anyTests(c->guards, name); })
        || std::any_of(fn.fact->returns.begin(), fn.fact->returns.end(), [&](const ValueFact &r) { return anyTests(r.guards, name); }))
        return false;
    for (const auto &[local, bindings] : m_table.localsOf(fn))
        for (const Binding &b : bindings)
            if (b.kind == Binding::Kind::Assignment && anyTests(b.assignment->value.guards, name))
                return false;
    return true;
}

bool DeclaredNotNone::notNone(const ValueFact &value, const FunctionInfo &fn, const Scope &scope,
                              const std::vector<const CallFact *> &calls)
{
    if (value.notNone || value.display)
        return true;
    const Chain &chain = value.chain;
    if (value.unpacked || chain.empty())
        return false;
    // Another of the function's parameters declared not None, not assigned again.
    if (chain.find_first_of(".()[") == std::string::npos)
        return !m_table.localsOf(fn).count(chain) && declared(fn, chain, calls);
    if (ofDeclaredClass(chain, fn))
        return true;
    // A call of a class, or of functions each declaring a return that is not None.
    if (chain.size() < 3 || chain.compare(chain.size() - 2, 2, "()") != 0)
        return false;
    const std::string called = chain.substr(0, chain.size() - 2);
    if (called.find_first_of("()[") != std::string::npos)
        return false;
    const Values values = m_evaluator.evalChain(called, scope);
    return !values.empty() && std::all_of(values.begin(), values.end(), [&](const Value &v) {
        if (v.kind == Value::Kind::Class)
            return true;
        const FunctionInfo *callee = v.kind == Value::Kind::Function ? m_table.function(v.id) : nullptr;
        return callee && callee->fact->returnsNotNone;
    });
}

bool DeclaredNotNone::ofDeclaredClass(const Chain &chain, const FunctionInfo &fn) const
{
    const size_t dot = chain.find('.');
    if (m_notNoneResults.empty() || dot == std::string::npos)
        return false;
    const std::string name = chain.substr(0, dot);
    const auto param = std::find_if(fn.fact->params.begin(), fn.fact->params.end(), [&](const Param &p) { return p.name == name; });
    if (param == fn.fact->params.end())
        return false;
    // The declared class, as written or by its last part (`Tensor` imported from `torch`).
    const std::vector<AnnotationName> names = dottedNames(param->annotation);
    const bool listed = std::any_of(names.begin(), names.end(), [&](const AnnotationName &n) {
        return std::any_of(m_notNoneResults.begin(), m_notNoneResults.end(), [&](const std::string &cls) {
            return n.name == cls || (cls.size() > n.name.size() && cls.ends_with("." + n.name));
        });
    });
    if (!listed)
        return false;
    // Then only method calls and items: `.view(...).contiguous()`, `.tensor_split(n)[i]`; an attribute (`.grad`) may be None.
    size_t at = dot;
    bool called = false;
    while (at < chain.size()) {
        if (chain[at] == '[') {
            const size_t close = chain.find(']', at);
            if (close == std::string::npos || !called)
                return false;
            at = close + 1;
            continue;
        }
        if (chain[at] != '.')
            return false;
        const size_t open = chain.find('(', at);
        if (open == std::string::npos || open + 1 >= chain.size() || chain[open + 1] != ')'
            || chain.find_first_of(".[", at + 1) < open)
            return false;
        called = true;
        at = open + 2;
    }
    return called;
}

std::vector<std::string> DeclaredNotNone::at(const CallFact &call, const FunctionInfo &fn, const Scope &scope,
                                             const std::vector<const CallFact *> &calls)
{
    std::vector<std::string> out;
    for (const auto &[slot, name] : handedNames(call.args)) {
        if (std::find(out.begin(), out.end(), name) != out.end() || !declared(fn, name, calls))
            continue;
        // Assigned again: each assignment that may reach the call gives a value that is not None.
        bool holds = true;
        if (const auto it = m_table.localsOf(fn).find(name); it != m_table.localsOf(fn).end())
            for (const Binding &b : it->second) {
                if (b.kind != Binding::Kind::Assignment) {
                    holds = holds && b.kind == Binding::Kind::Definition;
                    continue;
                }
                const ValueFact &v = b.assignment->value;
                if (v.line >= call.line || exclusive(v.guards, call.guards))
                    continue;
                holds = holds && notNone(v, fn, scope, calls);
            }
        if (holds)
            out.push_back(name);
    }
    return out;
}

} // namespace katlas
