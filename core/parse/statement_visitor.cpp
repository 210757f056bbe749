// The walk over a module's statements and expressions (see statement_visitor.h).
#include "parse/statement_visitor.h"

#include "parse/assignment_facts.h"
#include "parse/block_exits.h"
#include "parse/body_context.h"
#include "parse/call_sites.h"
#include "parse/condition_guards.h"
#include "parse/function_scopes.h"
#include "parse/container_facts.h"
#include "parse/definition_facts.h"
#include "parse/import_facts.h"
#include "parse/iteration_facts.h"
#include "parse/lambda_names.h"
#include "parse/module_tables.h"
#include "parse/overwritten_assignments.h"
#include "parse/property_reads.h"
#include "parse/protocol_calls.h"
#include "parse/closed_dicts.h"
#include "parse/value_facts.h"

#include <cstring>
#include <optional>

namespace katlas {
namespace {

class StatementVisitor : private SyntaxSource {
public:
    StatementVisitor(std::string_view source, ModuleFacts &facts)
        : SyntaxSource(source), m_facts(facts), m_values(*this), m_assignments(*this, m_values, facts),
          m_calls(*this, facts), m_iteration(*this, m_values, m_assignments, facts)
    { }

    void run(TSNode root)
    {
        m_properties = propertyNames(*this, root);
        visitBlock(root, BodyContext{});
    }

private:
    ModuleFacts &m_facts;
    LambdaNames m_lambdas;
    ValueReader m_values;
    AssignmentRecorder m_assignments;
    CallSiteRecorder m_calls;
    IterationFacts m_iteration;
    bool m_depthReported = false;
    std::set<std::string, std::less<>> m_properties; // the module's property names

    void addGuards(TSNode cond, bool negated, GuardList &out) const { katlas::addGuards(*this, cond, negated, out); }

    // --- statements ----------------------------------------------------------

    void visitBlock(TSNode block, BodyContext ctx)
    {
        OverwrittenAssignments overwrites(*this, m_facts);
        for (TSNode stmt : NamedChildren(block)) {
            overwrites.beforeStatement(stmt);
            visitStatement(stmt, ctx);
            overwrites.afterStatement(stmt);
            // `if c: return` guards everything after it in the block with
            // `not c`; `if a: return ... elif b: return ...` (no else) with
            // `not a` and `not b`.
            if (isType(stmt, "if_statement") && returnsInEveryBranch(stmt)) {
                addGuards(field(stmt, "condition"), true, ctx.guards);
                for (TSNode c : NamedChildren(stmt))
                    if (isType(c, "elif_clause"))
                        addGuards(field(c, "condition"), true, ctx.guards);
            } else if (isType(stmt, "if_statement")) {
                // `if t: (if a: return ... elif b: return ...)`: not (t and (a or b)).
                if (std::string left = leftThroughInnerIf(*this, stmt); !left.empty())
                    ctx.guards.push_back({std::move(left), true});
            }
            // Past `if x is None: x = default`, x holds no None.
            if (isType(stmt, "if_statement"))
                if (const Chain x = defaultedWhenNone(*this, stmt); !x.empty())
                    ctx.notNone.push_back(x);
            // Past `assert x is not None` (or `assert x and ...`), x holds no None.
            if (isType(stmt, "assert_statement") && ts_node_named_child_count(stmt) > 0) {
                GuardList asserted;
                addGuards(ts_node_named_child(stmt, 0), false, asserted);
                addNotNone(asserted, ctx.notNone);
            }
        }
    }

    void visitStatement(TSNode n, BodyContext &ctx)
    {
        const char *t = ts_node_type(n);
        if (text(n).find("lambda") != std::string_view::npos)
            m_lambdas.nameIn(*this, n, ctx.qualPrefix); // before any chain reads them
        if (!std::strcmp(t, "decorated_definition")) {
            std::vector<Decorator> decorators;
            for (TSNode d : NamedChildren(n)) {
                if (isType(d, "decorator") && ts_node_named_child_count(d) > 0) {
                    const TSNode expr = ts_node_named_child(d, 0);
                    decorators.push_back(decoratorOf(*this, expr));
                    if (isType(expr, "call"))
                        scanExpr(expr, ctx); // `@factory(args)` calls factory
                }
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
            m_iteration.addLoop(field(n, "left"), right, ctx, text(n).starts_with("async"));
            visitChildBlocks(n, ctx);
        } else if (!std::strcmp(t, "while_statement")) {
            TSNode cond = field(n, "condition");
            scanExpr(cond, ctx);
            BodyContext inner = ctx;
            addGuards(cond, false, inner.guards);
            visitChildBlocks(n, inner);
        } else if (!std::strcmp(t, "with_statement")) {
            visitWith(n, ctx);
        } else if (!std::strcmp(t, "try_statement") || !std::strcmp(t, "except_clause")
            || !std::strcmp(t, "else_clause") || !std::strcmp(t, "finally_clause") || !std::strcmp(t, "match_statement")
            || !std::strcmp(t, "case_clause")) {
            visitChildBlocks(n, ctx);
        } else if (!std::strcmp(t, "expression_statement")) {
            for (TSNode e : NamedChildren(n)) {
                if (isType(e, "assignment")) {
                    // `self.x = v` runs the class's own `__setattr__` where it defines one.
                    for (Chain &setattr : setattrCalls(*this, e))
                        m_facts.calls.push_back({callScope(ctx), std::move(setattr), lineOf(e), ctx.guards, std::string(kMaybeCalled)});
                    const TSNode value = m_assignments.addAssignment(e, ctx);
                    m_assignments.keepReceiverCalls(value, ctx);
                    scanExpr(value, ctx);
                } else {
                    if (ctx.assignScope.empty()) // NAME.update({...}) at module level
                        addDictUpdate(*this, e, m_facts.dictEntries);
                    if (const std::optional<ElementStore> store = elementStoreOf(*this, e))
                        m_assignments.storeElement(store->container, store->value, store->spread, store->key, ctx);
                    m_assignments.keepStatementCall(e, ctx);
                    m_assignments.keepReceiverCalls(e, ctx);
                    scanExpr(e, ctx);
                }
            }
        } else if (!std::strcmp(t, "return_statement")) {
            TSNode value = ts_node_named_child_count(n) ? ts_node_named_child(n, 0) : TSNode{};
            if (!ts_node_is_null(value)) {
                if (ctx.functionIndex >= 0)
                    m_values.addValues(value, ctx.guards, m_facts.functions[ctx.functionIndex].returns, ctx.notNone);
                m_assignments.keepReceiverCalls(value, ctx);
                scanExpr(value, ctx);
            }
        } else if (!std::strcmp(t, "raise_statement")) {
            m_calls.addRaise(n, ctx);
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
    void visitChildBlocks(TSNode n, const BodyContext &ctx)
    {
        for (TSNode c : NamedChildren(n)) {
            if (isType(c, "block"))
                visitBlock(c, ctx);
            else if (isType(c, "except_clause") || isType(c, "except_group_clause")) {
                const BodyContext inner = raising(c, ctx);
                bindCaught(c, inner);
                visitChildBlocks(c, inner);
            }
            else if (isType(c, "else_clause") || isType(c, "finally_clause") || isType(c, "case_clause"))
                visitChildBlocks(c, ctx);
            else if ((isType(n, "for_statement") && (ts_node_eq(c, field(n, "right")) || isType(c, "identifier")))
                     || (isType(n, "while_statement") && ts_node_eq(c, field(n, "condition"))))
                continue; // a loop's iterable or test is scanned once, where the loop is visited
            else
                scanExpr(c, ctx);
        }
    }

    // The context of an `except` clause's body: under the guard that the try
    // block raised what it catches (`except ImportError as e:` ImportError,
    // a bare `except:` an exception).
    BodyContext raising(TSNode clause, const BodyContext &ctx) const
    {
        std::string caught = "an exception";
        for (TSNode c : NamedChildren(clause)) {
            if (isType(c, "block"))
                break;
            const TSNode type = isType(c, "as_pattern") && ts_node_named_child_count(c) ? ts_node_named_child(c, 0) : c;
            caught = normaliseSpace(text(type));
            break;
        }
        BodyContext inner = ctx;
        inner.guards.push_back({kRaisedGuardPrefix + caught, false});
        return inner;
    }

    // `except Err as e:` (or `except (A, B) as e:`): e holds an instance of
    // each class named.
    void bindCaught(TSNode clause, const BodyContext &ctx)
    {
        for (TSNode c : NamedChildren(clause)) {
            if (!isType(c, "as_pattern") || ts_node_named_child_count(c) < 2)
                continue;
            const TSNode alias = field(c, "alias");
            const TSNode name = ts_node_is_null(alias) || !ts_node_named_child_count(alias) ? TSNode{} : ts_node_named_child(alias, 0);
            if (ts_node_is_null(name) || !isType(name, "identifier"))
                return;
            const TSNode type = ts_node_named_child(c, 0);
            std::vector<TSNode> types{type};
            if (isType(type, "tuple") || isType(type, "parenthesized_expression"))
                types = namedChildrenOf(type);
            for (TSNode t : types)
                if (const Chain cls = chainOf(t); !cls.empty() && cls.find_first_of("([") == Chain::npos)
                    m_assignments.annotate(std::string(text(name)), cls, lineOf(c), ctx);
            return;
        }
    }

    void visitIf(TSNode n, const BodyContext &ctx)
    {
        TSNode cond = field(n, "condition");
        scanExpr(cond, ctx);
        BodyContext then = ctx;
        addGuards(cond, false, then.guards);
        visitBlock(field(n, "consequence"), then);

        BodyContext otherwise = ctx;
        addGuards(cond, true, otherwise.guards);
        for (TSNode c : NamedChildren(n)) {
            if (isType(c, "elif_clause")) {
                TSNode c2 = field(c, "condition");
                scanExpr(c2, otherwise);
                BodyContext branch = otherwise;
                addGuards(c2, false, branch.guards);
                visitBlock(field(c, "consequence"), branch);
                addGuards(c2, true, otherwise.guards);
            } else if (isType(c, "else_clause")) {
                visitBlock(field(c, "body"), otherwise);
            }
        }
    }

    void visitWith(TSNode n, const BodyContext &ctx)
    {
        const bool async = text(n).starts_with("async");
        for (TSNode c : NamedChildren(n)) {
            if (isType(c, "with_clause")) {
                for (TSNode item : NamedChildren(c)) {
                    TSNode value = field(item, "value");
                    if (!ts_node_is_null(value) && isType(value, "as_pattern")) {
                        TSNode expr = ts_node_named_child(value, 0);
                        TSNode alias = field(value, "alias");
                        scanExpr(expr, ctx);
                        m_iteration.addContext(expr, ctx, async);
                        if (!ts_node_is_null(alias) && ts_node_named_child_count(alias) == 1
                            && isType(ts_node_named_child(alias, 0), "identifier"))
                            m_assignments.assign(std::string(text(ts_node_named_child(alias, 0))), expr, ctx);
                    } else {
                        scanExpr(ts_node_is_null(value) ? item : value, ctx);
                        m_iteration.addContext(ts_node_is_null(value) ? item : value, ctx, async);
                    }
                }
            } else if (isType(c, "block")) {
                visitBlock(c, ctx);
            }
        }
    }

    void visitDefinition(TSNode n, std::vector<Decorator> decorators, const BodyContext &ctx)
    {
        TSNode nameNode = field(n, "name");
        if (ts_node_is_null(nameNode))
            return;
        const std::string qual = ctx.qualPrefix + std::string(text(nameNode));
        if (isType(n, "class_definition")) {
            visitBlock(field(n, "body"), addClass(*this, n, qual, std::move(decorators), ctx, m_facts));
            return;
        }
        const BodyContext inner = addFunction(*this, n, qual, std::move(decorators), ctx, m_facts);
        // Default values run at definition time, in the outer scope.
        scanExpr(field(n, "parameters"), ctx);
        visitBlock(field(n, "body"), inner);
        addClosedDicts(*this, field(n, "body"), inner.scope, m_facts);
    }

    // A lambda is a function of the scope it stands in, named `<lambdaN>`
    // there (lambda_names.h); its body is what it returns, and the calls in
    // it are its own.
    void visitLambda(TSNode n, const BodyContext &ctx)
    {
        const std::string qual = ctx.qualPrefix + m_lambdas.nameOf(*this, n, ctx.qualPrefix);
        FunctionFact fn = functionFactOf(*this, n, qual, ctx);
        scanExpr(field(n, "parameters"), ctx); // defaults run where the lambda is made
        const std::string scope = newFunctionScope(m_facts, qual, fn.line);
        m_facts.functions.push_back(std::move(fn));
        const BodyContext inner = functionBodyContext(qual, scope, m_facts);
        const TSNode body = field(n, "body");
        if (text(body).find("lambda") != std::string_view::npos)
            m_lambdas.nameIn(*this, body, inner.qualPrefix);
        std::vector<ValueFact> returns;
        m_values.addValues(body, {}, returns);
        m_facts.functions[static_cast<size_t>(inner.functionIndex)].returns = std::move(returns);
        scanExpr(body, inner);
    }

    void visitImport(TSNode n, const BodyContext &ctx)
    {
        for (ImportFact &imp : importsOf(*this, n)) {
            imp.line = lineOf(n);
            imp.scope = ctx.scope;
            imp.guards = ctx.guards;
            m_facts.imports.push_back(std::move(imp));
        }
    }

    // --- expressions -----------------------------------------------------------

    void scanExpr(TSNode n, const BodyContext &ctx, int depth = 0)
    {
        if (ts_node_is_null(n))
            return;
        if (depth > kMaxNestingDepth) {
            if (!m_depthReported) {
                m_facts.diagnostics.push_back({lineOf(n), "expression nested too deeply; calls below were skipped"});
                m_depthReported = true;
            }
            return;
        }
        const char *t = ts_node_type(n);
        if (!std::strcmp(t, "call")) {
            m_calls.addCall(n, ctx);
            // The called attribute is a method call, not a read; what it is
            // read from may be one (`self.path.add(x)` reads `self.path`).
            const TSNode fn = field(n, "function");
            for (TSNode child : NamedChildren(n))
                scanExpr(ts_node_eq(child, fn) && isType(fn, "attribute") ? field(fn, "object") : child, ctx, depth + 1);
            return;
        } else if (!std::strcmp(t, "attribute")) {
            if (Chain read = propertyRead(*this, n, m_properties); !read.empty())
                m_facts.calls.push_back({callScope(ctx), std::move(read), lineOf(n), ctx.guards, std::string(kPropertyRead)});
        } else if (!std::strcmp(t, "yield")) {
            m_iteration.addYield(n, ctx);
        } else if (!std::strcmp(t, "for_in_clause")) {
            m_iteration.addLoop(field(n, "left"), field(n, "right"), ctx);
        } else if (!std::strcmp(t, "conditional_expression") && ts_node_named_child_count(n) == 3) {
            TSNode cond = ts_node_named_child(n, 1);
            scanExpr(cond, ctx, depth + 1);
            BodyContext yes = ctx;
            addGuards(cond, false, yes.guards);
            scanExpr(ts_node_named_child(n, 0), yes, depth + 1);
            BodyContext no = ctx;
            addGuards(cond, true, no.guards);
            scanExpr(ts_node_named_child(n, 2), no, depth + 1);
            return;
        } else if (!std::strcmp(t, "function_definition") || !std::strcmp(t, "class_definition")
            || !std::strcmp(t, "decorated_definition")) {
            BodyContext copy = ctx;
            visitStatement(n, copy);
            return;
        } else if (!std::strcmp(t, "lambda")) {
            visitLambda(n, ctx);
            return;
        } else if (!std::strcmp(t, "string")) {
            // An f-string's fields are expressions: `f"{Mv.to(y, x)}{fmt(v):>{width(w)}}"` calls.
            for (TSNode child : NamedChildren(n))
                if (isType(child, "interpolation"))
                    scanExpr(child, ctx, depth + 1);
            return;
        } else if (!std::strcmp(t, "comment")) {
            return;
        }
        for (TSNode child : NamedChildren(n))
            scanExpr(child, ctx, depth + 1);
    }
};

} // namespace

void visitModule(std::string_view source, TSNode root, ModuleFacts &facts)
{
    StatementVisitor(source, facts).run(root);
}

} // namespace katlas
