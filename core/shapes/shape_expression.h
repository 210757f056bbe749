// Static evaluation of the integer expressions a model passes to its module
// constructors (`config.hidden_size // tp_size`, `getattr(config, "n_group", 1)`,
// `q_lora_rank + qk_rope_head_dim`) against an HF config.json and the names
// known at the call (parameters, module attributes, deployment values).
// What cannot be known stays symbolic: its text is kept and shown as such.
#pragma once

#include <QJsonObject>

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace katlas {

struct ShapeValue {
    std::optional<std::int64_t> value; // set when the expression is known
    std::string text;                   // the value's digits, or the symbolic expression
    bool known() const { return value.has_value(); }
    static ShapeValue number(std::int64_t v) { return {v, std::to_string(v)}; }
    static ShapeValue symbol(std::string t) { return {std::nullopt, std::move(t)}; }
};

struct ShapeEnvironment {
    QJsonObject config;                       // the HF config.json, read as `config.X`
    std::map<std::string, ShapeValue> names;  // "hidden_size", "self.num_heads", "tp_size"
};

// The value of `expression` (Python text) under `env`. Integer arithmetic
// follows Python: `//` floors, `/` of two integers that divide exactly is
// their quotient. Unknown names, calls and attributes give a symbolic value.
ShapeValue evaluateShape(const std::string &expression, const ShapeEnvironment &env);

} // namespace katlas
