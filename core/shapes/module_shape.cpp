// See module_shape.h.
#include "shapes/module_shape.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace katlas {

std::vector<ModuleShapeRule> readModuleShapeRules(const QByteArray &profileJson, std::string *error)
{
    std::vector<ModuleShapeRule> rules;
    const QJsonArray entries = QJsonDocument::fromJson(profileJson).object().value(QLatin1String("module_shapes")).toArray();
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const QJsonObject o = entries.at(i).toObject();
        const std::string at = "module_shapes[" + std::to_string(i) + "]";
        ModuleShapeRule r;
        r.cls = o.value(QLatin1String("class")).toString().toStdString();
        if (r.cls.empty()) {
            *error = at + ".class: must be a class name";
            return {};
        }
        for (const QJsonValue &p : o.value(QLatin1String("params")).toArray())
            r.params.push_back(p.toString().toStdString());
        const QJsonObject divide = o.value(QLatin1String("divide_by")).toObject();
        for (auto it = divide.begin(); it != divide.end(); ++it) {
            const std::string by = it.value().toString().toStdString();
            if (by != "tp" && by != "ep" && by != "attention_tp" && by != "moe_tp") {
                *error = at + ".divide_by." + it.key().toStdString()
                    + ": must be \"tp\", \"ep\", \"attention_tp\" or \"moe_tp\"";
                return {};
            }
            r.divideBy[it.key().toStdString()] = by;
        }
        r.sizeKeyword = o.value(QLatin1String("size_keyword")).toString().toStdString();
        for (const QJsonValue &t : o.value(QLatin1String("totals")).toArray())
            r.totals.push_back(t.toString().toStdString());
        const QJsonObject tensors = o.value(QLatin1String("tensors")).toObject();
        for (auto it = tensors.begin(); it != tensors.end(); ++it) {
            std::vector<std::string> &dims = r.tensors[it.key().toStdString()];
            for (const QJsonValue &d : it.value().toArray())
                dims.push_back(d.toString().toStdString());
            if (dims.empty() || std::any_of(dims.begin(), dims.end(), [&](const std::string &d) {
                    return std::find(r.params.begin(), r.params.end(), d) == r.params.end();
                })) {
                *error = at + ".tensors." + it.key().toStdString() + ": must list parameters of \"params\"";
                return {};
            }
        }
        r.inputDtype = o.value(QLatin1String("input_dtype")).toString().toStdString();
        r.inputLastDim = o.value(QLatin1String("input_last_dim")).toString().toStdString();
        if (!r.inputLastDim.empty() && std::find(r.params.begin(), r.params.end(), r.inputLastDim) == r.params.end()) {
            *error = at + ".input_last_dim: must be a parameter of \"params\"";
            return {};
        }
        rules.push_back(std::move(r));
    }
    return rules;
}

namespace {

// How many GPUs share what a rule divides by `by`.
int shareCount(const std::string &by, const Deployment &d)
{
    if (by == "ep")
        return d.ep;
    if (by == "moe_tp")
        return d.tp / std::max(d.ep, 1);
    if (by == "attention_tp" && d.dpAttention)
        return 1;
    return d.tp;
}

// A list of sizes as the expression of their total: `[a, b]` -> `(a) + (b)`,
// `[a] * 2` -> `((a)) * 2`; other text as it is.
std::string listTotal(const std::string &text)
{
    const size_t open = text.find_first_not_of(' ');
    if (open == std::string::npos || text[open] != '[')
        return text;
    std::vector<std::string> items;
    std::string item;
    int depth = 0;
    size_t close = std::string::npos;
    for (size_t i = open + 1; i < text.size() && close == std::string::npos; ++i) {
        const char c = text[i];
        if (depth == 0 && (c == ',' || c == ']')) {
            if (item.find_first_not_of(' ') != std::string::npos)
                items.push_back("(" + item + ")");
            item.clear();
            if (c == ']')
                close = i;
            continue;
        }
        depth += (c == '(' || c == '[') ? 1 : (c == ')' || c == ']') ? -1 : 0;
        item += c;
    }
    if (close == std::string::npos || items.empty())
        return text;
    std::string sum;
    for (const std::string &i : items)
        sum += (sum.empty() ? "" : " + ") + i;
    return "(" + sum + ")" + text.substr(close + 1);
}

} // namespace

std::map<std::string, ShapeValue> moduleShapes(const ModuleCall &call, const ModuleShapeRule &rule,
                                               const ShapeEnvironment &env, const Deployment &deployment)
{
    std::map<std::string, ShapeValue> out;
    const auto evaluate = [&](const std::string &param, const std::string &text) {
        const bool total = std::find(rule.totals.begin(), rule.totals.end(), param) != rule.totals.end();
        return evaluateShape(total ? listTotal(text) : text, env);
    };
    for (size_t i = 0; i < call.positional.size() && i < rule.params.size(); ++i)
        out[rule.params[i]] = evaluate(rule.params[i], call.positional[i]);
    for (const auto &[name, text] : call.keywords)
        out[name] = evaluate(name, text);
    for (const auto &[param, by] : rule.divideBy) {
        const auto it = out.find(param);
        if (it == out.end())
            continue;
        std::int64_t size = shareCount(by, deployment);
        if (const auto given = out.find(rule.sizeKeyword); by == "tp" && given != out.end() && given->second.known())
            size = *given->second.value;
        if (size <= 1)
            continue;
        ShapeValue &v = it->second;
        if (v.known() && *v.value % size == 0)
            v = ShapeValue::number(*v.value / size);
        else
            v = ShapeValue::symbol((v.text.find(' ') != std::string::npos ? "(" + v.text + ")" : v.text) + " / "
                                   + std::to_string(size));
    }
    return out;
}

} // namespace katlas
