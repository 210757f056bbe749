// Runtime locals written out in guard text (see runtime_locals.h).
#include "resolve/runtime_locals.h"

#include "graph/runtime_condition.h"

#include <cctype>

namespace katlas {

namespace {

constexpr int kMaxDepth = 3;

bool isWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The source of the one assignment to `name` before `line`: its expression,
// or a plain chain (`input.dtype`); empty when there is none, or several.
std::string assignedText(const SymbolTable &table, const FunctionInfo &fn, const std::string &name, int line)
{
    const BindingMap &locals = table.localsOf(fn);
    const auto it = locals.find(name);
    if (it == locals.end() || it->second.size() != 1 || it->second.front().kind != Binding::Kind::Assignment)
        return {};
    const ValueFact &v = it->second.front().assignment->value;
    if (v.unpacked || (line > 0 && v.line >= line) || !v.guards.empty())
        return {};
    if (!v.expr.empty())
        return v.expr;
    return v.chain.find_first_of("([") == Chain::npos ? v.chain : std::string();
}

std::string expanded(const SymbolTable &table, const FunctionInfo &fn, const std::string &text, int line, int depth,
                     bool &changed)
{
    std::string out;
    for (size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (c == '"' || c == '\'') { // a string literal stays as it is
            const size_t end = text.find(c, i + 1);
            const size_t stop = end == std::string::npos ? text.size() : end + 1;
            out.append(text, i, stop - i);
            i = stop;
            continue;
        }
        if (!isWordChar(c) || (i > 0 && (isWordChar(text[i - 1]) || text[i - 1] == '.'))) {
            out += c;
            ++i;
            continue;
        }
        size_t end = i;
        while (end < text.size() && isWordChar(text[end]))
            ++end;
        const std::string word = text.substr(i, end - i);
        std::string value = std::isdigit(static_cast<unsigned char>(word.front())) || depth >= kMaxDepth
            ? std::string()
            : assignedText(table, fn, word, line);
        if (!value.empty()) {
            bool inner = false;
            value = expanded(table, fn, value, line, depth + 1, inner);
        }
        if (!value.empty() && readsRuntimeState(value)) {
            out += '(' + value + ')';
            changed = true;
        } else {
            out += word;
        }
        i = end;
    }
    return out;
}

} // namespace

std::string withRuntimeLocals(const SymbolTable &table, const FunctionInfo &function, const std::string &text, int line)
{
    bool changed = false;
    std::string out = expanded(table, function, text, line, 0, changed);
    return changed ? out : text;
}

} // namespace katlas
