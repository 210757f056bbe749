// Containers in the syntax facts (docs/call-resolution.md): a display's
// elements, the elements a statement stores into a container, and what a
// loop or comprehension variable takes from the container it walks.
#pragma once

#include "parse/syntax_node.h"

#include <optional>
#include <string_view>

namespace katlas {

// Fills `v.elements` and `v.display` when `value` is a list, tuple, set or
// dict display or a comprehension: dict displays keep literal keys; a
// comprehension's element is its body, with a loop variable read as an
// element of what it walks (`[f for f in fs]` -> "fs[]").
// A nested display's elements are keyed by their path (`{'a': {'b': f}}`:
// "'a'/'b'"; `[[f], g]`: "0/0" and "1"), up to four levels.
void addDisplayElements(const SyntaxSource &source, TSNode value, ValueFact &v, int depth = 0);

// The elements a subscript of a list, tuple or dict display may select
// (`{"a": f, "b": g}[kind]`, `(f, g)[i]`): the one a literal key names,
// else every one; nullopt for anything else, or a display with a splat.
std::optional<std::vector<TSNode>> selectedElements(const SyntaxSource &source, TSNode subscript);

// `xs.append(f)`, `d.setdefault(k, f)`, `xs.extend(ys)`, `d.update(e)`:
// the container's chain and what goes into it (`spread`: the elements of
// `value`, not `value` itself).
struct ElementStore {
    Chain container;
    TSNode value{};
    bool spread = false;
    std::string key; // `d.setdefault("k", f)`: the literal key, as chains write it
};
std::optional<ElementStore> elementStoreOf(const SyntaxSource &source, TSNode call);
// The methods such a statement calls (`append`, `update`, `setdefault`...):
// read as stores into the container, not as calls of the built-in type.
bool isElementStoreMethod(std::string_view method);

// `for x in xs` and `for x in xs` clauses: x holds the elements of xs
// ("xs[]" of a chain).
Chain elementsOf(const Chain &iterable);

// The values a display's elements are, each as its own fact (at the
// display's line, under its guards).
std::vector<ValueFact> elementFacts(const ValueFact &display);

// The higher-order built-ins and standard-library calls that call the
// functions handed to them (`map(f, xs)`, `sorted(xs, key=f)`,
// `Thread(target=f)`, `executor.submit(f, x)`): the arguments they call.
std::vector<TSNode> calledArguments(const SyntaxSource &source, TSNode call);

} // namespace katlas
