// Subscripts by a name (see evaluator.h, docs/call-resolution.md): `xs[i]`
// takes the elements of the literal keys `i` may hold, where every value it
// may hold is a literal: a constant of the module or of another one it
// imports, a local assigned literals, or a parameter every call of its
// function passes a literal for. Any other key takes every element.
#include "resolve/evaluator.h"

#include "resolve/chain.h"
#include "resolve/instantiation_index.h"

#include <algorithm>
#include <cctype>

namespace katlas {
namespace {

constexpr int kMaxDepth = 4;
constexpr size_t kMaxKeys = 8;
// Calls found by the function's name looked at (those of other functions of
// that name are set aside).
constexpr size_t kMaxCalls = 32;

// A literal's text as a subscript key writes it (`1`, `'a'`), or "".
std::string keyOfLiteral(const std::string &text)
{
    const auto plain = [](std::string_view k) {
        return !k.empty() && k.size() <= 64 && std::all_of(k.begin(), k.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
        });
    };
    if (!text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
        return text;
    if (text.size() >= 2 && (text.front() == '\'' || text.front() == '"') && text.back() == text.front()) {
        const std::string content = text.substr(1, text.size() - 2);
        if (plain(content))
            return "'" + content + "'";
    }
    return {};
}

// Adds `more` to `keys`; false (unknown) past the bound or where `more` is.
bool addKeys(std::vector<std::string> &keys, const std::optional<std::vector<std::string>> &more)
{
    if (!more)
        return false;
    for (const std::string &k : *more)
        if (std::find(keys.begin(), keys.end(), k) == keys.end())
            keys.push_back(k);
    return keys.size() <= kMaxKeys;
}

} // namespace

std::vector<std::string> Evaluator::subscriptKeys(const std::string &key, const Scope &scope)
{
    if (!isNameKey(key))
        return {key};
    std::optional<std::vector<std::string>> keys = literalKeys(key, scope, 0);
    const bool patterns = keys && std::any_of(keys->begin(), keys->end(), [](const std::string &k) { return k.starts_with('{'); });
    return keys && !keys->empty() && !patterns ? *keys : std::vector<std::string>{std::string()};
}

std::optional<std::vector<std::string>> Evaluator::literalKeys(const std::string &name, const Scope &scope, int depth)
{
    if (depth > kMaxDepth)
        return std::nullopt;
    for (SymbolId fnId = scope.function; fnId;) {
        const FunctionInfo *fn = m_table.function(fnId);
        if (!fn)
            break;
        const auto &params = fn->fact->params;
        for (size_t p = 0; p < params.size(); ++p)
            if (params[p].name == name)
                return passedLiteralKeys(*fn, p, depth);
        const BindingMap &locals = m_table.localsOf(*fn);
        if (const auto it = locals.find(name); it != locals.end())
            return bindingLiteralKeys(it->second, {fn->module, fnId, 0}, depth);
        fnId = fn->outer;
    }
    const ModuleInfo &mod = m_table.moduleAt(scope.module);
    if (const auto it = mod.globals.find(name); it != mod.globals.end())
        return bindingLiteralKeys(it->second, {scope.module, 0, 0}, depth);
    return std::nullopt;
}

std::optional<std::vector<std::string>> Evaluator::bindingLiteralKeys(
    const std::vector<Binding> &bindings, const Scope &scope, int depth)
{
    std::vector<std::string> keys;
    for (const Binding &b : bindings) {
        if (b.kind == Binding::Kind::Assignment) {
            const ValueFact &v = b.assignment->value;
            if (v.chain.starts_with('{')) { // a name built from a literal part: its pattern
                if (!addKeys(keys, std::vector<std::string>{v.chain}))
                    return std::nullopt;
                continue;
            }
            if (!v.chain.empty() && v.chain.find_first_of(".([") == Chain::npos) { // another name
                if (!addKeys(keys, literalKeys(v.chain, scope, depth + 1)))
                    return std::nullopt;
                continue;
            }
            const std::string key = v.chain.empty() && !v.unpacked ? keyOfLiteral(v.expr) : std::string();
            if (key.empty() || !addKeys(keys, std::vector<std::string>{key}))
                return std::nullopt;
        } else if (b.kind == Binding::Kind::Import && !b.import->name.empty() && b.import->name != "*") {
            const ModuleInfo *from = m_table.module(m_table.absoluteModule(m_table.moduleAt(scope.module), *b.import));
            if (!from)
                return std::nullopt;
            const int module = static_cast<int>(m_table.symbol(from->symbol).fileId - 1);
            if (!addKeys(keys, literalKeys(b.import->name, {module, 0, 0}, depth + 1)))
                return std::nullopt;
        } else {
            return std::nullopt;
        }
    }
    return keys;
}

// What every call of `fn` passes for its parameter `param`, when all are literals.
std::optional<std::vector<std::string>> Evaluator::passedLiteralKeys(const FunctionInfo &fn, size_t param, int depth)
{
    const Param &p = fn.fact->params[param];
    const bool bound = fn.cls && !fn.isStatic;
    if ((bound && param == 0) || p.defaultKind != 0) // calls leaving it out are not indexed
        return std::nullopt;
    const size_t positional = bound ? param - 1 : param;
    const std::string position = "#" + std::to_string(positional);
    const InstantiationIndex &sites = instantiations();
    const std::vector<Instantiation> &calls = sites.callsOf(m_table.symbol(fn.symbol).name);
    if (calls.empty() || calls.size() > kMaxCalls)
        return std::nullopt;
    std::vector<std::string> keys;
    for (const Instantiation &at : calls) {
        const ValueFact &call = sites.call(at);
        const Scope scope{at.module, at.function, 0};
        if (!callRuns(call, scope, fn.symbol))
            continue;
        std::string text;
        const Chain chain = argumentFor(call, p, positional);
        for (const auto &[where, expr] : call.argExprs)
            if (where == p.name || (!p.keywordOnly && where == position))
                text = expr;
        if (!chain.empty() && chain.find_first_of(".([") == Chain::npos) {
            if (!addKeys(keys, literalKeys(chain, scope, depth + 1)))
                return std::nullopt;
        } else if (const std::string key = keyOfLiteral(text); !key.empty() && chain.empty()) {
            if (!addKeys(keys, std::vector<std::string>{key}))
                return std::nullopt;
        } else {
            return std::nullopt; // not passed (a default), or not a literal
        }
    }
    return keys;
}

} // namespace katlas
