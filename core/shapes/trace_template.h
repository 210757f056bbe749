// flashinfer's trace templates, read statically from their source: a
// module-level `name = TraceTemplate(op_type=..., name_prefix=..., axes={...},
// inputs={...}, outputs={...}, tags=[...], constraints=[...], reference=fn)`
// with `Var()`/`Const(abbrev=...)` axes and `Tensor([...])`/`Scalar(dtype)`
// tensors, and the `@flashinfer_api(trace=name)` decorating an API function.
// Nothing is imported or run: the values are the literals the source writes.
// See docs/definitions.md, "Templates".
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace katlas {

struct TemplateAxis {
    std::string name;
    bool constant = false;              // Const(): a value the definition fixes
    std::optional<std::string> abbrev;  // Const(abbrev=...): its prefix in the name ("" omits it)
    std::optional<std::int64_t> value;  // Const(value=...)
    std::string description;
};

struct TemplateTensor {
    std::string name;                   // the key in inputs/outputs
    bool scalar = false;                // Scalar(...): no shape
    std::vector<std::string> shape;     // axis names
    std::string dtype;                  // as written; empty when the template leaves it to the call
    std::string dtypeFrom;              // an input parameter whose dtype an output takes
    std::string param;                  // the API parameter it is read from; empty: its name
    bool optional = false;
    std::string description;
};

struct TraceTemplate {
    std::string variable;               // "rmsnorm_trace"
    int line = 0;
    std::string opType;
    std::optional<std::string> namePrefix;
    std::string description;
    std::vector<TemplateAxis> axes;     // in source order
    std::vector<TemplateTensor> inputs;
    std::vector<TemplateTensor> outputs;
    std::vector<std::string> tags;
    std::vector<std::string> constraints;
    std::string referenceFunction;      // "_rmsnorm_reference"; empty when none
    std::string reference;              // its source with the helpers it lists, as written

    const TemplateAxis *axis(const std::string &name) const;
    // name_prefix (else op_type), then each const axis's abbrev (else its
    // name) and value, in axis order, "_"-joined; an axis missing from
    // `values` or with abbrev "" is left out (TraceTemplate.definition_name).
    std::string definitionName(const std::vector<std::pair<std::string, std::int64_t>> &values) const;
};

// Every module-level template of a file: `x = TraceTemplate(...)`, and
// `x = make(flag=True, ...)` of a module-level factory ending in `return
// TraceTemplate(...)`, read with its parameters bound to the call's literal
// arguments. An argument that is not a literal of the expected shape leaves
// that field empty.
std::vector<TraceTemplate> readTraceTemplates(std::string_view source);

struct TemplateModule {
    std::vector<TraceTemplate> templates;
    // Functions naming templates of the module (a `trace=` dispatch that
    // picks one at run time), each with the templates it may return.
    std::map<std::string, std::vector<std::string>> dispatches;
};
TemplateModule readTemplateModule(std::string_view source);

// The `trace=` argument of each `flashinfer_api` decorator of a file, by the
// line of the function it decorates (its `def` line and its first
// decorator's, 1-based): "rmsnorm_trace", or a dispatch function that picks
// a template at run time (TemplateModule::dispatches says which it may pick).
std::map<int, std::string> tracesOfFunctions(std::string_view source);

} // namespace katlas
