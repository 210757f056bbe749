// A predicate read through its body (see guard_evaluator.h and
// docs/guard-evaluation.md, "Predicates read through their bodies"): a call
// of a method taking nothing but its receiver, whose one return is a
// boolean expression, stands for that expression with `self` read as the
// receiver. `forward_mode.is_extend_without_speculative()` is
// `forward_mode.is_extend() and not forward_mode.is_target_verify() and not
// forward_mode.is_draft_extend()`, each part of which the profile's rules
// map, so the guard needs all three, not `is_extend()` alone.
#include "resolve/evaluator.h"
#include "resolve/guard_evaluator.h"

#include <algorithm>
#include <cctype>
#include <iterator>

namespace katlas {
namespace {

bool isNameChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// `text` with the name `self` replaced by `receiver` wherever it stands as
// a whole name (not `myself`, not `x.self`).
std::string withReceiver(const std::string &text, const std::string &receiver)
{
    std::string out;
    for (size_t i = 0; i < text.size();) {
        const bool starts = text.compare(i, 4, "self") == 0 && (i == 0 || (!isNameChar(text[i - 1]) && text[i - 1] != '.'))
            && (i + 4 >= text.size() || !isNameChar(text[i + 4]));
        if (starts) {
            out += receiver;
            i += 4;
        } else {
            out += text[i++];
        }
    }
    return out;
}

// Does every name `text` reads start from `self` (keywords aside)? Then it
// means the same read from the caller, with `self` as the receiver.
bool readsOnlySelf(const std::string &text)
{
    static const char *const kWords[] = {"self", "and", "or", "not", "is", "in", "None", "True", "False"};
    for (size_t i = 0; i < text.size();) {
        if (!isNameChar(text[i]) || std::isdigit(static_cast<unsigned char>(text[i]))
            || (i > 0 && (text[i - 1] == '.' || isNameChar(text[i - 1])))) {
            ++i;
            continue;
        }
        size_t end = i;
        while (end < text.size() && isNameChar(text[end]))
            ++end;
        const std::string word = text.substr(i, end - i);
        if (std::none_of(std::begin(kWords), std::end(kWords), [&](const char *w) { return word == w; }))
            return false;
        i = end;
    }
    return true;
}

} // namespace

std::optional<std::string> GuardEvaluator::predicateBody(const GuardExpr &call, const Scope &scope)
{
    if (call.kind != GuardExpr::Kind::Call || !call.operands.empty() || !call.keywords.empty())
        return std::nullopt;
    const size_t dot = call.chain.rfind('.');
    if (dot == std::string::npos || dot == 0 || call.chain.find_first_of("([{") != std::string::npos)
        return std::nullopt;
    const auto segs = splitChain(call.chain + "()");
    const Values callees = m_evaluator.evalSegments(segs, segs.size() - 1, scope);
    const FunctionInfo *body = nullptr;
    for (const Value &v : callees) {
        const FunctionInfo *fn = v.kind == Value::Kind::Function && v.selfClass ? m_table.function(v.id) : nullptr;
        if (!fn || (body && body != fn))
            return std::nullopt; // not a method, or more than one
        body = fn;
    }
    // A receiver nothing pins down (a handler's untyped `forward_batch`):
    // the one method of the index by that name, if only one has it.
    if (callees.empty())
        if (const std::vector<SymbolId> named = m_predicatesByName.of(call.chain); named.size() == 1)
            body = m_table.function(named.front());
    if (!body || body->fact->params.size() != 1 || body->fact->returns.size() != 1)
        return std::nullopt;
    const ValueFact &returned = body->fact->returns.front();
    if (!returned.guards.empty() || returned.expr.empty() || !readsOnlySelf(returned.expr))
        return std::nullopt;
    const GuardExpr &e = parsed(returned.expr);
    if (e.kind != GuardExpr::Kind::And && e.kind != GuardExpr::Kind::Or && e.kind != GuardExpr::Kind::Not)
        return std::nullopt;
    return withReceiver(returned.expr, call.chain.substr(0, dot));
}

} // namespace katlas
