// A Definition from a flashinfer trace template (trace_template.h): the
// template's op_type, name (prefix and const axes' abbreviations), axes,
// input and output names and shapes, constraints, tags and reference; the
// profile family that matched the kernel gives the const axes' values
// (expressions over the module's shapes, by the template's axis names) and
// the dtypes the template leaves to the call. See docs/definitions.md.
#pragma once

#include "shapes/kernel_definition.h"
#include "shapes/trace_template.h"

#include <string>

namespace katlas {

// `api`: the kernel's qualified name, tagged `fi_api:<api>` as flashinfer's
// own trace does; empty for a template a family names for a kernel that is
// not its API (it computes the same): no fi_api tag, and `status:unverified`
// in place of the template's status.
KernelDefinition instantiateTemplate(const TraceTemplate &trace, const std::string &api, const DefinitionFamily &family,
                                     const ModuleInstance &module, const DefinitionContext &context);

} // namespace katlas
