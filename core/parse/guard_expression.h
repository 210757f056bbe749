// A guard's or a value's source text parsed into the few forms whose truth
// can be worked out statically: literals, names and attribute chains, calls
// with their literal arguments, not / and / or, `is [not] None`,
// comparisons with a literal, orderings (`80 <= sm < 89`), integer
// arithmetic, tuples, subscripts by a literal index and `a if c else b`.
// Everything else is Other.
#pragma once

#include "parse/syntax_facts.h"

#include <memory>
#include <string>
#include <vector>

namespace katlas {

struct GuardKeyword;

struct GuardExpr {
    enum class Kind {
        Literal, Chain, Call, Not, And, Or, IsNone, IsNotNone, Equal, NotEqual, In, NotIn, IfElse,
        Order,     // `a < b` (op: "<", "<=", ">", ">="); a chained comparison is an And of them
        Arith,     // `a * b` (op: "+", "-", "*", "//", "%", "|")
        Tuple,     // `(a, b)`: operands are the elements
        Subscript, // `a[2]`: operands a and the index literal
        Contains,  // `"mxfp4" in fmt`: operands fmt and the string literal
        NotContains,
        Other
    };
    enum class Literal { None, True, False, Number, String };
    Kind kind = Kind::Other;
    Literal literal = Literal::None; // Literal: which
    std::string text;                // Literal: the number or the string's content; Chain/Call: the source text
    std::string op;                  // Order, Arith: the operator
    Chain chain;                     // Chain: the chain; Call: the callee's chain
    // Not: the operand; And/Or: both sides; comparisons: left, right (In:
    // right's elements follow left); Call: positional arguments; IfElse
    // (`a if c else b`): a, c, b; Order, Arith: left, right.
    std::vector<GuardExpr> operands;
    std::vector<GuardKeyword> keywords; // Call: keyword arguments

    bool isLiteral(Literal l) const { return kind == Kind::Literal && literal == l; }
};

// A struct, not a std::pair: clang cannot instantiate a pair holding the
// GuardExpr that is being defined.
struct GuardKeyword {
    std::string name;
    GuardExpr value;
};

// Parses `text` as one Python expression. Thread-safe; each thread keeps its
// own parser.
GuardExpr parseGuardExpression(const std::string &text);

// The classes `isinstance(x, tested)` tests: a tuple's elements, the members
// of a union (`A | B | C`, Python 3.10), or `tested` itself.
std::vector<GuardExpr> testedClasses(const GuardExpr &tested);

} // namespace katlas
