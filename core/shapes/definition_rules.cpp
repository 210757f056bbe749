// See definition_rules.h.
#include "shapes/definition_rules.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace katlas {

namespace {

struct Invalid {
    std::string key;
    std::string message;
};

std::map<std::string, std::string> stringMap(const QJsonObject &o, const std::string &key)
{
    std::map<std::string, std::string> out;
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!it.value().isString())
            throw Invalid{key + "." + it.key().toStdString(), "must be a string"};
        out[it.key().toStdString()] = it.value().toString().toStdString();
    }
    return out;
}

std::string text(const QJsonObject &o, const char *name, const std::string &at, bool required)
{
    const QJsonValue v = o.value(QLatin1String(name));
    if (v.isUndefined() && !required)
        return {};
    if (!v.isString() || v.toString().isEmpty())
        throw Invalid{at + "." + name, "must be a non-empty string"};
    return v.toString().toStdString();
}

std::regex pattern(const std::string &p, const std::string &key)
{
    try {
        return std::regex(p);
    } catch (const std::regex_error &) {
        throw Invalid{key, "must be a regular expression"};
    }
}

void checkTensors(const QJsonObject &tensors, const std::string &at, const DefinitionFamily &f)
{
    for (auto it = tensors.begin(); it != tensors.end(); ++it) {
        const std::string key = at + "." + it.key().toStdString();
        const QJsonObject t = it.value().toObject();
        if (!t.value(QLatin1String("dtype")).isString())
            throw Invalid{key + ".dtype", "must be a dtype name"};
        const QJsonValue shape = t.value(QLatin1String("shape"));
        if (!f.templateName.empty() || (f.fromTemplate && shape.isUndefined()))
            continue; // the template gives the shape, the family the dtype
        if (!shape.isNull() && !shape.isArray())
            throw Invalid{key + ".shape", "must be a list of axis names or null"};
        for (const QJsonValue &axis : shape.toArray())
            if (!f.axes.count(axis.toString().toStdString()))
                throw Invalid{key + ".shape", "names an axis the family does not define: " + axis.toString().toStdString()};
    }
}

bool isDeploymentSize(const std::string &s)
{
    return s == "tp" || s == "ep" || s == "moe_tp" || s == "attention_tp";
}

DefinitionFamily family(const QJsonObject &o, const std::string &at)
{
    DefinitionFamily f;
    f.kernelPattern = text(o, "kernel", at, true);
    f.kernel = pattern(f.kernelPattern, at + ".kernel");
    f.modulePattern = text(o, "module", at, false);
    if (!f.modulePattern.empty())
        f.module = pattern(f.modulePattern, at + ".module");
    f.argumentPattern = text(o, "argument", at, false);
    if (!f.argumentPattern.empty())
        f.argument = pattern(f.argumentPattern, at + ".argument");
    const QJsonObject when = o.value(QLatin1String("when")).toObject();
    for (auto it = when.begin(); it != when.end(); ++it) {
        if (!it.value().isDouble() || it.value().toDouble() != static_cast<double>(it.value().toInteger()))
            throw Invalid{at + ".when." + it.key().toStdString(), "must be a whole number"};
        f.when[it.key().toStdString()] = it.value().toInteger();
    }
    const QJsonObject configuration = o.value(QLatin1String("configuration")).toObject();
    for (auto it = configuration.begin(); it != configuration.end(); ++it) {
        const std::string key = at + ".configuration." + it.key().toStdString();
        if (!it.value().isArray() || it.value().toArray().isEmpty())
            throw Invalid{key, "must be a list of the dimension's values"};
        for (const QJsonValue &v : it.value().toArray()) {
            if (!v.isString() || v.toString().isEmpty())
                throw Invalid{key, "must be a list of the dimension's values"};
            f.configuration[it.key().toStdString()].insert(v.toString().toStdString());
        }
    }
    const QJsonValue fromTemplate = o.value(QLatin1String("from_template"));
    if (!fromTemplate.isUndefined() && !fromTemplate.isBool())
        throw Invalid{at + ".from_template", "must be true or false"};
    f.fromTemplate = fromTemplate.toBool();
    f.templateName = text(o, "template", at, false);
    const bool required = !f.fromTemplate && f.templateName.empty();
    f.opType = text(o, "op_type", at, required);
    f.name = text(o, "name", at, required);
    f.description = text(o, "description", at, false);
    f.reference = text(o, "reference", at, required);
    if (required && f.reference.find("def run(") == std::string::npos)
        throw Invalid{at + ".reference", "must define a function run"};
    const QJsonObject axes = o.value(QLatin1String("axes")).toObject();
    if (axes.isEmpty())
        throw Invalid{at + ".axes", "must name the family's axes"};
    for (const QString &k : axes.keys()) {
        if (!axes.value(k).isString())
            throw Invalid{at + ".axes." + k.toStdString(), "must be \"var\" or an expression"};
        f.axes[k.toStdString()] = axes.value(k).toString().toStdString();
        f.axisOrder.push_back(k.toStdString());
    }
    f.inputs = o.value(QLatin1String("inputs")).toObject();
    f.outputs = o.value(QLatin1String("outputs")).toObject();
    if (required && (f.inputs.isEmpty() || f.outputs.isEmpty()))
        throw Invalid{at + (f.inputs.isEmpty() ? ".inputs" : ".outputs"), "must name at least one tensor"};
    checkTensors(f.inputs, at + ".inputs", f);
    checkTensors(f.outputs, at + ".outputs", f);
    for (const QJsonValue &c : o.value(QLatin1String("constraints")).toArray())
        f.constraints.push_back(c.toString().toStdString());
    for (const QJsonValue &t : o.value(QLatin1String("tags")).toArray())
        f.tags.push_back(t.toString().toStdString());
    return f;
}

// A family that `"extends"` an earlier one by its name is that family with
// its own keys in place of the earlier one's (another kernel, a
// configuration): one definition, written the same way for both kernels.
QJsonObject extended(QJsonObject o, const std::map<std::string, QJsonObject> &earlier, const std::string &at)
{
    const QJsonValue base = o.take(QLatin1String("extends"));
    if (base.isUndefined())
        return o;
    const auto it = earlier.find(base.toString().toStdString());
    if (!base.isString() || it == earlier.end())
        throw Invalid{at + ".extends", "must be the name of an earlier family"};
    QJsonObject out = it->second;
    for (auto k = o.begin(); k != o.end(); ++k)
        out.insert(k.key(), k.value());
    return out;
}

} // namespace

DefinitionRules readDefinitionRules(const QByteArray &profileJson, std::string *error)
{
    const QJsonObject root = QJsonDocument::fromJson(profileJson).object().value(QLatin1String("definitions")).toObject();
    DefinitionRules rules;
    try {
        const QJsonObject stage = root.value(QLatin1String("stage")).toObject();
        rules.stageDimension = stage.value(QLatin1String("dimension")).toString().toStdString();
        rules.stageNames = stringMap(stage.value(QLatin1String("values")).toObject(), "definitions.stage.values");
        const QJsonObject quant = root.value(QLatin1String("quantization")).toObject();
        rules.quantizationDimension = quant.value(QLatin1String("dimension")).toString().toStdString();
        rules.quantizationNames = stringMap(quant.value(QLatin1String("values")).toObject(), "definitions.quantization.values");
        rules.shapeCalls = stringMap(root.value(QLatin1String("shape_calls")).toObject(), "definitions.shape_calls");
        for (const auto &[call, size] : rules.shapeCalls)
            if (!isDeploymentSize(size) && size != "page_size")
                throw Invalid{"definitions.shape_calls." + call, "must be \"tp\", \"ep\", \"moe_tp\", \"attention_tp\" or \"page_size\""};
        rules.deploymentSettings
            = stringMap(root.value(QLatin1String("deployment_settings")).toObject(), "definitions.deployment_settings");
        for (const auto &[size, setting] : rules.deploymentSettings)
            if (size != "tp" && size != "ep" && size != "dp_attention" && size != "page_size")
                throw Invalid{"definitions.deployment_settings." + size,
                              "must be \"tp\", \"ep\", \"dp_attention\" or \"page_size\""};
        const QJsonArray checks = root.value(QLatin1String("checks")).toArray();
        for (qsizetype i = 0; i < checks.size(); ++i) {
            const std::string at = "definitions.checks[" + std::to_string(i) + "]";
            const QJsonObject c = checks.at(i).toObject();
            DeploymentCheck check{text(c, "key", at, true), text(c, "divided_by", at, true)};
            if (!isDeploymentSize(check.dividedBy))
                throw Invalid{at + ".divided_by", "must be \"tp\", \"ep\", \"moe_tp\" or \"attention_tp\""};
            rules.checks.push_back(std::move(check));
        }
        for (const QJsonValue &m : root.value(QLatin1String("templates")).toArray()) {
            if (!m.isString() || m.toString().isEmpty())
                throw Invalid{"definitions.templates", "must be a list of module names or globs"};
            rules.templateModules.push_back(m.toString().toStdString());
        }
        for (const QJsonValue &c : root.value(QLatin1String("compute_calls")).toArray()) {
            if (!c.isString() || c.toString().isEmpty())
                throw Invalid{"definitions.compute_calls", "must be a list of qualified names"};
            rules.computeCalls.push_back(c.toString().toStdString());
        }
        rules.computeCategory = root.value(QLatin1String("compute_category")).toString().toStdString();
        if (!rules.computeCalls.empty() && rules.computeCategory.empty())
            throw Invalid{"definitions.compute_category", "must name the kernel category doing the compute calls' work"};
        const QJsonArray families = root.value(QLatin1String("families")).toArray();
        std::map<std::string, QJsonObject> byName; // for "extends"
        for (qsizetype i = 0; i < families.size(); ++i) {
            const std::string at = "definitions.families[" + std::to_string(i) + "]";
            const QJsonObject o = extended(families.at(i).toObject(), byName, at);
            rules.families.push_back(family(o, at));
            if (!rules.families.back().name.empty())
                byName.emplace(rules.families.back().name, o);
        }
    } catch (const Invalid &e) {
        *error = e.key + ": " + e.message;
        return {};
    }
    return rules;
}

} // namespace katlas
