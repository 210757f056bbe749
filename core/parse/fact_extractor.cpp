// Collects ModuleFacts from a tree-sitter Python syntax tree (see fact_extractor.h).
#include "parse/fact_extractor.h"

#include "parse/block_exits.h"
#include "parse/container_facts.h"
#include "parse/decorator_calls.h"
#include "parse/import_facts.h"
#include "parse/lambda_names.h"
#include "parse/literal_kinds.h"
#include "parse/module_tables.h"
#include "parse/parameters.h"
#include "parse/python_parser.h"
#include "parse/syntax_node.h"

#include <tree_sitter/api.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <optional>
#include <unordered_map>

namespace katlas {
namespace {

// Deeply nested expressions (generated tables, long operator chains) are
// walked only this deep, so that a pathological file cannot exhaust the stack.
constexpr int kMaxDepth = 400;
constexpr size_t kMaxInnerChains = 16;
constexpr size_t kMaxPositionalArgs = 8;
constexpr size_t kMaxKeywordArgs = 8;

struct Ctx {
    std::string scope;       // enclosing function qualName, "" at module level
    std::string assignScope; // scope of assignments: function, class or module
    std::string classQual;   // set directly inside a class body
    std::string selfName;    // first parameter of the enclosing method
    std::string qualPrefix;  // prefix of definitions made here
    int functionIndex = -1;
    GuardList guards;
    std::vector<std::string> globals; // names a `global` statement made module-level here
    std::vector<Chain> notNone;       // names an `assert` above said are not None
};

class Extractor : private SyntaxSource {
public:
    Extractor(std::string_view source, ModuleFacts &facts) : SyntaxSource(source), m_facts(facts) {}

    void run(TSNode root)
    {
        Ctx ctx;
        visitBlock(root, ctx);
        collectErrors(root, 0);
    }

private:
    ModuleFacts &m_facts;
    LambdaNames m_lambdas;
    bool m_depthReported = false;
    bool m_statementCall = false; // keepArgument keeps the arguments of any callee, not only of classes

    // --- guards -------------------------------------------------------------

    void addGuards(TSNode cond, bool negated, GuardList &out) const
    {
        cond = unparen(cond);
        if (ts_node_is_null(cond))
            return;
        if (isType(cond, "not_operator")) {
            addGuards(field(cond, "argument"), !negated, out);
            return;
        }
        if (isType(cond, "boolean_operator")) {
            const std::string_view op = text(field(cond, "operator"));
            // A conjunction that must hold (or a disjunction that must fail)
            // is several independent guards.
            if ((op == "and" && !negated) || (op == "or" && negated)) {
                addGuards(field(cond, "left"), negated, out);
                addGuards(field(cond, "right"), negated, out);
                return;
            }
        }
        out.push_back({normaliseSpace(text(cond)), negated});
    }

    // --- statements ----------------------------------------------------------

    // `name = value` alone in a statement (no annotation, no chained target): the name, else empty.
    std::string plainAssignedName(TSNode stmt) const
    {
        if (!isType(stmt, "expression_statement") || ts_node_named_child_count(stmt) != 1)
            return {};
        const TSNode a = ts_node_named_child(stmt, 0);
        if (!isType(a, "assignment") || !ts_node_is_null(field(a, "type")) || isType(field(a, "right"), "assignment"))
            return {};
        const TSNode left = field(a, "left");
        return isType(left, "identifier") ? std::string(text(left)) : std::string();
    }

    // Whether `name` stands as a word in the text of `n`.
    bool mentions(TSNode n, const std::string &name) const
    {
        const std::string_view t = text(n);
        const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
        for (size_t at = t.find(name); at != std::string_view::npos; at = t.find(name, at + 1))
            if ((at == 0 || !word(t[at - 1])) && (at + name.size() >= t.size() || !word(t[at + name.size()])))
                return true;
        return false;
    }

    // Facts of a statement, by the ranges of assignments and locals it added.
    struct Added {
        std::string name;
        size_t assignments[2] = {0, 0};
        size_t locals[2] = {0, 0};
    };

    // `f = a` followed at once by `f = b` (same block, b not reading f):
    // a is never seen, so its assignment is dropped (straight-line flow).
    void dropOverwritten(const Added &before)
    {
        const auto drop = [&](std::vector<AssignmentFact> &facts, const size_t (&range)[2]) {
            facts.erase(std::remove_if(facts.begin() + static_cast<std::ptrdiff_t>(range[0]),
                                       facts.begin() + static_cast<std::ptrdiff_t>(range[1]),
                                       [&](const AssignmentFact &a) { return a.target == before.name; }),
                        facts.begin() + static_cast<std::ptrdiff_t>(range[1]));
        };
        drop(m_facts.assignments, before.assignments);
        drop(m_facts.locals, before.locals);
    }

    void visitBlock(TSNode block, Ctx ctx)
    {
        std::optional<Added> previous; // the statement before, when a plain assignment
        for (TSNode stmt : NamedChildren(block)) {
            const std::string assigned = plainAssignedName(stmt);
            if (!assigned.empty() && previous && previous->name == assigned
                && !mentions(field(ts_node_named_child(stmt, 0), "right"), assigned))
                dropOverwritten(*previous);
            Added added{assigned, {m_facts.assignments.size(), 0}, {m_facts.locals.size(), 0}};
            visitStatement(stmt, ctx);
            added.assignments[1] = m_facts.assignments.size();
            added.locals[1] = m_facts.locals.size();
            if (!assigned.empty())
                previous = added;
            else if (!isType(stmt, "function_definition") && !isType(stmt, "class_definition")
                     && !isType(stmt, "decorated_definition") && !isType(stmt, "pass_statement"))
                previous.reset();
            // `if c: return` guards everything after it in the block with
            // `not c`; `if a: return ... elif b: return ...` (no else) with
            // `not a` and `not b`.
            if (isType(stmt, "if_statement") && returnsInEveryBranch(stmt)) {
                addGuards(field(stmt, "condition"), true, ctx.guards);
                for (TSNode c : NamedChildren(stmt))
                    if (isType(c, "elif_clause"))
                        addGuards(field(c, "condition"), true, ctx.guards);
            }
            // Past `if x is None: x = default`, x holds no None.
            if (isType(stmt, "if_statement"))
                if (const Chain x = defaultedWhenNone(*this, stmt); !x.empty())
                    ctx.notNone.push_back(x);
            // Past `assert x is not None` (or `assert x and ...`), x holds no None.
            if (isType(stmt, "assert_statement") && ts_node_named_child_count(stmt) > 0)
            {
                GuardList asserted;
                addGuards(ts_node_named_child(stmt, 0), false, asserted);
                addNotNone(asserted, ctx.notNone);
            }
        }
    }

    void visitStatement(TSNode n, Ctx &ctx)
    {
        const char *t = ts_node_type(n);
        if (text(n).find("lambda") != std::string_view::npos)
            m_lambdas.nameIn(*this, n, ctx.qualPrefix); // before any chain reads them
        if (!std::strcmp(t, "decorated_definition")) {
            std::vector<Decorator> decorators;
            for (TSNode d : NamedChildren(n)) {
                if (isType(d, "decorator") && ts_node_named_child_count(d) > 0)
                    decorators.push_back(decoratorOf(ts_node_named_child(d, 0), ctx));
            }
            TSNode def = field(n, "definition");
            if (!ts_node_is_null(def))
                visitDefinition(def, std::move(decorators), ctx);
        } else if (!std::strcmp(t, "function_definition") || !std::strcmp(t, "class_definition")) {
            visitDefinition(n, {}, ctx);
        } else if (!std::strcmp(t, "import_statement") || !std::strcmp(t, "import_from_statement")) {
            visitImport(n, ctx);
        } else if (!std::strcmp(t, "if_statement")) {
            visitIf(n, ctx);
        } else if (!std::strcmp(t, "for_statement")) {
            TSNode right = field(n, "right");
            scanExpr(right, ctx);
            TSNode left = field(n, "left");
            if (!ts_node_is_null(left) && isType(left, "identifier"))
                addElementAssignment(std::string(text(left)), right, ctx);
            noteProtocolCalls(right, {"__iter__", "__iter__().__next__"}, ctx);
            visitChildBlocks(n, ctx);
        } else if (!std::strcmp(t, "while_statement")) {
            TSNode cond = field(n, "condition");
            scanExpr(cond, ctx);
            Ctx inner = ctx;
            addGuards(cond, false, inner.guards);
            visitChildBlocks(n, inner);
        } else if (!std::strcmp(t, "with_statement")) {
            visitWith(n, ctx);
        } else if (!std::strcmp(t, "try_statement") || !std::strcmp(t, "except_clause")
                   || !std::strcmp(t, "else_clause") || !std::strcmp(t, "finally_clause")
                   || !std::strcmp(t, "match_statement") || !std::strcmp(t, "case_clause")) {
            visitChildBlocks(n, ctx);
        } else if (!std::strcmp(t, "expression_statement")) {
            for (TSNode e : NamedChildren(n)) {
                if (isType(e, "assignment"))
                    visitAssignment(e, ctx);
                else {
                    if (ctx.assignScope.empty()) // NAME.update({...}) at module level
                        addDictUpdate(*this, e, m_facts.dictEntries);
                    if (const std::optional<ElementStore> store = elementStoreOf(*this, e))
                        storeElement(store->container, store->value, store->spread, store->key, ctx);
                    keepStatementCall(e, ctx);
                    scanExpr(e, ctx);
                }
            }
        } else if (!std::strcmp(t, "return_statement")) {
            TSNode value = ts_node_named_child_count(n) ? ts_node_named_child(n, 0) : TSNode{};
            if (!ts_node_is_null(value)) {
                if (ctx.functionIndex >= 0)
                    addValues(value, ctx.guards, m_facts.functions[ctx.functionIndex].returns, ctx.notNone);
                scanExpr(value, ctx);
            }
        } else if (!std::strcmp(t, "raise_statement")) {
            // `raise E` with a class (not a call) builds it: a call of E.
            TSNode raised = ts_node_named_child_count(n) ? unparen(ts_node_named_child(n, 0)) : TSNode{};
            if (!ts_node_is_null(raised) && (isType(raised, "identifier") || isType(raised, "attribute")))
                if (Chain callee = chainOf(raised); !callee.empty())
                    m_facts.calls.push_back({ctx.scope, std::move(callee), lineOf(raised), ctx.guards, std::string()});
            scanExpr(n, ctx);
        } else if (!std::strcmp(t, "global_statement")) {
            for (TSNode name : NamedChildren(n))
                if (isType(name, "identifier"))
                    ctx.globals.emplace_back(text(name));
        } else if (!std::strcmp(t, "block")) {
            visitBlock(n, ctx);
        } else {
            scanExpr(n, ctx);
        }
    }

    // Visits the blocks and clauses below a compound statement, scanning any
    // other child expression for calls.
    void visitChildBlocks(TSNode n, const Ctx &ctx)
    {
        for (TSNode c : NamedChildren(n)) {
            if (isType(c, "block"))
                visitBlock(c, ctx);
            else if (isType(c, "except_clause") || isType(c, "else_clause") || isType(c, "finally_clause")
                     || isType(c, "case_clause") || isType(c, "except_group_clause"))
                visitChildBlocks(c, ctx);
            else if (!isType(c, "identifier") || !isType(n, "for_statement"))
                scanExpr(c, ctx);
        }
    }

    void visitIf(TSNode n, const Ctx &ctx)
    {
        TSNode cond = field(n, "condition");
        scanExpr(cond, ctx);
        Ctx then = ctx;
        addGuards(cond, false, then.guards);
        visitBlock(field(n, "consequence"), then);

        Ctx otherwise = ctx;
        addGuards(cond, true, otherwise.guards);
        for (TSNode c : NamedChildren(n)) {
            if (isType(c, "elif_clause")) {
                TSNode c2 = field(c, "condition");
                scanExpr(c2, otherwise);
                Ctx branch = otherwise;
                addGuards(c2, false, branch.guards);
                visitBlock(field(c, "consequence"), branch);
                addGuards(c2, true, otherwise.guards);
            } else if (isType(c, "else_clause")) {
                visitBlock(field(c, "body"), otherwise);
            }
        }
    }

    void visitWith(TSNode n, const Ctx &ctx)
    {
        for (TSNode c : NamedChildren(n)) {
            if (isType(c, "with_clause")) {
                for (TSNode item : NamedChildren(c)) {
                    TSNode value = field(item, "value");
                    if (!ts_node_is_null(value) && isType(value, "as_pattern")) {
                        TSNode expr = ts_node_named_child(value, 0);
                        TSNode alias = field(value, "alias");
                        scanExpr(expr, ctx);
                        noteProtocolCalls(expr, {"__enter__", "__exit__"}, ctx);
                        if (!ts_node_is_null(alias) && ts_node_named_child_count(alias) == 1
                            && isType(ts_node_named_child(alias, 0), "identifier"))
                            addAssignment(std::string(text(ts_node_named_child(alias, 0))), expr, ctx);
                    } else {
                        scanExpr(ts_node_is_null(value) ? item : value, ctx);
                        noteProtocolCalls(ts_node_is_null(value) ? item : value, {"__enter__", "__exit__"}, ctx);
                    }
                }
            } else if (isType(c, "block")) {
                visitBlock(c, ctx);
            }
        }
    }

    Decorator decoratorOf(TSNode expr, const Ctx &ctx)
    {
        Decorator d;
        d.chain = chainOf(expr);
        if (isType(expr, "call")) {
            TSNode args = field(expr, "arguments");
            if (!ts_node_is_null(args) && ts_node_named_child_count(args) > 0)
                d.firstArg = stringContent(ts_node_named_child(args, 0));
            constexpr size_t kMaxKeys = 4;
            for (TSNode a : NamedChildren(args)) {
                if (isType(a, "keyword_argument") || d.keys.size() >= kMaxKeys)
                    break;
                d.keys.push_back(stringContent(a));
            }
            scanExpr(expr, ctx); // `@factory(args)` calls factory
        }
        return d;
    }

    void visitDefinition(TSNode n, std::vector<Decorator> decorators, const Ctx &ctx)
    {
        TSNode nameNode = field(n, "name");
        if (ts_node_is_null(nameNode))
            return;
        const std::string qual = ctx.qualPrefix + std::string(text(nameNode));
        if (isType(n, "class_definition")) {
            ClassFact cls;
            cls.qualName = qual;
            cls.line = lineOf(n);
            cls.endLine = endLineOf(n);
            cls.decorators = std::move(decorators);
            cls.guards = ctx.guards;
            addDecoratorCalls(cls.decorators, std::string(text(nameNode)), ctx.scope, cls.line, ctx.guards,
                              ctx.assignScope == ctx.scope, m_facts);
            TSNode supers = field(n, "superclasses");
            if (!ts_node_is_null(supers)) {
                for (TSNode child : NamedChildren(supers)) {
                    Chain base = chainOf(child);
                    if (!base.empty())
                        cls.bases.push_back(base);
                }
            }
            m_facts.classes.push_back(std::move(cls));
            Ctx inner = ctx;
            inner.assignScope = qual;
            inner.classQual = qual;
            inner.selfName.clear();
            inner.qualPrefix = qual + ".";
            inner.functionIndex = -1;
            visitBlock(field(n, "body"), inner);
            return;
        }

        FunctionFact fn;
        fn.qualName = qual;
        fn.className = ctx.classQual;
        fn.line = lineOf(n);
        fn.endLine = endLineOf(n);
        fn.guards = ctx.guards;
        bool isStatic = false;
        for (const Decorator &d : decorators)
            isStatic = isStatic || d.chain == "staticmethod";
        addDecoratorCalls(decorators, std::string(text(nameNode)), ctx.scope, fn.line, ctx.guards,
                          ctx.assignScope == ctx.scope, m_facts);
        fn.decorators = std::move(decorators);
        collectParameters(*this, field(n, "parameters"), fn);
        m_facts.functions.push_back(std::move(fn));

        Ctx inner = bodyOf(qual);
        const auto &params = m_facts.functions.back().params;
        if (!ctx.classQual.empty() && !isStatic && !params.empty())
            inner.selfName = params.front().name;
        // Default values run at definition time, in the outer scope.
        scanExpr(field(n, "parameters"), ctx);
        visitBlock(field(n, "body"), inner);
    }

    // The context of the body of the function just added as `qual`.
    Ctx bodyOf(const std::string &qual) const
    {
        Ctx inner;
        inner.scope = qual;
        inner.assignScope = qual;
        inner.qualPrefix = qual + ".";
        inner.functionIndex = static_cast<int>(m_facts.functions.size()) - 1;
        return inner;
    }

    // The values a display's elements are, each as its own fact.
    static std::vector<ValueFact> elementFacts(const ValueFact &display)
    {
        std::vector<ValueFact> out;
        for (const auto &[key, element] : display.elements) {
            ValueFact e;
            e.chain = element;
            e.line = display.line;
            e.guards = display.guards;
            out.push_back(std::move(e));
        }
        return out;
    }

    // A lambda is a function of the scope it stands in, named `<lambdaN>`
    // there (lambda_names.h); its body is what it returns, and the calls in
    // it are its own.
    void visitLambda(TSNode n, const Ctx &ctx)
    {
        const std::string qual = ctx.qualPrefix + m_lambdas.nameOf(*this, n, ctx.qualPrefix);
        FunctionFact fn;
        fn.qualName = qual;
        fn.line = lineOf(n);
        fn.endLine = endLineOf(n);
        fn.guards = ctx.guards;
        collectParameters(*this, field(n, "parameters"), fn);
        scanExpr(field(n, "parameters"), ctx); // defaults run where the lambda is made
        m_facts.functions.push_back(std::move(fn));
        const Ctx inner = bodyOf(qual);
        const TSNode body = field(n, "body");
        if (text(body).find("lambda") != std::string_view::npos)
            m_lambdas.nameIn(*this, body, inner.qualPrefix);
        std::vector<ValueFact> returns;
        addValues(body, {}, returns);
        m_facts.functions[static_cast<size_t>(inner.functionIndex)].returns = std::move(returns);
        scanExpr(body, inner);
    }

    void visitImport(TSNode n, const Ctx &ctx)
    {
        for (ImportFact &imp : importsOf(*this, n)) {
            imp.line = lineOf(n);
            imp.scope = ctx.scope;
            imp.guards = ctx.guards;
            m_facts.imports.push_back(std::move(imp));
        }
    }

    // --- assignments and values ---------------------------------------------

    std::string targetName(TSNode target, const Ctx &ctx) const
    {
        if (isType(target, "identifier"))
            return std::string(text(target));
        if (isType(target, "attribute") && !ctx.selfName.empty()) {
            TSNode obj = field(target, "object");
            if (isType(obj, "identifier") && text(obj) == ctx.selfName)
                return "self." + std::string(text(field(target, "attribute")));
        }
        return {};
    }

    // `obj.attr = v` on anything but self: the attribute can change from
    // outside. The assignment is kept as target `*.attr` (`value`: null when
    // the target is one of several, whose part is not known).
    void noteForeignAttribute(TSNode target, const Ctx &ctx, TSNode value = TSNode{})
    {
        if (!isType(target, "attribute"))
            return;
        TSNode obj = field(target, "object");
        if (isType(obj, "identifier") && !ctx.selfName.empty() && text(obj) == ctx.selfName)
            return;
        std::string attr(text(field(target, "attribute")));
        if (attr.empty())
            return;
        // Only a value a guard can read (a literal, a flag expression, a
        // name) is kept whole; any other leaves a bare mark: unknown.
        std::vector<ValueFact> values;
        if (!ts_node_is_null(value))
            addValues(value, ctx.guards, values, ctx.notNone);
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
            m_facts.assignments.push_back({ctx.assignScope, kForeignTarget + attr, std::move(v), {}, {}, chainOf(obj)});
        }
    }

    void visitAssignment(TSNode n, const Ctx &ctx)
    {
        TSNode left = field(n, "left");
        TSNode right = field(n, "right");
        TSNode type = field(n, "type");
        noteForeignAttribute(left, ctx, right);
        if (isType(left, "pattern_list") || isType(left, "tuple_pattern") || isType(left, "tuple"))
            for (TSNode child : NamedChildren(left))
                noteForeignAttribute(child, ctx);
        const bool annotated = !ts_node_is_null(type) && (ts_node_is_null(right) || chainOf(right).empty());
        if (annotated) {
            // `x: T` and `x: T = None`: the annotation says what x holds. With
            // a real value (`x: Base = Impl()`) the value is more precise.
            const std::string name = targetName(left, ctx);
            if (!name.empty()) {
                AssignmentFact a{ctx.assignScope, name, {}, normaliseSpace(text(type))};
                a.value.line = lineOf(n);
                a.value.guards = ctx.guards;
                if (!ts_node_is_null(right) && keepsExpression(unparen(right)))
                    a.value.expr = normaliseSpace(text(unparen(right)));
                assignmentsFor(name, ctx).push_back(std::move(a));
            }
        }
        if (ts_node_is_null(right))
            return;
        // Chained assignment: a = b = value
        while (isType(right, "assignment")) {
            TSNode nextLeft = field(right, "left");
            const std::string name = targetName(nextLeft, ctx);
            TSNode nextRight = field(right, "right");
            if (ts_node_is_null(nextRight))
                break;
            if (!name.empty())
                addAssignment(name, nextRight, ctx);
            else if (isPattern(nextLeft))
                assignTargets(nextLeft, nextRight, ctx);
            right = nextRight;
        }
        if (isPattern(left))
            assignTargets(left, right, ctx);
        if (isType(left, "subscript")) // d["k"] = f stores an element of d
            storeElement(chainOf(field(left, "value")), right, false, subscriptKey(field(left, "subscript")), ctx);
        const std::string name = targetName(left, ctx);
        if (!name.empty()) {
            if (!annotated) // the annotation's fact holds the value already
                addAssignment(name, right, ctx);
            if (ctx.assignScope.empty() && isType(right, "dictionary"))
                addDictEntries(*this, name, right, m_facts.dictEntries);
            if (ctx.assignScope.empty() && name == "__all__")
                addAllNames(*this, right, m_facts.allNames);
        }
        scanExpr(right, ctx);
    }

    static bool isPattern(TSNode n)
    {
        return isType(n, "pattern_list") || isType(n, "tuple_pattern") || isType(n, "tuple") || isType(n, "list_pattern");
    }

    // `a, self.b = value`: each target may hold what the value builds
    // (make_layers(...) returning (layers, start, end) is the common case);
    // `a, (b, c) = f, (g, h)` (a display of as many elements, no splat):
    // each target is assigned its element, nested patterns in turn.
    void assignTargets(TSNode left, TSNode right, const Ctx &ctx, int depth = 0)
    {
        const std::vector<TSNode> targets = namedChildrenOf(left);
        const TSNode display = unparen(right);
        const std::vector<TSNode> elements = isType(display, "expression_list") || isType(display, "tuple") || isType(display, "list")
            ? namedChildrenOf(display) : std::vector<TSNode>{};
        const bool paired = elements.size() == targets.size()
            && std::none_of(targets.begin(), targets.end(), [](TSNode t) { return isType(t, "list_splat_pattern"); })
            && std::none_of(elements.begin(), elements.end(), [](TSNode e) { return isType(e, "list_splat"); });
        int part = 0; // which element each target holds, until a `*rest`
        for (size_t i = 0; i < targets.size(); ++i) {
            const TSNode child = unparen(targets[i]);
            part = isType(child, "list_splat_pattern") ? -1 : part;
            if (const std::string element = targetName(child, ctx); !element.empty()) {
                if (paired)
                    addAssignment(element, elements[i], ctx);
                else
                    addAssignment(element, right, ctx, true, part);
            } else if (paired && isPattern(child) && depth < 8) {
                assignTargets(child, elements[i], ctx, depth + 1);
            }
            part += part >= 0;
        }
    }

    void addAssignment(const std::string &target, TSNode value, const Ctx &ctx, bool unpacked = false, int part = -1)
    {
        std::vector<ValueFact> values;
        addValues(value, ctx.guards, values, ctx.notNone);
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

    // `for x in xs`: x holds the elements of xs (each element of a display).
    void addElementAssignment(const std::string &target, TSNode iterable, const Ctx &ctx)
    {
        std::vector<ValueFact> values;
        addValues(iterable, ctx.guards, values, ctx.notNone);
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

    // `d["k"] = f`, `xs.append(f)`, `d.update(e)`: an element of the container
    // named `container` (a name or self.attr), assigned to `container[]`,
    // and with a literal key also to `container['k']` (which then replaces
    // the display's element of that key). A name neither a parameter nor
    // assigned in the function is the module's.
    void storeElement(const Chain &container, TSNode value, bool spread, const std::string &key, const Ctx &ctx)
    {
        std::string owner = container;
        if (owner.rfind(ctx.selfName + ".", 0) == 0 && !ctx.selfName.empty())
            owner = "self" + owner.substr(ctx.selfName.size());
        const bool plainName = owner.find_first_of(".([") == std::string::npos;
        const bool selfAttr = owner.rfind("self.", 0) == 0 && owner.find_first_of("([", 5) == std::string::npos
            && owner.find('.', 5) == std::string::npos;
        if ((!plainName && !selfAttr) || ts_node_is_null(value))
            return;
        const std::string target = owner + "[]";
        if (spread && isType(unparen(value), "dictionary")) { // d.update({"k": f}): each element under its key
            for (TSNode pair : NamedChildren(unparen(value)))
                if (isType(pair, "pair"))
                    storeElement(container, field(pair, "value"), false, subscriptKey(field(pair, "key")), ctx);
            return;
        }
        if (spread) {
            addElementAssignment(target, value, ctx);
            return;
        }
        std::vector<ValueFact> values;
        addValues(value, ctx.guards, values, ctx.notNone);
        if (!key.empty()) {
            std::vector<ValueFact> keyed = values;
            for (ValueFact &v : keyed)
                storeAt(owner + "[" + key + "]", std::move(v), selfAttr, ctx, owner);
        }
        for (ValueFact &v : values)
            storeAt(target, std::move(v), selfAttr, ctx, owner);
    }

    void storeAt(const std::string &target, ValueFact v, bool selfAttr, const Ctx &ctx, const std::string &owner)
    {
        const std::vector<std::string> params = parameterNames(ctx);
        const bool local = selfAttr || ctx.assignScope != ctx.scope || ctx.scope.empty()
            || std::find(params.begin(), params.end(), owner) != params.end()
            || std::any_of(m_facts.locals.begin(), m_facts.locals.end(), [&](const AssignmentFact &a) {
                   return a.scope == ctx.assignScope && a.target == owner;
               });
        if (local)
            assignmentsFor(target, ctx).push_back({ctx.assignScope, target, std::move(v), {}});
        else
            m_facts.assignments.push_back({{}, target, std::move(v), {}, ctx.assignScope});
    }

    // A call made for its effect in a function body or at module level
    // (`set_flag(args.x)`) is kept among the locals with no target: what it
    // passes is what the callee's parameters receive there
    // (docs/guard-evaluation.md).
    void keepStatementCall(TSNode e, const Ctx &ctx)
    {
        if (!isType(e, "call") || ctx.assignScope != ctx.scope)
            return; // in a class body
        std::vector<ValueFact> values;
        m_statementCall = true;
        addValues(e, ctx.guards, values, ctx.notNone);
        m_statementCall = false;
        for (ValueFact &v : values)
            if (!v.args.empty() || !v.keywordArgs.empty() || !v.argExprs.empty())
                m_facts.locals.push_back({ctx.assignScope, std::string(), std::move(v), {}});
    }

    // The parameters of the function a call is in (none at module or class level).
    std::vector<std::string> parameterNames(const Ctx &ctx) const
    {
        std::vector<std::string> out;
        if (ctx.functionIndex >= 0 && ctx.scope == m_facts.functions[static_cast<size_t>(ctx.functionIndex)].qualName)
            for (const Param &p : m_facts.functions[static_cast<size_t>(ctx.functionIndex)].params)
                out.push_back(p.name);
        return out;
    }

    // A plain name assigned in a function body is a local.
    std::vector<AssignmentFact> &assignmentsFor(const std::string &target, const Ctx &ctx)
    {
        const bool local = !ctx.assignScope.empty() && ctx.assignScope == ctx.scope && target.rfind("self.", 0) != 0;
        return local ? m_facts.locals : m_facts.assignments;
    }

    // Splits a value into the alternatives it may take: both arms of a
    // conditional expression (with the condition as a guard), both sides of
    // `a or b`; each with the call chains nested in it.
    // An argument whose truth or value a guard in the callee may need: kept
    // for calls that build a class (a capitalised name, as Python names
    // classes), whose parameters guard evaluation follows to them.
    void keepArgument(std::string key, TSNode value, ValueFact &v) const
    {
        constexpr size_t kMaxArgExprs = 8;
        const size_t dot = v.chain.rfind('.', v.chain.size() > 2 ? v.chain.size() - 3 : 0);
        const char first = v.chain.empty() ? 0 : v.chain[dot == Chain::npos ? 0 : dot + 1];
        if (!std::isupper(static_cast<unsigned char>(first)) && !m_statementCall)
            return;
        if (v.argExprs.size() < kMaxArgExprs && keepsArgument(value))
            v.argExprs.emplace_back(std::move(key), normaliseSpace(text(unparen(value))));
    }

    void addValues(TSNode value, const GuardList &guards, std::vector<ValueFact> &out, const std::vector<Chain> &notNone = {},
                   int depth = 0)
    {
        value = unparen(value);
        if (ts_node_is_null(value) || depth > 16)
            return;
        if (isType(value, "conditional_expression") && ts_node_named_child_count(value) == 3) {
            TSNode cond = ts_node_named_child(value, 1);
            GuardList yes = guards;
            addGuards(cond, false, yes);
            addValues(ts_node_named_child(value, 0), yes, out, notNone, depth + 1);
            GuardList no = guards;
            addGuards(cond, true, no);
            addValues(ts_node_named_child(value, 2), no, out, notNone, depth + 1);
            return;
        }
        if (isType(value, "boolean_operator") && text(field(value, "operator")) == "or") {
            addValues(field(value, "left"), guards, out, notNone, depth + 1);
            addValues(field(value, "right"), guards, out, notNone, depth + 1);
            return;
        }
        ValueFact v;
        v.chain = chainOf(value);
        v.line = lineOf(value);
        v.guards = guards;
        v.notNone = !v.chain.empty() && std::find(notNone.begin(), notNone.end(), v.chain) != notNone.end();
        if (isType(value, "call")) {
            TSNode args = field(value, "arguments");
            bool positional = true;
            size_t index = 0;
            for (TSNode a : NamedChildren(args)) {
                if (isType(a, "keyword_argument")) {
                    positional = false;
                    const Chain value = chainOf(field(a, "value"));
                    if (!value.empty() && value.find_first_of("([") == Chain::npos && v.keywordArgs.size() < kMaxKeywordArgs)
                        v.keywordArgs.emplace_back(text(field(a, "name")), value);
                    else
                        keepArgument(std::string(text(field(a, "name"))), field(a, "value"), v);
                } else if (isType(a, "list_splat") || isType(a, "dictionary_splat")) {
                    positional = false;
                    if (v.argExprs.empty() || v.argExprs.back().first != "*")
                        v.argExprs.emplace_back("*", std::string()); // what it passes is not known
                } else if (positional && v.args.size() < kMaxPositionalArgs) {
                    v.args.push_back(chainOf(a));
                    if (v.args.back().empty() || v.args.back().find_first_of("([") != Chain::npos)
                        keepArgument("#" + std::to_string(index), a, v);
                }
                ++index;
            }
        }
        collectInner(value, v.inner, 0, true);
        addDisplayElements(*this, value, v);
        if (keepsExpression(value))
            v.expr = normaliseSpace(text(value));
        if (!v.chain.empty() || !v.inner.empty() || !v.expr.empty() || v.display)
            out.push_back(std::move(v));
    }

    void collectInner(TSNode n, std::vector<Chain> &out, int depth, bool top) const
    {
        if (depth > 32 || out.size() >= kMaxInnerChains)
            return;
        if (!top && isType(n, "call")) {
            Chain c = chainOf(n);
            if (!c.empty())
                out.push_back(c);
        }
        for (TSNode child : NamedChildren(n))
            collectInner(child, out, depth + 1, false);
    }

    // --- expressions -----------------------------------------------------------

    void scanExpr(TSNode n, const Ctx &ctx, int depth = 0)
    {
        if (ts_node_is_null(n))
            return;
        if (depth > kMaxDepth) {
            if (!m_depthReported) {
                m_facts.diagnostics.push_back({lineOf(n), "expression nested too deeply; calls below were skipped"});
                m_depthReported = true;
            }
            return;
        }
        const char *t = ts_node_type(n);
        if (!std::strcmp(t, "call")) {
            Chain callee = chainOf(field(n, "function"));
            if (!callee.empty())
                m_facts.calls.push_back({ctx.scope, std::move(callee), lineOf(n), ctx.guards,
                                         argumentShape(*this, field(n, "arguments"), parameterNames(ctx))});
            // map(f, xs), sorted(xs, key=f): calls of what may be functions.
            for (TSNode fn : calledArguments(*this, n))
                if (Chain called = chainOf(fn); !called.empty())
                    m_facts.calls.push_back({ctx.scope, std::move(called), lineOf(fn), ctx.guards, std::string(kMaybeCalled)});
        } else if (!std::strcmp(t, "yield")) {
            noteYield(n, ctx);
        } else if (!std::strcmp(t, "for_in_clause")) {
            const TSNode left = field(n, "left");
            if (!ts_node_is_null(left) && isType(left, "identifier"))
                addElementAssignment(std::string(text(left)), field(n, "right"), ctx);
            noteProtocolCalls(field(n, "right"), {"__iter__", "__iter__().__next__"}, ctx);
        } else if (!std::strcmp(t, "conditional_expression") && ts_node_named_child_count(n) == 3) {
            TSNode cond = ts_node_named_child(n, 1);
            scanExpr(cond, ctx, depth + 1);
            Ctx yes = ctx;
            addGuards(cond, false, yes.guards);
            scanExpr(ts_node_named_child(n, 0), yes, depth + 1);
            Ctx no = ctx;
            addGuards(cond, true, no.guards);
            scanExpr(ts_node_named_child(n, 2), no, depth + 1);
            return;
        } else if (!std::strcmp(t, "function_definition") || !std::strcmp(t, "class_definition")
                   || !std::strcmp(t, "decorated_definition")) {
            Ctx copy = ctx;
            visitStatement(n, copy);
            return;
        } else if (!std::strcmp(t, "lambda")) {
            visitLambda(n, ctx);
            return;
        } else if (!std::strcmp(t, "string") || !std::strcmp(t, "comment")) {
            return;
        }
        for (TSNode child : NamedChildren(n))
            scanExpr(child, ctx, depth + 1);
    }

    // A loop over a value calls its `__iter__` and `__next__`, a `with` its
    // `__enter__` and `__exit__`: calls where the value's class defines them.
    void noteProtocolCalls(TSNode value, std::initializer_list<const char *> methods, const Ctx &ctx)
    {
        const Chain chain = chainOf(unparen(value));
        if (chain.empty())
            return;
        for (const char *m : methods)
            m_facts.calls.push_back({ctx.scope, chain + "." + m, lineOf(value), ctx.guards, std::string(kMaybeCalled)});
    }

    // `yield v` adds v to what the generator yields; `yield from xs`, xs's elements.
    void noteYield(TSNode n, const Ctx &ctx)
    {
        if (ctx.functionIndex < 0 || ctx.scope != m_facts.functions[static_cast<size_t>(ctx.functionIndex)].qualName
            || ts_node_named_child_count(n) == 0)
            return;
        std::vector<ValueFact> values;
        addValues(ts_node_named_child(n, 0), ctx.guards, values, ctx.notNone);
        const bool from = text(n).substr(0, 10) == "yield from";
        auto &yields = m_facts.functions[static_cast<size_t>(ctx.functionIndex)].yields;
        for (ValueFact &v : values) {
            if (from && v.display) { // `yield from [f, g]`: each element
                for (ValueFact &e : elementFacts(v))
                    yields.push_back(std::move(e));
                continue;
            }
            if (from)
                v.chain = elementsOf(v.chain);
            if (!v.chain.empty() || v.display)
                yields.push_back(std::move(v));
        }
    }

    // --- diagnostics -------------------------------------------------------------

    void collectErrors(TSNode n, int depth)
    {
        if (m_facts.diagnostics.size() >= 20 || depth > kMaxDepth || !ts_node_has_error(n))
            return;
        if (ts_node_is_missing(n)) {
            m_facts.diagnostics.push_back({lineOf(n), "syntax error: missing " + std::string(ts_node_type(n))});
            return;
        }
        if (isType(n, "ERROR")) {
            std::string snippet = normaliseSpace(text(n).substr(0, 40));
            m_facts.diagnostics.push_back({lineOf(n), "syntax error near '" + snippet + "'"});
            return;
        }
        const uint32_t count = ts_node_child_count(n);
        for (uint32_t i = 0; i < count; ++i)
            collectErrors(ts_node_child(n, i), depth + 1);
    }
};

} // namespace

void extractFacts(PythonParser &parser, std::string_view source, ModuleFacts &facts)
{
    SyntaxTree tree = parser.parse(source);
    if (!tree) {
        facts.diagnostics.push_back({1, "the parser gave up on this file"});
        return;
    }
    facts.lineCount = static_cast<int>(std::count(source.begin(), source.end(), '\n'))
        + (source.empty() || source.back() == '\n' ? 0 : 1);
    Extractor(source, facts).run(ts_tree_root_node(tree.get()));
    markCallsOnSelf(facts);
    summariseLocalCalls(facts);
}

} // namespace katlas
