// See shape_condition_judge.h.
#include "shapes/shape_condition_judge.h"

#include "graph/runtime_condition.h"
#include "shapes/condition_truth.h"
#include "shapes/definition_request.h"
#include "shapes/definition_rules.h"
#include "shapes/filter_deployments.h"
#include "shapes/module_attribute.h"
#include "shapes/path_tensor_binding.h"
#include "shapes/tensor_reshape.h"

#include <algorithm>
#include <charconv>

namespace katlas {
namespace {

bool readsTensor(const std::string &text)
{
    return (text.find(".shape") != std::string::npos || text.find(".dtype") != std::string::npos)
        && readsRuntimeState(text);
}

// A setting's text as the config.json value it came from.
QJsonValue configValue(const std::string &text)
{
    std::int64_t n = 0;
    if (!text.empty() && std::from_chars(text.data(), text.data() + text.size(), n).ptr == text.data() + text.size())
        return QJsonValue(static_cast<qint64>(n));
    if (text == "true" || text == "false")
        return QJsonValue(text == "true");
    return QJsonValue(QString::fromStdString(text));
}

// The config.json the filter's `model.*` settings name (one value each),
// the deployments it leaves possible, and their text as a key.
ShapeConditionJudge::Settings settingsOf(const DimensionFilter &filter, const std::string &prefix,
                                         const std::map<std::string, std::string> &deploymentSettings)
{
    QJsonObject config;
    std::string key;
    for (auto it = filter.allowed().lower_bound(prefix); it != filter.allowed().end(); ++it) {
        if (it->first.rfind(prefix, 0) != 0)
            break;
        const std::string name = it->first.substr(prefix.size());
        if (it->second.size() != 1 || name.find_first_of(".*") != std::string::npos)
            continue; // nested keys and the rest of the config are not sizes the rules read
        config.insert(QString::fromStdString(name), configValue(*it->second.begin()));
        key += name + '=' + *it->second.begin() + '\n';
    }
    std::vector<Deployment> deployments = filterDeployments(filter, deploymentSettings);
    key += deploymentsKey(deployments);
    // The rest of the filter decides the tests a built object's `__init__` makes.
    return {key + '\x1e' + filter.toString(), key, config, std::move(deployments), filter.allowed()};
}

class ShapeJudgement : public PathJudgement {
public:
    ShapeJudgement(const ShapeConditionJudge &judge, ShapeConditionJudge::Settings settings)
        : m_judge(judge), m_settings(std::move(settings))
    {
    }
    bool judge(const std::vector<PathFrame> &frames, PathConditions &conditions) const override
    {
        return m_judge.judge(frames, conditions, m_settings);
    }

private:
    const ShapeConditionJudge &m_judge;
    const ShapeConditionJudge::Settings m_settings;
};

// The frame whose edge brought `text` onto the path.
std::optional<size_t> frameOf(const CallIndex &index, const std::vector<PathFrame> &frames, const std::string &text)
{
    for (size_t k = frames.size(); k-- > 0;)
        for (size_t e : index.edgesOf(frames[k].siteId)) {
            const Edge &edge = index.edge(e);
            if (edge.calleeId != frames[k].calleeId)
                continue;
            for (const Condition &c : edge.conditions)
                if (c.dimension.empty() && c.text == text)
                    return k;
        }
    return std::nullopt;
}

} // namespace

ShapeConditionJudge::ShapeConditionJudge(const CallIndex &index, std::string settingPrefix,
                                         std::vector<ModuleShapeRule> rules,
                                         std::map<std::string, std::string> shapeCalls,
                                         std::map<std::string, std::string> deploymentSettings,
                                         std::vector<DimensionRule> guardRules)
    : m_index(index), m_prefix(std::move(settingPrefix) + '.'), m_rules(std::move(rules)),
      m_shapeCalls(std::move(shapeCalls)), m_deploymentSettings(std::move(deploymentSettings)), m_calls(index),
      m_built(index, m_calls, std::move(guardRules))
{
}

std::unique_ptr<const PathJudgement> ShapeConditionJudge::under(const DimensionFilter &filter) const
{
    const auto it = filter.allowed().lower_bound(m_prefix);
    if (it == filter.allowed().end() || it->first.rfind(m_prefix, 0) != 0)
        return nullptr;
    return std::make_unique<ShapeJudgement>(*this, settingsOf(filter, m_prefix, m_deploymentSettings));
}

const ModuleShapeRule *ShapeConditionJudge::rule(const std::string &cls) const
{
    for (const ModuleShapeRule &r : m_rules)
        if (r.cls == cls)
            return &r;
    return nullptr;
}

std::optional<KnownValue> ShapeConditionJudge::valueOf(const TensorOrigin &origin, ModelShapes &shapes,
                                                       const Settings &settings) const
{
    const QJsonObject &config = settings.config;
    if (origin.kind == TensorOrigin::Kind::Unknown)
        return std::nullopt;
    if (std::optional<KnownValue> attribute = moduleAttribute(shapes, origin))
        return attribute;
    if (origin.kind == TensorOrigin::Kind::OwnMember)
        return std::nullopt;
    if (origin.kind == TensorOrigin::Kind::ModuleMember && origin.rest.empty())
        if (std::optional<KnownValue> v = m_built.value(shapes, settings.dimensions, origin.ownerClass, origin.target, origin.member))
            return v;
    const std::optional<ModuleInstance> instance = shapes.module(origin.ownerClass, origin.target);
    const ModuleShapeRule *r = instance ? rule(instance->cls) : nullptr;
    if (!r)
        return std::nullopt;
    const auto sizeOf = [&](const std::string &param) -> std::optional<KnownValue> {
        const auto size = instance->shapes.find(param);
        if (size == instance->shapes.end() || !size->second.known())
            return std::nullopt;
        return KnownValue::of(*size->second.value);
    };
    const std::optional<long> i = shapeIndex(origin.rest);
    if (origin.kind == TensorOrigin::Kind::ModuleInput) {
        if (i && *i == -1 && !r->inputLastDim.empty())
            return sizeOf(r->inputLastDim);
        const QJsonValue dtype = config.value(QString::fromStdString(r->inputDtype));
        if (origin.rest != ".dtype" || r->inputDtype.empty() || !dtype.isString())
            return std::nullopt;
        return KnownValue::named("torch." + dtype.toString().toStdString());
    }
    const auto tensor = r->tensors.find(origin.member);
    if (tensor == r->tensors.end() || !i)
        return std::nullopt;
    const long rank = static_cast<long>(tensor->second.size());
    const long at = *i < 0 ? rank + *i : *i;
    if (at < 0 || at >= rank)
        return std::nullopt;
    return sizeOf(tensor->second[static_cast<size_t>(at)]);
}

const std::vector<std::optional<KnownValue>> &ShapeConditionJudge::values(const TensorOrigin &origin,
                                                                         const Settings &settings) const
{
    const std::string key = settings.key + '\x1f' + std::to_string(int(origin.kind)) + origin.ownerClass + '|'
        + origin.target + '|' + origin.member + '|' + origin.rest;
    if (const auto it = m_values.find(key); it != m_values.end())
        return it->second;
    std::vector<std::optional<KnownValue>> out;
    for (const std::unique_ptr<ModelShapes> &shapes : shapesFor(settings))
        out.push_back(valueOf(origin, *shapes, settings));
    return m_values.emplace(key, std::move(out)).first->second;
}

std::vector<std::unique_ptr<ModelShapes>> &ShapeConditionJudge::shapesFor(const Settings &settings) const
{
    std::vector<std::unique_ptr<ModelShapes>> &variants = m_shapes[settings.shapesKey];
    if (variants.empty())
        for (const Deployment &d : settings.deployments)
            variants.push_back(std::make_unique<ModelShapes>(m_index, std::vector<std::string>{}, settings.config, d, m_rules,
                                                             m_shapeCalls, m_inits));
    return variants;
}

std::optional<bool> ShapeConditionJudge::testOnModule(const std::vector<PathFrame> &frames, size_t frame,
                                                      const std::string &test, ModelShapes &shapes) const
{
    return conditionTruth(test, [&](const std::string &expression) -> std::optional<KnownValue> {
        const TensorOrigin origin = tensorOrigin(m_index, m_calls, frames, frame, expression);
        if (origin.kind != TensorOrigin::Kind::ModuleMember || !origin.rest.empty())
            return std::nullopt;
        const std::optional<std::string> text = shapes.memberText(origin.ownerClass, origin.target, origin.member);
        if (text == "True" || text == "False")
            return KnownValue::truthOf(*text == "True");
        return std::nullopt;
    });
}

TensorOrigin ShapeConditionJudge::originOf(const std::vector<PathFrame> &frames, size_t frame,
                                          const std::string &expression, const Settings &settings) const
{
    // A local of a function on the way: the one of its assignments that can
    // run, their tests read on the module whose method it is (`if
    // self.input_is_parallel: input_parallel = input_`, the flag as the
    // module's building call passes it), as a name it stands for or a
    // reshaped tensor (`input_2d = input.view(-1, input.shape[-1])`).
    const LocalReading locals = [&](size_t k, const std::string &read) -> std::optional<std::string> {
        const auto [local, rest] = splitName(read);
        const std::optional<SourceFunction> fn = m_calls.function(frames[k].callerId);
        if (!fn)
            return std::nullopt;
        const auto made = fn->assignments.find(local);
        if (made == fn->assignments.end())
            return std::nullopt;
        const SourceAssignment *live = nullptr;
        for (const SourceAssignment &a : made->second) {
            const bool dead = std::any_of(a.tests.begin(), a.tests.end(), [&](const auto &test) {
                const std::optional<bool> holds
                    = testOnModule(frames, k, test.first, *shapesFor(settings).front());
                return holds && *holds != test.second;
            });
            if (dead)
                continue;
            if (live)
                return std::nullopt; // two may run
            live = &a;
        }
        if (!live)
            return std::nullopt;
        if (std::optional<std::string> size = reshapedSize(live->value, rest))
            return size;
        if (splitName(live->value).first == live->value)
            return live->value + rest;
        return std::nullopt;
    };
    return tensorOrigin(m_index, m_calls, frames, frame, expression, locals);
}

std::optional<bool> ShapeConditionJudge::decide(const std::vector<PathFrame> &frames, size_t frame,
                                                const std::string &text, const Settings &settings) const
{
    std::string key = settings.key + '\x1f' + text + '\x1f';
    for (size_t k = 0; k <= frame; ++k)
        key += std::to_string(frames[k].siteId) + ':' + std::to_string(frames[k].calleeId) + ' ';
    std::lock_guard lock(m_mutex);
    if (const auto it = m_decided.find(key); it != m_decided.end())
        return it->second;
    auto parsed = m_parsed.find(text);
    if (parsed == m_parsed.end())
        parsed = m_parsed.emplace(text, parseGuardExpression(text)).first;
    // Where what the text reads comes from, then its value under each
    // deployment; nothing of a module's: undecided.
    std::map<std::string, const std::vector<std::optional<KnownValue>> *> read;
    conditionTruth(parsed->second, [&](const std::string &expression) -> std::optional<KnownValue> {
        if (!read.count(expression)) {
            const TensorOrigin origin = originOf(frames, frame, expression, settings);
            read[expression] = origin.kind == TensorOrigin::Kind::Unknown ? nullptr : &values(origin, settings);
        }
        return std::nullopt;
    });
    std::optional<bool> agreed;
    if (std::any_of(read.begin(), read.end(), [](const auto &r) { return r.second != nullptr; }))
        for (size_t v = 0; v < settings.deployments.size(); ++v) {
            const std::optional<bool> truth = conditionTruth(parsed->second, [&](const std::string &expression) {
                const auto it = read.find(expression);
                return it == read.end() || !it->second ? std::nullopt : (*it->second)[v];
            });
            if (!truth || (v > 0 && truth != agreed)) {
                agreed.reset();
                break;
            }
            agreed = truth;
        }
    m_decided.emplace(std::move(key), agreed);
    return agreed;
}

bool ShapeConditionJudge::judge(const std::vector<PathFrame> &frames, PathConditions &conditions,
                                const Settings &settings) const
{
    for (const auto &[text, truth] : conditions.guardTexts()) {
        if (!readsTensor(text) && text.find("self.") == std::string::npos)
            continue;
        const std::optional<size_t> frame = frameOf(m_index, frames, text);
        if (!frame)
            continue;
        const std::optional<bool> holds = decide(frames, *frame, text, settings);
        if (!holds)
            continue;
        if (*holds != truth)
            return false;
        conditions.settle(text);
    }
    return true;
}

std::shared_ptr<const PathJudge> shapeConditionJudge(const CallIndex &index, const Profile &profile)
{
    const SettingsRule *settings = profile.modelConfigRule();
    if (!settings)
        return nullptr;
    const QByteArray json = definitionsProfile(profile);
    std::string error;
    std::vector<ModuleShapeRule> rules = readModuleShapeRules(json, &error);
    const DefinitionRules definitions = error.empty() ? readDefinitionRules(json, &error) : DefinitionRules{};
    if (!error.empty() || rules.empty())
        return nullptr;
    return std::make_shared<ShapeConditionJudge>(index, settings->prefix, std::move(rules), definitions.shapeCalls,
                                                 definitions.deploymentSettings, profile.dimensionRules);
}

} // namespace katlas
