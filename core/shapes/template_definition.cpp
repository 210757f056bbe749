// See template_definition.h.
#include "shapes/template_definition.h"

#include <QJsonArray>

#include <algorithm>
#include <set>

namespace katlas {

namespace {

// The reference flashinfer-bench runs: flashinfer's preamble, the template's
// reference (with the helpers it lists) and a top-level `run` calling it.
std::string referenceWithRun(const TraceTemplate &trace)
{
    return "import math\nimport torch\nimport torch.nn.functional as F\n\n\n" + trace.reference + "\n\ndef run(*args, **kwargs):\n    return "
        + trace.referenceFunction + "(*args, **kwargs)\n";
}

// flashinfer-bench's DType names.
bool isDefinitionDtype(const std::string &dtype)
{
    static const std::set<std::string> names = {"float32", "float16", "bfloat16", "float8_e4m3fn", "float8_e5m2", "float4_e2m1",
                                                "int64", "int32", "int16", "int8", "bool"};
    return names.count(dtype) > 0;
}

QJsonArray shapeOf(const TemplateTensor &t)
{
    QJsonArray shape;
    for (const std::string &axis : t.shape)
        shape.append(QString::fromStdString(axis));
    return shape;
}

} // namespace

KernelDefinition instantiateTemplate(const TraceTemplate &trace, const std::string &api, const DefinitionFamily &family,
                                     const ModuleInstance &module, const DefinitionContext &context)
{
    KernelDefinition d;
    d.opType = trace.opType;
    if (trace.opType.empty() || trace.reference.empty()) {
        d.error = "template " + trace.variable + " has no " + (trace.opType.empty() ? "op_type" : "reference") + " written as a literal";
        return d;
    }
    const ShapeEnvironment env = definitionEnvironment(module, context);

    // Every axis the template declares, then those only its tensors name
    // (`K_div_block_size`: const where the family gives its value, else var):
    // the family gives each const one its value.
    std::vector<TemplateAxis> axes = trace.axes;
    for (const auto *tensors : {&trace.inputs, &trace.outputs})
        for (const TemplateTensor &t : *tensors)
            for (const std::string &axis : t.shape)
                if (std::none_of(axes.begin(), axes.end(), [&](const TemplateAxis &a) { return a.name == axis; }))
                    axes.push_back({axis, family.axes.count(axis) > 0, std::string(), std::nullopt, {}});
    QJsonObject axesJson;
    std::vector<std::pair<std::string, std::int64_t>> values;
    for (const TemplateAxis &a : axes) {
        const auto expression = family.axes.find(a.name);
        if (!a.constant || (expression != family.axes.end() && expression->second == "var")) {
            axesJson[QString::fromStdString(a.name)] = QJsonObject{{QStringLiteral("type"), QStringLiteral("var")}};
            continue;
        }
        std::optional<std::int64_t> value = a.value;
        if (expression != family.axes.end()) {
            const ShapeValue v = evaluateShape(expression->second, env);
            if (!v.known() || *v.value < 0) {
                d.error = "axis " + a.name + " = " + expression->second + " is not known (" + v.text + ")";
                return d;
            }
            value = *v.value;
        }
        if (!value) {
            d.error = "axis " + a.name + " of template " + trace.variable + " has no value in the family";
            return d;
        }
        values.emplace_back(a.name, *value);
        QJsonObject axis{{QStringLiteral("type"), QStringLiteral("const")}, {QStringLiteral("value"), static_cast<qint64>(*value)}};
        if (!a.description.empty())
            axis[QStringLiteral("description")] = QString::fromStdString(a.description);
        axesJson[QString::fromStdString(a.name)] = axis;
    }
    d.name = trace.definitionName(values);

    // A tensor's dtype: the family's for that name, else the template's, else
    // that of the input it copies or shares an axis with.
    std::map<std::string, std::string> resolved; // by name and by param
    std::string missing, invalid;                // the first tensor without a dtype, with one not in the schema
    const auto dtypeOf = [&](const TemplateTensor &t, const QJsonObject &familyTensors) -> std::string {
        if (const QJsonValue f = familyTensors.value(QString::fromStdString(t.name)); f.isObject())
            return f.toObject().value(QLatin1String("dtype")).toString().toStdString();
        if (!t.dtypeFrom.empty())
            if (const auto it = resolved.find(t.dtypeFrom); it != resolved.end())
                return it->second;
        if (!t.dtype.empty())
            return t.dtype;
        for (const TemplateTensor &in : trace.inputs)
            if (!in.scalar && resolved.count(in.name)
                && std::any_of(t.shape.begin(), t.shape.end(), [&](const std::string &axis) {
                       return std::find(in.shape.begin(), in.shape.end(), axis) != in.shape.end();
                   }))
                return resolved.at(in.name);
        return {};
    };
    const auto tensorsJson = [&](const std::vector<TemplateTensor> &tensors, const QJsonObject &familyTensors, bool inputs) {
        QJsonObject out;
        for (const TemplateTensor &t : tensors) {
            const std::string dtype = dtypeOf(t, familyTensors);
            if (dtype.empty() && !t.optional && missing.empty())
                missing = t.name;
            if (dtype.empty())
                continue; // an optional tensor of a dtype not known: left out
            if (!isDefinitionDtype(dtype) && invalid.empty())
                invalid = t.name + " (" + dtype + ")";
            if (inputs) {
                resolved[t.name] = dtype;
                resolved[t.param.empty() ? t.name : t.param] = dtype;
            }
            QJsonObject entry{{QStringLiteral("dtype"), QString::fromStdString(dtype)}};
            entry[QStringLiteral("shape")] = t.scalar ? QJsonValue() : QJsonValue(shapeOf(t));
            if (t.optional)
                entry[QStringLiteral("optional")] = true;
            if (!t.description.empty())
                entry[QStringLiteral("description")] = QString::fromStdString(t.description);
            out[QString::fromStdString(t.name)] = entry;
        }
        return out;
    };
    const QJsonObject inputs = tensorsJson(trace.inputs, family.inputs, true);
    const QJsonObject outputs = tensorsJson(trace.outputs, family.outputs, false);
    if (!invalid.empty()) {
        d.error = "the dtype of " + invalid + " of template " + trace.variable + " is not a Definition dtype (the family may name one)";
        return d;
    }
    if (!missing.empty()) {
        d.error = "the dtype of " + missing + " of template " + trace.variable + " is not known (the family names none)";
        return d;
    }

    QJsonArray tags = contextTags(context);
    if (!api.empty())
        tags.prepend(QString::fromStdString("fi_api:" + api));
    else
        tags.append(QStringLiteral("status:unverified"));
    std::set<std::string> seen;
    for (const QJsonValue &t : tags)
        seen.insert(t.toString().toStdString());
    for (const std::string &t : trace.tags)
        if (seen.insert(t).second && !(t.starts_with("quantization:") && !context.quantization.empty())
            && !(t.starts_with("status:") && api.empty()))
            tags.append(QString::fromStdString(t));
    for (const std::string &t : family.tags)
        if (seen.insert(t).second)
            tags.append(QString::fromStdString(t));
    QJsonArray constraints;
    for (const std::string &c : trace.constraints)
        constraints.append(QString::fromStdString(c));

    d.json = QJsonObject{{QStringLiteral("name"), QString::fromStdString(d.name)},
                         {QStringLiteral("op_type"), QString::fromStdString(trace.opType)},
                         {QStringLiteral("tags"), tags},
                         {QStringLiteral("axes"), axesJson},
                         {QStringLiteral("inputs"), inputs},
                         {QStringLiteral("outputs"), outputs},
                         {QStringLiteral("constraints"), constraints},
                         {QStringLiteral("reference"), QString::fromStdString(referenceWithRun(trace))}};
    if (!trace.description.empty())
        d.json[QStringLiteral("description")] = QString::fromStdString(trace.description);
    return d;
}

} // namespace katlas
