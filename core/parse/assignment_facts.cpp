// What assignments bind (see assignment_facts.h).
#include "parse/assignment_facts.h"

#include "parse/container_facts.h"
#include "parse/literal_kinds.h"
#include "parse/module_tables.h"

#include <algorithm>
#include <cctype>

namespace katlas {
namespace {

// Where a chain's trailing path of literal subscripts starts (`d['a'][0]`:
// at `[`), its size where it has none.
size_t literalKeyPathStart(const std::string &chain)
{
    size_t start = chain.size();
    while (start > 0 && chain[start - 1] == ']') {
        const size_t open = chain.rfind('[', start - 1);
        if (open == std::string::npos || open == 0)
            break;
        const std::string key = chain.substr(open + 1, start - open - 2);
        const bool literal = !key.empty() && (key.front() == '\'' || std::isdigit(static_cast<unsigned char>(key.front())));
        if (!literal)
            break;
        start = open;
    }
    return start;
}

bool isPattern(TSNode n)
{
    return isType(n, "pattern_list") || isType(n, "tuple_pattern") || isType(n, "tuple") || isType(n, "list_pattern");
}

} // namespace

std::string AssignmentRecorder::targetName(TSNode target, const BodyContext &ctx) const
{
    if (isType(target, "identifier"))
        return std::string(m_source.text(target));
    if (isType(target, "attribute") && !ctx.selfName.empty()) {
        TSNode obj = field(target, "object");
        if (isType(obj, "identifier") && m_source.text(obj) == ctx.selfName)
            return "self." + std::string(m_source.text(field(target, "attribute")));
    }
    return {};
}

// `obj.attr = v` on anything but self: the attribute can change from
// outside. The assignment is kept as target `*.attr` (`value`: null when
// the target is one of several, whose part is not known).
void AssignmentRecorder::noteForeignAttribute(TSNode target, const BodyContext &ctx, TSNode value)
{
    if (!isType(target, "attribute"))
        return;
    TSNode obj = field(target, "object");
    if (isType(obj, "identifier") && !ctx.selfName.empty() && m_source.text(obj) == ctx.selfName)
        return;
    std::string attr(m_source.text(field(target, "attribute")));
    if (attr.empty())
        return;
    // Only a value a guard can read (a literal, a flag expression, a
    // name) is kept whole; any other leaves a bare mark: unknown.
    std::vector<ValueFact> values;
    if (!ts_node_is_null(value))
        m_values.addValues(value, ctx.guards, values, ctx.notNone);
    const bool readable = !values.empty() && std::all_of(values.begin(), values.end(), [](const ValueFact &v) {
        return !v.expr.empty() || (!v.chain.empty() && v.chain.find_first_of("([") == Chain::npos);
    });
    if (!readable) {
        values.assign(1, ValueFact{});
        values.front().guards = ctx.guards; // where it is set still counts
    }
    for (ValueFact &v : values) {
        if (!readable)
            v.unpacked = true; // holds something not known
        v.inner.clear();
        v.args.clear();
        v.keywordArgs.clear();
        v.argExprs.clear();
        m_facts.assignments.push_back(
            {ctx.assignScope, kForeignTarget + attr, std::move(v), {}, {}, m_source.chainOf(obj)});
    }
}

TSNode AssignmentRecorder::addAssignment(TSNode n, const BodyContext &ctx)
{
    TSNode left = field(n, "left");
    TSNode right = field(n, "right");
    TSNode type = field(n, "type");
    noteForeignAttribute(left, ctx, right);
    if (isType(left, "pattern_list") || isType(left, "tuple_pattern") || isType(left, "tuple"))
        for (TSNode child : NamedChildren(left))
            noteForeignAttribute(child, ctx);
    const bool annotated = !ts_node_is_null(type) && (ts_node_is_null(right) || m_source.chainOf(right).empty());
    if (annotated) {
        // `x: T` and `x: T = None`: the annotation says what x holds. With
        // a real value (`x: Base = Impl()`) the value is more precise.
        const std::string name = targetName(left, ctx);
        if (!name.empty()) {
            AssignmentFact a{ctx.assignScope, name, {}, normaliseSpace(m_source.text(type))};
            a.value.line = lineOf(n);
            a.value.guards = ctx.guards;
            if (!ts_node_is_null(right) && keepsExpression(unparen(right)))
                a.value.expr = normaliseSpace(m_source.text(unparen(right)));
            // A display or a str (`self._cache: Dict[str, R] = {}`) is a
            // value of its built-in type, with its elements: the annotation
            // stays beside it (a dataclass's field), the value tells more.
            if (!ts_node_is_null(right) && builtinTypeOfValue(unparen(right)) != BuiltinType::None) {
                std::vector<ValueFact> values;
                m_values.addValues(right, ctx.guards, values, ctx.notNone);
                if (values.size() == 1)
                    a.value = std::move(values.front());
            }
            assignmentsFor(name, ctx).push_back(std::move(a));
        }
    }
    if (ts_node_is_null(right))
        return TSNode{};
    // Chained assignment: a = b = value
    while (isType(right, "assignment")) {
        TSNode nextLeft = field(right, "left");
        const std::string name = targetName(nextLeft, ctx);
        TSNode nextRight = field(right, "right");
        if (ts_node_is_null(nextRight))
            break;
        if (!name.empty())
            assign(name, nextRight, ctx);
        else if (isPattern(nextLeft))
            assignTargets(nextLeft, nextRight, ctx);
        right = nextRight;
    }
    if (isPattern(left))
        assignTargets(left, right, ctx);
    if (isType(left, "subscript")) // d["k"] = f stores an element of d
        storeElement(
            m_source.chainOf(field(left, "value")), right, false, m_source.subscriptKey(field(left, "subscript")), ctx);
    const std::string name = targetName(left, ctx);
    if (!name.empty()) {
        if (!annotated) // the annotation's fact holds the value already
            assign(name, right, ctx);
        if (ctx.assignScope.empty() && isType(right, "dictionary"))
            addDictEntries(m_source, name, right, m_facts.dictEntries);
        if (ctx.assignScope.empty() && name == "__all__")
            addAllNames(m_source, right, m_facts.allNames);
    }
    return right;
}

// `a, self.b = value`: each target may hold what the value builds
// (make_layers(...) returning (layers, start, end) is the common case);
// `a, (b, c) = f, (g, h)` (a display of as many elements, no splat):
// each target is assigned its element, nested patterns in turn.
void AssignmentRecorder::assignTargets(TSNode left, TSNode right, const BodyContext &ctx, int depth)
{
    const std::vector<TSNode> targets = namedChildrenOf(left);
    const TSNode display = unparen(right);
    const std::vector<TSNode> elements
        = isType(display, "expression_list") || isType(display, "tuple") || isType(display, "list")
        ? namedChildrenOf(display)
        : std::vector<TSNode>{};
    const bool paired = elements.size() == targets.size()
        && std::none_of(targets.begin(), targets.end(), [](TSNode t) { return isType(t, "list_splat_pattern"); })
        && std::none_of(elements.begin(), elements.end(), [](TSNode e) { return isType(e, "list_splat"); });
    int part = 0; // which element each target holds, until a `*rest`
    for (size_t i = 0; i < targets.size(); ++i) {
        const TSNode child = unparen(targets[i]);
        part = isType(child, "list_splat_pattern") ? -1 : part;
        if (const std::string element = targetName(child, ctx); !element.empty()) {
            if (paired)
                assign(element, elements[i], ctx);
            else
                assign(element, right, ctx, true, part);
        } else if (paired && isPattern(child) && depth < 8) {
            assignTargets(child, elements[i], ctx, depth + 1);
        }
        part += part >= 0;
    }
}

void AssignmentRecorder::assign(
    const std::string &target, TSNode value, const BodyContext &ctx, bool unpacked, int part)
{
    std::vector<ValueFact> values;
    m_values.addValues(value, ctx.guards, values, ctx.notNone);
    if (values.empty()) {
        // A value no chain or kept text describes still binds the name:
        // its truth is unknown, not that of the name's other values.
        ValueFact opaque;
        opaque.line = lineOf(value);
        opaque.guards = ctx.guards;
        values.push_back(std::move(opaque));
    }
    const bool global = std::find(ctx.globals.begin(), ctx.globals.end(), target) != ctx.globals.end();
    for (ValueFact &v : values) {
        v.unpacked = unpacked;
        v.part = unpacked ? part : -1;
        if (global)
            m_facts.assignments.push_back({{}, target, std::move(v), {}, ctx.assignScope});
        else
            assignmentsFor(target, ctx).push_back({ctx.assignScope, target, std::move(v), {}});
    }
}

void AssignmentRecorder::annotate(const std::string &target, const std::string &type, int line, const BodyContext &ctx)
{
    AssignmentFact a{ctx.assignScope, target, {}, type};
    a.value.line = line;
    a.value.guards = ctx.guards;
    assignmentsFor(target, ctx).push_back(std::move(a));
}

void AssignmentRecorder::assignElements(const std::string &target, TSNode iterable, const BodyContext &ctx)
{
    std::vector<ValueFact> values;
    m_values.addValues(iterable, ctx.guards, values, ctx.notNone);
    for (ValueFact &v : values) {
        if (v.display) {
            for (ValueFact &e : elementFacts(v))
                assignmentsFor(target, ctx).push_back({ctx.assignScope, target, std::move(e), {}});
            continue;
        }
        if (v.chain.empty())
            continue;
        v.chain = elementsOf(v.chain);
        v.expr.clear();
        assignmentsFor(target, ctx).push_back({ctx.assignScope, target, std::move(v), {}});
    }
}

void AssignmentRecorder::storeElement(
    const Chain &container, TSNode value, bool spread, const std::string &key, const BodyContext &ctx)
{
    std::string owner = container;
    if (owner.rfind(ctx.selfName + ".", 0) == 0 && !ctx.selfName.empty())
        owner = "self" + owner.substr(ctx.selfName.size());
    // `d['a']['b'] = f`: stored into the element `d['a']`, a path of literal keys from a name.
    const std::string base = owner.substr(0, literalKeyPathStart(owner));
    const bool plainName = base.find_first_of(".([") == std::string::npos;
    const bool selfAttr = base.rfind("self.", 0) == 0 && base.find_first_of("([", 5) == std::string::npos
        && base.find('.', 5) == std::string::npos;
    // `Registry._handlers[name] = fn`, `Base.registry.append(cls)`: into an
    // attribute of what a name holds (a class), kept as another object's.
    const size_t dot = base.find('.');
    const bool namedAttr = !plainName && !selfAttr && dot != std::string::npos && base.find_first_of(".([", dot + 1) == std::string::npos
        && base.find_first_of("([") == std::string::npos && base.compare(0, dot, "self") != 0;
    if (namedAttr && !ts_node_is_null(value) && !spread) {
        std::vector<ValueFact> values;
        m_values.addValues(value, ctx.guards, values, ctx.notNone);
        const std::string attr = owner.substr(dot + 1);
        for (ValueFact &v : values)
            m_facts.assignments.push_back({ctx.assignScope, kForeignTarget + attr + "[]", std::move(v), {}, {}, base.substr(0, dot)});
        return;
    }
    if ((!plainName && !selfAttr) || ts_node_is_null(value))
        return;
    const std::string target = owner + "[]";
    if (spread && isType(unparen(value), "dictionary")) { // d.update({"k": f}): each element under its key
        for (TSNode pair : NamedChildren(unparen(value)))
            if (isType(pair, "pair"))
                storeElement(container, field(pair, "value"), false, m_source.subscriptKey(field(pair, "key")), ctx);
        return;
    }
    if (spread) {
        assignElements(target, value, ctx);
        return;
    }
    std::vector<ValueFact> values;
    m_values.addValues(value, ctx.guards, values, ctx.notNone);
    if (!key.empty()) {
        std::vector<ValueFact> keyed = values;
        for (ValueFact &v : keyed)
            storeAt(owner + "[" + key + "]", std::move(v), selfAttr, ctx, base);
    }
    for (ValueFact &v : values)
        storeAt(target, std::move(v), selfAttr, ctx, base);
}

void AssignmentRecorder::storeAt(
    const std::string &target, ValueFact v, bool selfAttr, const BodyContext &ctx, const std::string &owner)
{
    const std::vector<std::string> params = parameterNames(ctx, m_facts);
    const bool local = selfAttr || ctx.assignScope != ctx.scope || ctx.scope.empty()
        || std::find(params.begin(), params.end(), owner) != params.end()
        || std::any_of(m_facts.locals.begin(), m_facts.locals.end(),
            [&](const AssignmentFact &a) { return a.scope == ctx.assignScope && a.target == owner; });
    if (local)
        assignmentsFor(target, ctx).push_back({ctx.assignScope, target, std::move(v), {}});
    else
        m_facts.assignments.push_back({{}, target, std::move(v), {}, ctx.assignScope});
}

void AssignmentRecorder::keepStatementCall(TSNode e, const BodyContext &ctx)
{
    if (!isType(e, "call") || ctx.assignScope != ctx.scope)
        return; // in a class body
    std::vector<ValueFact> values;
    m_values.addStatementCallValues(e, ctx.guards, values, ctx.notNone);
    for (ValueFact &v : values)
        if (!v.args.empty() || !v.keywordArgs.empty() || !v.argExprs.empty())
            m_facts.locals.push_back({ctx.assignScope, std::string(), std::move(v), {}});
}

void AssignmentRecorder::keepReceiverCalls(TSNode e, const BodyContext &ctx)
{
    constexpr int kMaxLinks = 16;
    if (ts_node_is_null(e))
        return;
    // Down the called chain: `A(cb).run()` builds its receiver with `cb`,
    // `pick(x)(y)` calls the result of a call given `x`.
    e = unparen(e);
    for (int link = 0; link < kMaxLinks && isType(e, "call"); ++link) {
        TSNode callee = unparen(field(e, "function"));
        while (isType(callee, "attribute"))
            callee = unparen(field(callee, "object"));
        if (!isType(callee, "call"))
            return;
        keepStatementCall(callee, ctx);
        e = callee;
    }
}

// A plain name assigned in a function body is a local.
std::vector<AssignmentFact> &AssignmentRecorder::assignmentsFor(const std::string &target, const BodyContext &ctx)
{
    const bool local = !ctx.assignScope.empty() && ctx.assignScope == ctx.scope && target.rfind("self.", 0) != 0;
    return local ? m_facts.locals : m_facts.assignments;
}

} // namespace katlas
