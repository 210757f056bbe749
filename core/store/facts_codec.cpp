// Binary encoding of ModuleFacts: varints and length-prefixed strings, one
// function per struct, the same order on both sides.
#include "store/facts_codec.h"

#include <algorithm>
#include <cstdint>
#include <stdexcept>

namespace katlas {
namespace {

constexpr std::uint8_t kFactsVersion = 58; // 58: a function's return annotation declaring no None (returnsNotNone); 57: a str format call's pattern is a value, getattr reads name.lower() as name; 56: reads of a module's property names are possible calls (kPropertyRead); 55: an attribute assignment may call __setattr__; 54: built-ins calling their argument's dunder (str(x): x.__str__); 53: a call in a class body is the class's; 52: calls in f-string fields; 51: locals given another name as it is (localAliases); 50: getattr by a built name, a name built from a literal part, an f-string with a field is no literal; 49: a block ending in an if/else (or with) that leaves in every branch leaves; 48: a keyword cut names itself (`+name`); 47: calls keep 32 positional and 32 plain keyword arguments; 46: a comment is no argument (nor any other child); 45: arguments past the bounds mark the call as passing unknowns; 44: string and number literal defaults; 43: a cut argument shape ends in a splat; 42: `cls(...)` keeps its arguments; 41: texts without comments

class Writer {
public:
    std::string out;
    void u(std::uint64_t v)
    {
        while (v >= 0x80) {
            out.push_back(static_cast<char>((v & 0x7F) | 0x80));
            v >>= 7;
        }
        out.push_back(static_cast<char>(v));
    }
    void i(std::int64_t v) { u(static_cast<std::uint64_t>((v << 1) ^ (v >> 63))); }
    void s(const std::string &v)
    {
        u(v.size());
        out += v;
    }
    template<typename T, typename F>
    void list(const std::vector<T> &items, F each)
    {
        u(items.size());
        for (const T &x : items)
            each(*this, x);
    }
};

class Reader {
public:
    explicit Reader(std::string_view in) : m_in(in) {}
    std::uint64_t u()
    {
        std::uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (m_pos >= m_in.size())
                throw std::runtime_error("truncated");
            const auto b = static_cast<std::uint8_t>(m_in[m_pos++]);
            v |= static_cast<std::uint64_t>(b & 0x7F) << shift;
            if (!(b & 0x80))
                return v;
        }
        throw std::runtime_error("bad varint");
    }
    std::int64_t i()
    {
        const std::uint64_t z = u();
        return static_cast<std::int64_t>(z >> 1) ^ -static_cast<std::int64_t>(z & 1);
    }
    int n() { return static_cast<int>(i()); }
    std::string s()
    {
        const std::uint64_t len = u();
        if (len > m_in.size() - m_pos)
            throw std::runtime_error("truncated");
        std::string v(m_in.substr(m_pos, len));
        m_pos += len;
        return v;
    }
    template<typename T, typename F>
    void list(std::vector<T> &items, F each)
    {
        const std::uint64_t count = u();
        if (count > m_in.size())
            throw std::runtime_error("bad count");
        items.resize(count);
        for (T &x : items)
            each(*this, x);
    }
    bool done() const { return m_pos == m_in.size(); }

private:
    std::string_view m_in;
    size_t m_pos = 0;
};

// Each struct has a write and a read overload side by side, so that the two
// directions are easy to keep in step.
void guard(Writer &w, const Guard &g) { w.s(g.text); w.u(g.negated); }
void guard(Reader &r, Guard &g) { g.text = r.s(); g.negated = r.u() != 0; }

void guards(Writer &w, const GuardList &gs) { w.list(gs, [](Writer &w, const Guard &g) { guard(w, g); }); }
void guards(Reader &r, GuardList &gs) { r.list(gs, [](Reader &r, Guard &g) { guard(r, g); }); }
void strings(Writer &w, const std::vector<std::string> &v) { w.list(v, [](Writer &w, const std::string &x) { w.s(x); }); }
void strings(Reader &r, std::vector<std::string> &v) { r.list(v, [](Reader &r, std::string &x) { x = r.s(); }); }

using Keywords = std::vector<std::pair<std::string, Chain>>;
void keywords(Writer &w, const Keywords &kw)
{
    w.list(kw, [](Writer &w, const auto &k) { w.s(k.first); w.s(k.second); });
}
void keywords(Reader &r, Keywords &kw)
{
    r.list(kw, [](Reader &r, auto &k) { k.first = r.s(); k.second = r.s(); });
}
void value(Writer &w, const ValueFact &v)
{
    w.s(v.chain);
    strings(w, v.inner);
    strings(w, v.args);
    keywords(w, v.keywordArgs);
    keywords(w, v.argExprs);
    w.s(v.expr);
    w.u(v.unpacked ? static_cast<unsigned>(v.part + 2) : 0u); // 1: a part not known
    w.u(v.notNone);
    w.i(v.line);
    guards(w, v.guards);
    keywords(w, v.elements);
    w.u(static_cast<unsigned>(v.display) | static_cast<unsigned>(v.decorates) << 1 | static_cast<unsigned>(v.builtinType) << 2);
}
void value(Reader &r, ValueFact &v)
{
    v.chain = r.s();
    strings(r, v.inner);
    strings(r, v.args);
    keywords(r, v.keywordArgs);
    keywords(r, v.argExprs);
    v.expr = r.s();
    const auto unpacked = r.u();
    v.unpacked = unpacked != 0;
    v.part = unpacked >= 2 ? static_cast<int>(unpacked) - 2 : -1;
    v.notNone = r.u() != 0;
    v.line = r.n();
    guards(r, v.guards);
    keywords(r, v.elements);
    const auto flags = r.u();
    v.display = (flags & 1) != 0;
    v.decorates = (flags & 2) != 0;
    v.builtinType = static_cast<BuiltinType>(std::min(static_cast<unsigned>(flags >> 2), static_cast<unsigned>(BuiltinType::Str)));
}
void decorator(Writer &w, const Decorator &d) { w.s(d.chain); w.s(d.firstArg); strings(w, d.keys); }
void decorator(Reader &r, Decorator &d) { d.chain = r.s(); d.firstArg = r.s(); strings(r, d.keys); }

void assignment(Writer &w, const AssignmentFact &a)
{
    w.s(a.scope);
    w.s(a.target);
    value(w, a.value);
    w.s(a.annotation);
    w.s(a.globalIn);
    w.s(a.object);
}
void assignment(Reader &r, AssignmentFact &a)
{
    a.scope = r.s();
    a.target = r.s();
    value(r, a.value);
    a.annotation = r.s();
    a.globalIn = r.s();
    a.object = r.s();
}

void writeLocals(Writer &w, const std::vector<AssignmentFact> &locals)
{
    w.out.push_back(static_cast<char>(kFactsVersion));
    w.list(locals, [](Writer &w, const AssignmentFact &a) { assignment(w, a); });
}

void readLocals(Reader &r, std::vector<AssignmentFact> &locals)
{
    r.list(locals, [](Reader &r, AssignmentFact &a) { assignment(r, a); });
}

void write(Writer &w, const ModuleFacts &f)
{
    w.out.push_back(static_cast<char>(kFactsVersion));
    w.s(f.repo); w.s(f.path); w.s(f.module); w.u(f.isPackage); w.s(f.hash); w.i(f.lineCount); w.i(f.size);
    strings(w, f.allNames);
    w.list(f.classes, [](Writer &w, const ClassFact &c) {
        w.s(c.qualName); w.i(c.line); w.i(c.endLine); strings(w, c.bases);
        w.list(c.decorators, [](Writer &w, const Decorator &d) { decorator(w, d); });
        guards(w, c.guards);
    });
    w.list(f.functions, [](Writer &w, const FunctionFact &fn) {
        w.s(fn.qualName); w.s(fn.className); w.i(fn.line); w.i(fn.endLine);
        w.list(fn.decorators, [](Writer &w, const Decorator &d) { decorator(w, d); });
        w.list(fn.params, [](Writer &w, const Param &p) { w.s(p.name); w.s(p.annotation); w.u(static_cast<unsigned char>(p.defaultKind)); w.u(p.keywordOnly); w.s(p.defaultChain); w.s(p.defaultLiteral); });
        w.list(fn.returns, [](Writer &w, const ValueFact &v) { value(w, v); });
        w.list(fn.yields, [](Writer &w, const ValueFact &v) { value(w, v); });
        w.u(static_cast<unsigned>(fn.callsOnSelf) | static_cast<unsigned>(fn.returnsNothing) << 1
            | static_cast<unsigned>(fn.returnsNotNone) << 2);
        w.i(fn.superInitLine);
        w.s(fn.varargs);
        w.s(fn.kwargs);
        guards(w, fn.guards);
    });
    w.list(f.imports, [](Writer &w, const ImportFact &i) {
        w.s(i.module); w.s(i.name); w.s(i.alias); w.i(i.level); w.i(i.line); w.s(i.scope); guards(w, i.guards);
    });
    w.list(f.assignments, [](Writer &w, const AssignmentFact &a) { assignment(w, a); });
    w.list(f.localCalls, [](Writer &w, const LocalCallFact &c) { w.s(c.name); w.i(c.function); w.i(c.index); strings(w, c.passed); w.s(c.target); w.s(c.reads); });
    w.list(f.localAliases, [](Writer &w, const LocalAliasFact &a) { w.s(a.name); w.i(a.function); w.s(a.target); });
    w.list(f.dictEntries, [](Writer &w, const DictEntryFact &d) { w.s(d.dictName); w.s(d.key); w.s(d.value); w.i(d.line); });
    w.list(f.closedDicts, [](Writer &w, const ClosedDictFact &d) { w.s(d.scope); w.s(d.name); strings(w, d.keys); });
    strings(w, f.namedAttributes);
    w.list(f.diagnostics, [](Writer &w, const Diagnostic &d) { w.i(d.line); w.s(d.message); });
}

void writeCalls(Writer &w, const std::vector<CallFact> &calls)
{
    w.out.push_back(static_cast<char>(kFactsVersion));
    w.list(calls, [](Writer &w, const CallFact &c) { w.s(c.scope); w.s(c.callee); w.i(c.line); guards(w, c.guards); w.s(c.args); });
}

void readCalls(Reader &r, std::vector<CallFact> &calls)
{
    r.list(calls, [](Reader &r, CallFact &c) { c.scope = r.s(); c.callee = r.s(); c.line = r.n(); guards(r, c.guards); c.args = r.s(); });
}

void read(Reader &r, ModuleFacts &f)
{
    f.repo = r.s(); f.path = r.s(); f.module = r.s(); f.isPackage = r.u() != 0; f.hash = r.s();
    f.lineCount = r.n(); f.size = r.i();
    strings(r, f.allNames);
    r.list(f.classes, [](Reader &r, ClassFact &c) {
        c.qualName = r.s(); c.line = r.n(); c.endLine = r.n(); strings(r, c.bases);
        r.list(c.decorators, [](Reader &r, Decorator &d) { decorator(r, d); });
        guards(r, c.guards);
    });
    r.list(f.functions, [](Reader &r, FunctionFact &fn) {
        fn.qualName = r.s(); fn.className = r.s(); fn.line = r.n(); fn.endLine = r.n();
        r.list(fn.decorators, [](Reader &r, Decorator &d) { decorator(r, d); });
        r.list(fn.params, [](Reader &r, Param &p) { p.name = r.s(); p.annotation = r.s(); p.defaultKind = static_cast<ArgKind>(r.u()); p.keywordOnly = r.u() != 0; p.defaultChain = r.s(); p.defaultLiteral = r.s(); });
        r.list(fn.returns, [](Reader &r, ValueFact &v) { value(r, v); });
        r.list(fn.yields, [](Reader &r, ValueFact &v) { value(r, v); });
        const auto fnFlags = r.u();
        fn.callsOnSelf = (fnFlags & 1) != 0;
        fn.returnsNothing = (fnFlags & 2) != 0;
        fn.returnsNotNone = (fnFlags & 4) != 0;
        fn.superInitLine = r.n();
        fn.varargs = r.s();
        fn.kwargs = r.s();
        guards(r, fn.guards);
    });
    r.list(f.imports, [](Reader &r, ImportFact &i) {
        i.module = r.s(); i.name = r.s(); i.alias = r.s(); i.level = r.n(); i.line = r.n(); i.scope = r.s(); guards(r, i.guards);
    });
    r.list(f.assignments, [](Reader &r, AssignmentFact &a) { assignment(r, a); });
    r.list(f.localCalls, [](Reader &r, LocalCallFact &c) { c.name = r.s(); c.function = r.n(); c.index = r.n(); strings(r, c.passed); c.target = r.s(); c.reads = r.s(); });
    r.list(f.localAliases, [](Reader &r, LocalAliasFact &a) { a.name = r.s(); a.function = r.n(); a.target = r.s(); });
    r.list(f.dictEntries, [](Reader &r, DictEntryFact &d) { d.dictName = r.s(); d.key = r.s(); d.value = r.s(); d.line = r.n(); });
    r.list(f.closedDicts, [](Reader &r, ClosedDictFact &d) { d.scope = r.s(); d.name = r.s(); strings(r, d.keys); });
    strings(r, f.namedAttributes);
    r.list(f.diagnostics, [](Reader &r, Diagnostic &d) { d.line = r.n(); d.message = r.s(); });
}

} // namespace

int factsFormatVersion()
{
    return kFactsVersion;
}

EncodedFacts encodeFacts(const ModuleFacts &facts)
{
    Writer declarations, locals, calls;
    write(declarations, facts);
    writeLocals(locals, facts.locals);
    writeCalls(calls, facts.calls);
    return {std::move(declarations.out), std::move(locals.out), std::move(calls.out)};
}

namespace {

// Reads a blob of this encoding version completely; false when it is of
// another version, truncated or damaged.
template <typename Read>
bool decodeBlob(std::string_view blob, Read &&read)
{
    if (blob.empty() || static_cast<std::uint8_t>(blob[0]) != kFactsVersion)
        return false;
    try {
        Reader r(blob.substr(1));
        read(r);
        return r.done();
    } catch (const std::exception &) {
        return false;
    }
}

} // namespace

std::optional<ModuleFacts> decodeFacts(std::string_view declarations)
{
    ModuleFacts f;
    if (!decodeBlob(declarations, [&](Reader &r) { read(r, f); }))
        return std::nullopt;
    return f;
}

std::optional<ModuleFacts> decodeFacts(std::string_view declarations, std::string_view locals, std::string_view calls)
{
    std::optional<ModuleFacts> f = decodeFacts(declarations);
    if (f && (!decodeLocals(locals, f->locals) || !decodeCalls(calls, f->calls)))
        return std::nullopt;
    return f;
}

bool decodeLocals(std::string_view blob, std::vector<AssignmentFact> &locals)
{
    return decodeBlob(blob, [&](Reader &r) { readLocals(r, locals); });
}

bool decodeCalls(std::string_view blob, std::vector<CallFact> &calls)
{
    return decodeBlob(blob, [&](Reader &r) { readCalls(r, calls); });
}

} // namespace katlas
