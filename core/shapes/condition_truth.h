// The truth of guard text once some of what it reads is known: integer
// arithmetic, comparisons, membership in a literal list, and / or / not,
// over numbers and names (`torch.bfloat16`) a lookup gives. Three-valued:
// what the lookup does not know leaves the answer unknown unless the rest
// decides it (`False and x`).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace katlas {

struct KnownValue {
    std::optional<std::int64_t> number; // else a truth or a name
    std::string name;                    // `torch.bfloat16`
    std::optional<bool> truth;
    static KnownValue of(std::int64_t n) { return {n, {}, std::nullopt}; }
    static KnownValue named(std::string s) { return {std::nullopt, std::move(s), std::nullopt}; }
    static KnownValue truthOf(bool b) { return {std::nullopt, {}, b}; }
};

// `lookup` is asked about every attribute chain and subscript the text reads
// ("weight.shape[0]", "input.dtype"); `torch.<name>` stands for itself.
using ValueLookup = std::function<std::optional<KnownValue>(const std::string &expression)>;

std::optional<bool> conditionTruth(const std::string &text, const ValueLookup &lookup);
// The same of text already parsed (parse/guard_expression.h).
struct GuardExpr;
std::optional<bool> conditionTruth(const GuardExpr &expression, const ValueLookup &lookup);

} // namespace katlas
