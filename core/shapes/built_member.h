// What an attribute holds on an object a model's module is built with by a
// factory function rather than a class call: sglang's attention builds its
// rotary embedding with `self.rotary_emb = get_rope_wrapper(qk_rope_head_dim,
// ...)`, which calls `get_rope`, which builds one of a dozen classes, each
// handing `head_size` on to `RotaryEmbedding.__init__`, which sets
// `self.use_fallback_kernel = True` only where `self.head_size not in [64,
// 128, 256, 512]` on CUDA. The factory's calls are followed with what each
// passes (three calls deep), every class it builds is evaluated (its
// `__init__`, then the `super().__init__` it calls), and the attribute's
// value is known where every such object agrees on it (and no other method
// of its class sets it): DeepSeek-V3's
// 64-wide rotary head never takes the fallback kernel. See
// docs/guard-evaluation.md, "Attributes of what a factory builds".
#pragma once

#include "profile/profile.h"
#include "shapes/condition_truth.h"
#include "shapes/model_shapes.h"
#include "shapes/source_calls.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace katlas {

class BuiltMembers {
public:
    // `guardRules`: the profile's guard -> dimension rules, for the tests an
    // `__init__` makes on module flags (`_is_cuda` -> platform=cuda).
    BuiltMembers(const CallIndex &index, const SourceCalls &calls, std::vector<DimensionRule> guardRules);

    // The value of `member` on the object `owner`'s `__init__` stores as
    // `target` ("self.rotary_emb"), under the filter's `dimensions` and the
    // sizes of `shapes`; nullopt when it is not built by a call of a
    // function, or the objects that call may build disagree or are not known.
    // Not thread-safe: the caller serialises.
    std::optional<KnownValue> value(ModelShapes &shapes, const std::map<std::string, std::set<std::string>> &dimensions,
                                    const std::string &owner, const std::string &target, const std::string &member) const;

private:
    using Names = std::map<std::string, ShapeValue>;
    struct Built {
        std::int64_t init = 0; // the `__init__` the object is built by
        Names names;           // its parameters' values
        std::string cls;       // the class called (which may inherit that `__init__`)
    };
    struct Context {
        ModelShapes &shapes;
        const std::map<std::string, std::set<std::string>> &dimensions;
        int budget = 256; // calls looked at
    };

    const CallIndex &m_index;
    const SourceCalls &m_calls;
    std::vector<DimensionRule> m_rules;
    mutable std::map<std::string, std::int64_t> m_inits; // class name -> its own `__init__`
    mutable std::map<std::int64_t, std::vector<std::int64_t>> m_methods; // class symbol -> its methods but __init__
    mutable std::map<std::string, std::vector<std::int64_t>> m_classes;  // class name -> its symbols

    std::int64_t initOf(const std::string &cls) const;
    // What `callee` is handed by `call`, its arguments read under `names`.
    Names bind(Context &c, const SourceCall &call, std::int64_t callee, const Names &names) const;
    // The objects the call at `site` (made with `names`) may build.
    void objectsBuilt(Context &c, std::int64_t site, const Names &names, int depth, std::vector<Built> &out) const;
    // `member` as the `__init__` `init` (or the bases' it calls) sets it;
    // `found` false when none sets it.
    std::optional<KnownValue> memberOf(Context &c, std::int64_t init, const Names &names, const std::string &member,
                                       int depth, bool &found) const;
    std::optional<bool> flag(const Context &c, const std::string &text) const;
    // Whether a method of the class (but its `__init__`) assigns
    // `self.<member>` (a flag a weight loader lowers later): then what the
    // `__init__` gave is not the one read.
    bool setElsewhere(std::int64_t cls, const std::string &member) const;
    bool setElsewhere(const std::string &cls, const std::string &member) const; // any class of that name
    void fillTables() const; // m_methods and m_classes, once
};

} // namespace katlas
