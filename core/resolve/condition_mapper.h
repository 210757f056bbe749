// Maps guard text and function names to dimension conditions with the
// profile's dimension rules. Results are cached: guards repeat a lot.
#pragma once

#include "graph/call_graph.h"
#include "profile/profile.h"

#include <optional>
#include <unordered_map>

namespace katlas {

class ConditionMapper {
public:
    explicit ConditionMapper(const Profile &profile);

    // A dimension condition when a rule matches, else the guard as text.
    Condition map(const Guard &guard);
    ConditionSet mapAll(const GuardList &guards);
    // The condition a call of a function with this name implies (stage=decode).
    std::optional<Condition> forFunction(const std::string &name);
    // The condition reaching a symbol with this qualified name implies
    // (`sglang.srt.hardware_backend.npu.…` or `torch_npu.…`: platform=npu).
    std::optional<Condition> forSymbol(const std::string &qualName);

private:
    std::optional<Condition> apply(DimensionRule::Target target, const std::string &text);
    const std::optional<Condition> &mappedText(const std::string &text);

    const Profile &m_profile;
    std::unordered_map<std::string, std::optional<Condition>> m_guardCache;
    std::unordered_map<std::string, std::optional<Condition>> m_functionCache;
    std::unordered_map<std::string, std::optional<Condition>> m_symbolCache;
};

// Adds `c` to `set` unless an equal condition is there already.
void addCondition(ConditionSet &set, const Condition &c);
void addConditions(ConditionSet &set, const ConditionSet &more);
// Folds `other` into `into` when the two are the same but for the values of
// one positive dimension condition (or are equal). True when folded.
bool mergeAlternative(ConditionSet &into, const ConditionSet &other);
// Do the dimension conditions of a set rule each other out (`d=a` and `d=b`,
// or `d=a` and `d!=a`)?
bool contradictory(const ConditionSet &set);
// The same set said once per dimension where it can be: positive conditions
// on one dimension become one (the values they share), and a negated one the
// positive values already exclude goes (`d=a, d!=b` is `d=a`). Exact.
void simplify(ConditionSet &set);

} // namespace katlas
