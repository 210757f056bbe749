// Filters and the conditions of a path. A filter is a set of allowed values
// per dimension; a path's conditions, merged along its edges, either require
// one of some values or exclude some values of each dimension, plus guard
// text no rule maps. A path passes a filter unless it needs something the
// filter leaves out.
#pragma once

#include "graph/call_graph.h"
#include "graph/interned_text.h"
#include "graph/setting_defaults.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace katlas {

class DimensionFilter {
public:
    // "quantization=fp8,modelopt_fp4 attention_backend=trtllm_mla"; nullopt
    // and a message for malformed text.
    static std::optional<DimensionFilter> parse(const std::string &text, std::string *error);
    std::string toString() const; // "" when empty; "dim=(none)" for a dimension narrowed to nothing
    bool empty() const { return m_allowed.empty(); }
    // An empty set clears the dimension (any value).
    void set(const std::string &dimension, std::set<std::string> values);
    // Unlike set(), an empty set stays: no value the profile knows is allowed
    // (a path that needs one of them fails; one that only excludes some passes).
    void narrow(const std::string &dimension, std::set<std::string> values) { m_allowed[dimension] = std::move(values); }
    void clear(const std::string &dimension) { m_allowed.erase(dimension); }
    const std::map<std::string, std::set<std::string>> &allowed() const { return m_allowed; }
    // What `a.b.c`, not named itself, may take when the filter names every
    // setting under `a.b` or `a` (`a.*`: a checkpoint's whole configuration,
    // whose other keys are absent); null when it does not.
    const std::set<std::string> *otherSettings(const std::string &dimension) const;
    bool operator==(const DimensionFilter &) const = default;

private:
    std::map<std::string, std::set<std::string>> m_allowed;
};

// A condition with its texts interned (graph/interned_text.h): made once,
// added to many paths.
struct PreparedCondition {
    InternedText dimension = nullptr; // null: unmapped guard text
    InternedText text = nullptr;      // that guard text
    std::vector<InternedText> values; // of a dimension condition; sorted by address, unique
    bool negated = false;
    std::shared_ptr<const std::vector<ConditionSet>> ways; // the ways an unmapped guard may hold, if known
};
using PreparedConditions = std::vector<PreparedCondition>;
PreparedConditions prepareConditions(const ConditionSet &conditions);

class FilterCheck;

class PathConditions {
public:
    // Adds conditions; false once they contradict each other.
    bool add(const ConditionSet &conditions) { return add(prepareConditions(conditions)); }
    bool add(const PreparedConditions &conditions);
    bool contradictory() const { return state().contradictory; }
    // Empty when the filter admits the path, else the dimension it fails on.
    // With `defaults`, a non-empty filter also holds every setting it does
    // not name to its default (a deployment keeps the flags it does not pass).
    std::optional<std::string> rejectedBy(const DimensionFilter &filter, const SettingDefaults *defaults = nullptr) const;
    // The same against a filter made ready for many checks.
    std::optional<std::string> rejectedBy(const FilterCheck &check) const;
    bool passes(const DimensionFilter &filter, const SettingDefaults *defaults = nullptr) const
    {
        return !rejectedBy(filter, defaults).has_value();
    }
    // Does the path fit `dimension=value` (it neither excludes it nor needs another)?
    bool fits(const std::string &dimension, const std::string &value) const;
    bool mentions(const std::string &dimension) const;

    // dimension -> required values (a single excluded set is shown as "!=")
    std::map<std::string, std::vector<std::string>> required() const;
    std::map<std::string, std::vector<std::string>> excluded() const;
    std::vector<std::string> otherConditions() const; // unmapped guard text, "not (...)" when negated
    // Unmapped guard text as written, with the truth the path needs of it.
    std::vector<std::pair<std::string, bool>> guardTexts() const;
    bool hasGuardText() const { return !state().text.empty(); }
    // Takes `text` off the path's conditions: something else has shown it
    // holds as the path needs it (trace/path_judge.h).
    void settle(const std::string &text);
    std::string toString() const; // "quantization=fp8, platform!=hip, not (x is None)"

private:
    // Texts are interned (graph/interned_text.h): a copy of the conditions,
    // made at every guarded step of a path search, copies pointers only.
    struct DimensionState {
        InternedText dimension = nullptr;
        bool anything = true;            // no required values yet
        std::vector<InternedText> oneOf; // when not anything; sorted by address
        std::vector<InternedText> noneOf; // sorted by address
        bool admits(InternedText value) const;
    };
    struct State {
        std::vector<DimensionState> dims;                 // by dimension text
        std::vector<std::pair<InternedText, bool>> text; // guard text -> required truth, by text
        // guard text -> the ways it may hold (graph/condition_ways.h),
        // decoded once and shared by the copies
        std::vector<std::pair<InternedText, std::shared_ptr<const std::vector<ConditionSet>>>> ways;
        bool contradictory = false;
        const DimensionState *dimension(std::string_view name) const;
        const DimensionState *dimension(InternedText name) const;
    };
    const State &state() const;
    // Shared by copies and cloned on the first change: a path search copies
    // the conditions at every step, and most steps add none.
    std::shared_ptr<const State> m_state;
};

} // namespace katlas
