// See kernel_definition.h.
#include "shapes/kernel_definition.h"

#include <QJsonArray>

namespace katlas {

std::string definitionName(const std::string &pattern, const std::map<std::string, std::string> &values)
{
    std::string out;
    for (size_t i = 0; i < pattern.size();) {
        const size_t close = pattern[i] == '{' ? pattern.find('}', i) : std::string::npos;
        if (close != std::string::npos) {
            if (const auto it = values.find(pattern.substr(i + 1, close - i - 1)); it != values.end()) {
                out += it->second;
                i = close + 1;
                continue;
            }
        }
        out += pattern[i++];
    }
    return out;
}

bool familyFits(const DefinitionFamily &family, const ModuleInstance &module)
{
    if (!family.modulePattern.empty() && !std::regex_search(module.cls, family.module))
        return false;
    for (const auto &[shape, value] : family.when) {
        const auto it = module.shapes.find(shape);
        if (it == module.shapes.end() || !it->second.known() || *it->second.value != value)
            return false;
    }
    return true;
}

ShapeEnvironment definitionEnvironment(const ModuleInstance &module, const DefinitionContext &context)
{
    ShapeEnvironment env;
    env.config = context.config;
    env.names = module.shapes;
    for (const auto &[size, value] : context.sizes)
        env.names[size] = ShapeValue::number(value);
    return env;
}

QJsonArray contextTags(const DefinitionContext &context)
{
    QJsonArray tags;
    if (!context.stage.empty())
        tags.append(QString::fromStdString("stage:" + context.stage));
    if (!context.model.empty())
        tags.append(QString::fromStdString("model:" + context.model));
    if (!context.quantization.empty())
        tags.append(QString::fromStdString("quantization:" + context.quantization));
    return tags;
}

KernelDefinition instantiateDefinition(const DefinitionFamily &family, const ModuleInstance &module,
                                       const DefinitionContext &context)
{
    KernelDefinition d;
    d.opType = family.opType;
    const ShapeEnvironment env = definitionEnvironment(module, context);

    std::map<std::string, std::string> values;
    if (!context.stage.empty())
        values["stage"] = context.stage;
    QJsonObject axes;
    for (const std::string &axis : family.axisOrder) {
        const std::string &expression = family.axes.at(axis);
        if (expression == "var") {
            axes[QString::fromStdString(axis)] = QJsonObject{{QStringLiteral("type"), QStringLiteral("var")}};
            continue;
        }
        const ShapeValue v = evaluateShape(expression, env);
        if (!v.known() || *v.value < 0) {
            d.error = "axis " + axis + " = " + expression + " is not known (" + v.text + ")";
            return d;
        }
        values[axis] = v.text;
        axes[QString::fromStdString(axis)] = QJsonObject{{QStringLiteral("type"), QStringLiteral("const")},
                                                         {QStringLiteral("value"), static_cast<qint64>(*v.value)}};
    }
    d.name = definitionName(family.name, values);
    if (d.name.find('{') != std::string::npos) {
        d.error = "name " + family.name + " names a value not known here (the stage, when the configuration leaves it open)";
        return d;
    }

    QJsonArray tags = contextTags(context);
    tags.append(QStringLiteral("status:unverified"));
    for (const std::string &t : family.tags)
        tags.append(QString::fromStdString(t));
    QJsonArray constraints;
    for (const std::string &c : family.constraints)
        constraints.append(QString::fromStdString(c));

    d.json = QJsonObject{{QStringLiteral("name"), QString::fromStdString(d.name)},
                         {QStringLiteral("op_type"), QString::fromStdString(family.opType)},
                         {QStringLiteral("tags"), tags},
                         {QStringLiteral("axes"), axes},
                         {QStringLiteral("inputs"), family.inputs},
                         {QStringLiteral("outputs"), family.outputs},
                         {QStringLiteral("constraints"), constraints},
                         {QStringLiteral("reference"), QString::fromStdString(family.reference)}};
    if (!family.description.empty())
        d.json[QStringLiteral("description")] = QString::fromStdString(family.description);
    return d;
}

} // namespace katlas
