// Loading and validating a profile from JSON, with errors that name the
// file, line and key at fault (see profile.h and docs/profile.md).
#include "profile/profile.h"
#include "profile/model_config.h"

#include "profile/builtin_resources.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace katlas {
namespace {


struct ProfileInvalid {
    QString key;
    QString message;
};

// Reads a profile and throws ProfileInvalid on the first problem.
class ProfileReader {
public:
    explicit ProfileReader(Profile &p) : m_p(p) {}

    SettingsRule settingsRule(const QJsonObject &obj, const QString &key)
    {
        SettingsRule r;
        const int kinds = int(obj.contains(QLatin1String("class"))) + int(obj.contains(QLatin1String("env_reader")))
            + int(obj.contains(QLatin1String("config_annotation")));
        if (kinds != 1)
            throw ProfileInvalid{key, QCoreApplication::translate("Profile", "needs exactly one of class, env_reader, config_annotation")};
        if (obj.contains(QLatin1String("class"))) {
            r.name = str(obj, "class", key + ".class", true);
        } else if (obj.contains(QLatin1String("config_annotation"))) {
            r.kind = SettingsRule::Kind::Config;
            r.name = str(obj, "config_annotation", key + ".config_annotation", true);
        } else {
            r.kind = SettingsRule::Kind::EnvReader;
            r.name = str(obj, "env_reader", key + ".env_reader", true);
            r.defaultValue = str(obj, "default", key + ".default");
            const QJsonValue arg = obj.value(QLatin1String("default_arg"));
            if (!arg.isUndefined() && (!arg.isDouble() || arg.toInt(-1) < 1))
                throw ProfileInvalid{key + ".default_arg", QCoreApplication::translate("Profile", "must be a whole number of at least 1")};
            r.defaultArg = arg.toInt(1);
        }
        r.prefix = str(obj, "prefix", key + ".prefix", true);
        return r;
    }

    // "values": {"sm90": [9, 0], "sm100": 100}: whole numbers or lists of them.
    static DimensionValueRule dimensionValueRule(const QJsonObject &obj, const QString &key)
    {
        DimensionValueRule r;
        r.callText = str(obj, "call", key + ".call", true);
        r.call = regex(r.callText, key + ".call");
        r.dimension = str(obj, "dimension", key + ".dimension", true);
        r.evidence = str(obj, "evidence", key + ".evidence");
        const QJsonObject values = obj.value(QLatin1String("values")).toObject();
        if (values.isEmpty())
            throw ProfileInvalid{key + ".values", QCoreApplication::translate("Profile", "must map dimension values to numbers")};
        for (auto it = values.begin(); it != values.end(); ++it) {
            const QJsonArray parts = it->isArray() ? it->toArray() : QJsonArray{*it};
            std::string text;
            for (const QJsonValue &part : parts) {
                if (!part.isDouble() || part.toDouble() != double(part.toInteger()))
                    throw ProfileInvalid{key + ".values." + it.key(),
                                         QCoreApplication::translate("Profile", "must be a whole number or a list of them")};
                text += (text.empty() ? "" : ",") + std::to_string(part.toInteger());
            }
            if (text.empty())
                throw ProfileInvalid{key + ".values." + it.key(),
                                     QCoreApplication::translate("Profile", "must be a whole number or a list of them")};
            r.values.emplace_back(it.key().toStdString(), text);
        }
        return r;
    }

    void read(const QJsonObject &root)
    {
        static const QStringList known = {"profile", "name", "repos", "call_methods", "pass_through", "plain_external_classes", "not_none_results", "kernels", "launches", "categories",
                                          "default_category", "registries", "dimensions", "dimension_rules", "dimension_values", "settings", "derived",
                                          "models", "default_model", "extra_entries", "description",
                                          "configurations", "implications", "checkpoints", "module_shapes", "definitions", "startup"};
        for (const QString &k : root.keys())
            if (!known.contains(k))
                throw ProfileInvalid{k, QCoreApplication::translate("Profile", "unknown key")};
        if (!root.contains(QLatin1String("profile")) || root.value(QLatin1String("profile")).toInt() != 1)
            throw ProfileInvalid{"profile", QCoreApplication::translate("Profile", "must be 1 (the format version)")};
        m_p.name = str(root, "name", "name", true);
        for (const auto &[obj, key] : objects(root, "repos")) {
            RepoRule r;
            r.name = str(obj, "name", key + ".name", true);
            r.packageRoots = strings(obj, "package_roots", key + ".package_roots");
            if (r.packageRoots.empty())
                r.packageRoots = {"."};
            r.include = strings(obj, "include", key + ".include");
            r.exclude = strings(obj, "exclude", key + ".exclude");
            for (const char *d : {"**/test/**", "**/tests/**", "**/docs/**", "**/benchmark/**"})
                r.exclude.push_back(d);
            m_p.repos.push_back(std::move(r));
        }
        m_p.callMethods = strings(root, "call_methods", "call_methods");
        if (m_p.callMethods.empty())
            m_p.callMethods = {"forward"};
        m_p.passThrough = strings(root, "pass_through", "pass_through");
        m_p.plainExternalClasses = strings(root, "plain_external_classes", "plain_external_classes");
        m_p.notNoneResults = strings(root, "not_none_results", "not_none_results");
        for (const auto &[obj, key] : objects(root, "kernels")) {
            KernelRule k;
            k.source = str(obj, "source", key + ".source", true);
            k.modulePrefix = str(obj, "module_prefix", key + ".module_prefix");
            k.decorator = str(obj, "decorator", key + ".decorator");
            k.callPrefix = str(obj, "call_prefix", key + ".call_prefix");
            k.publicOnly = boolean(obj, "public_only", key + ".public_only", true);
            k.nameDepth = count(obj, "name_depth", key + ".name_depth", 2);
            const int matchers = !k.modulePrefix.empty() + !k.decorator.empty() + !k.callPrefix.empty();
            if (matchers != 1)
                throw ProfileInvalid{key, QCoreApplication::translate("Profile", "needs exactly one of module_prefix, decorator, call_prefix")};
            m_p.kernels.push_back(std::move(k));
        }
        readLaunches(root);
        for (const auto &[obj, key] : objects(root, "categories")) {
            CategoryRule c;
            c.category = str(obj, "category", key + ".category", true);
            c.patternText = str(obj, "pattern", key + ".pattern", true);
            c.pattern = regex(c.patternText, key + ".pattern");
            m_p.categories.push_back(std::move(c));
        }
        const std::string def = str(root, "default_category", "default_category");
        if (!def.empty())
            m_p.defaultCategory = def;
        for (const auto &[obj, key] : objects(root, "registries")) {
            RegistryRule r;
            const std::string kind = str(obj, "kind", key + ".kind", true);
            if (kind == "decorator")
                r.kind = RegistryRule::Kind::Decorator;
            else if (kind == "dict")
                r.kind = RegistryRule::Kind::Dict;
            else
                throw ProfileInvalid{key + ".kind", QCoreApplication::translate("Profile", "must be \"decorator\" or \"dict\"")};
            r.name = str(obj, "name", key + ".name", true);
            r.lookup = str(obj, "lookup", key + ".lookup", false);
            // A lookup's keys need not be values of any dimension (`("deepep_ll",
            // "deep_gemm")`): its registry may name none.
            r.dimension = str(obj, "dimension", key + ".dimension", r.lookup.empty());
            if (!r.lookup.empty() && r.kind != RegistryRule::Kind::Decorator)
                throw ProfileInvalid{key + ".lookup", QCoreApplication::translate("Profile", "only a decorator registry has a lookup")};
            m_p.registries.push_back(std::move(r));
        }
        for (const auto &[obj, key] : objects(root, "dimensions")) {
            Dimension d;
            d.key = str(obj, "key", key + ".key", true);
            d.label = str(obj, "label", key + ".label");
            if (d.label.empty())
                d.label = d.key;
            for (const QString &k : obj.keys())
                if (k.startsWith(QLatin1String("label_")))
                    d.translatedLabels[k.mid(6).toStdString()] = str(obj, k.toLatin1().constData(), key + "." + k);
            d.values = strings(obj, "values", key + ".values");
            d.setting = str(obj, "setting", key + ".setting");
            if (const std::string group = str(obj, "group", key + ".group"); !group.empty()) {
                static const std::set<std::string> groups{"hardware", "model", "backends", "stage", "other"};
                if (!groups.count(group))
                    throw ProfileInvalid{key + ".group", QCoreApplication::translate("Profile", "is not one of hardware, model, backends, stage, other")};
                d.group = group;
            }
            m_p.dimensions.push_back(std::move(d));
        }
        for (const auto &[obj, key] : objects(root, "dimension_rules")) {
            DimensionRule r;
            const int targets = int(obj.contains(QLatin1String("guard"))) + int(obj.contains(QLatin1String("function")))
                + int(obj.contains(QLatin1String("symbol")));
            if (targets != 1)
                throw ProfileInvalid{key, QCoreApplication::translate("Profile", "needs exactly one of guard, function, symbol")};
            const QString field = obj.contains(QLatin1String("guard")) ? QStringLiteral("guard")
                : obj.contains(QLatin1String("function"))              ? QStringLiteral("function")
                                                                       : QStringLiteral("symbol");
            r.target = field == QLatin1String("guard") ? DimensionRule::Target::Guard
                : field == QLatin1String("function")   ? DimensionRule::Target::Function
                                                       : DimensionRule::Target::Symbol;
            r.patternText = str(obj, field.toLatin1().constData(), key + "." + field, true);
            r.pattern = regex(r.patternText, key + "." + field);
            r.dimension = str(obj, "dimension", key + ".dimension", true);
            r.value = str(obj, "value", key + ".value", true);
            m_p.dimensionRules.push_back(std::move(r));
        }
        for (const auto &[obj, key] : objects(root, "dimension_values"))
            m_p.dimensionValues.push_back(dimensionValueRule(obj, key));
        for (const auto &[obj, key] : objects(root, "settings"))
            m_p.settings.push_back(settingsRule(obj, key));
        for (const auto &[obj, key] : objects(root, "derived")) {
            DerivedRule r;
            r.dimension = str(obj, "dimension", key + ".dimension", true);
            r.functionsText = str(obj, "functions", key + ".functions", true);
            r.functions = regex(r.functionsText, key + ".functions");
            r.keyDimension = str(obj, "key_dimension", key + ".key_dimension", true);
            if (const std::string k = str(obj, "key", key + ".key"); !k.empty())
                r.key = k;
            r.valueText = str(obj, "value", key + ".value", true);
            r.value = regex(r.valueText, key + ".value");
            if (const std::string f = str(obj, "value_format", key + ".value_format"); !f.empty())
                r.valueFormat = f;
            r.defaultKey = str(obj, "default_key", key + ".default_key");
            m_p.derived.push_back(std::move(r));
        }
        readCheckpoints(root);
        for (const auto &[obj, key] : objects(root, "configurations")) {
            Configuration c;
            c.name = str(obj, "name", key + ".name", true);
            if (c.name.empty() || m_p.configuration(c.name))
                throw ProfileInvalid{key + ".name", QCoreApplication::translate("Profile", "must be a name no other configuration has")};
            c.description = str(obj, "description", key + ".description");
            for (const QString &k : obj.keys())
                if (k.startsWith(QLatin1String("label_")))
                    c.translatedLabels[k.mid(6).toStdString()] = str(obj, k.toLatin1().constData(), key + "." + k);
                else if (!QStringList{"name", "description", "assignment", "settings", "checkpoint"}.contains(k))
                    throw ProfileInvalid{key + "." + k, QCoreApplication::translate("Profile", "unknown key")};
            c.assignment = assignment(obj, "assignment", key + ".assignment", true);
            // Settings the deployment passes (`"server.tp_size": "8"`), as a filter names them.
            const QJsonObject settings = obj.value(QLatin1String("settings")).toObject();
            for (auto it = settings.begin(); it != settings.end(); ++it) {
                if (!it->isString() || !it.key().contains(QLatin1Char('.')))
                    throw ProfileInvalid{key + ".settings." + it.key(),
                                         QCoreApplication::translate("Profile", "must be \"prefix.name\": \"value\"")};
                c.assignment[it.key().toStdString()] = {it->toString().toStdString()};
            }
            c.checkpoint = str(obj, "checkpoint", key + ".checkpoint");
            if (!c.checkpoint.empty())
                for (const auto &[setting, value] : checkpointSettings(c.checkpoint, key + ".checkpoint"))
                    c.assignment[setting] = {value};
            m_p.configurations.push_back(std::move(c));
        }
        for (const auto &[obj, key] : objects(root, "implications")) {
            Implication i;
            i.when = assignment(obj, "if", key + ".if", true);
            if (i.when.empty())
                throw ProfileInvalid{key + ".if", QCoreApplication::translate("Profile", "must name a dimension")};
            // A consequence may also be a setting ("server.x": "true"), which
            // the effective filter then holds to that value where the filter
            // does not name it.
            i.then = assignment(obj, "then", key + ".then", true, true);
            for (const auto &[dimension, values] : i.then)
                if (i.when.count(dimension))
                    throw ProfileInvalid{key + ".then." + QString::fromStdString(dimension),
                                         QCoreApplication::translate("Profile", "names a dimension of \"if\"")};
            i.evidence = str(obj, "evidence", key + ".evidence");
            m_p.implications.push_back(std::move(i));
        }
        for (const auto &[obj, key] : objects(root, "models")) {
            ModelEntry m;
            m.model = str(obj, "model", key + ".model", true);
            m.label = str(obj, "label", key + ".label");
            m.repo = str(obj, "repo", key + ".repo");
            m.function = str(obj, "function", key + ".function", true);
            m.modelModules = strings(obj, "model_modules", key + ".model_modules");
            m.containers = strings(obj, "containers", key + ".containers");
            m.checkpoint = str(obj, "checkpoint", key + ".checkpoint");
            if (!m.checkpoint.empty())
                checkpointSettings(m.checkpoint, key + ".checkpoint");
            m_p.models.push_back(std::move(m));
        }
        m_p.defaultModel = str(root, "default_model", "default_model");
        if (m_p.defaultModel.empty() && !m_p.models.empty())
            m_p.defaultModel = m_p.models.front().model;
        if (!m_p.defaultModel.empty() && !m_p.model(m_p.defaultModel))
            throw ProfileInvalid{"default_model", QCoreApplication::translate("Profile", "names no model of \"models\"")};
        for (const auto &[obj, key] : objects(root, "extra_entries")) {
            ExtraEntry e;
            e.name = str(obj, "name", key + ".name", true);
            e.group = str(obj, "group", key + ".group");
            e.function = str(obj, "function", key + ".function", true);
            e.runsIn = assignment(obj, "runs_in", key + ".runs_in", false);
            m_p.extraEntries.push_back(std::move(e));
        }
        for (const auto &[obj, key] : objects(root, "startup"))
            m_p.startup.push_back(str(obj, "function", key + ".function", true));
    }

private:
    static std::string str(const QJsonObject &o, const char *name, const QString &key, bool required = false)
    {
        const QJsonValue v = o.value(QLatin1String(name));
        if (v.isUndefined()) {
            if (required)
                throw ProfileInvalid{key, QCoreApplication::translate("Profile", "is required")};
            return {};
        }
        if (!v.isString())
            throw ProfileInvalid{key, QCoreApplication::translate("Profile", "must be a string")};
        return v.toString().toStdString();
    }

    static bool boolean(const QJsonObject &o, const char *name, const QString &key, bool fallback)
    {
        const QJsonValue v = o.value(QLatin1String(name));
        if (v.isUndefined())
            return fallback;
        if (!v.isBool())
            throw ProfileInvalid{key, QCoreApplication::translate("Profile", "must be true or false")};
        return v.toBool();
    }

    // A whole number of at least 1.
    static int count(const QJsonObject &o, const char *name, const QString &key, int fallback)
    {
        const QJsonValue v = o.value(QLatin1String(name));
        if (v.isUndefined())
            return fallback;
        if (!v.isDouble() || v.toDouble() != double(v.toInt(-1)) || v.toInt(-1) < 1)
            throw ProfileInvalid{key, QCoreApplication::translate("Profile", "must be a whole number of at least 1")};
        return v.toInt();
    }

    void readLaunches(const QJsonObject &root)
    {
        if (!root.contains(QLatin1String("launches")))
            return;
        if (!root.value(QLatin1String("launches")).isObject())
            throw ProfileInvalid{"launches", QCoreApplication::translate("Profile", "must be an object")};
        const QJsonObject o = root.value(QLatin1String("launches")).toObject();
        static const QStringList known = {"call_prefixes", "decorators", "calls", "helpers"};
        for (const QString &k : o.keys())
            if (!known.contains(k))
                throw ProfileInvalid{"launches." + k, QCoreApplication::translate("Profile", "unknown key")};
        LaunchRules &l = m_p.launches;
        l.enabled = true;
        l.callPrefixes = strings(o, "call_prefixes", "launches.call_prefixes");
        l.decorators = strings(o, "decorators", "launches.decorators");
        l.callTexts = strings(o, "calls", "launches.calls");
        for (size_t i = 0; i < l.callTexts.size(); ++i)
            l.calls.push_back(regex(l.callTexts[i], QStringLiteral("launches.calls[%1]").arg(i)));
        l.helperTexts = strings(o, "helpers", "launches.helpers");
        for (size_t i = 0; i < l.helperTexts.size(); ++i)
            l.helpers.push_back(regex(l.helperTexts[i], QStringLiteral("launches.helpers[%1]").arg(i)));
    }

    static std::vector<std::string> strings(const QJsonObject &o, const char *name, const QString &key)
    {
        const QJsonValue v = o.value(QLatin1String(name));
        if (v.isUndefined())
            return {};
        if (!v.isArray())
            throw ProfileInvalid{key, QCoreApplication::translate("Profile", "must be a list of strings")};
        std::vector<std::string> out;
        const QJsonArray arr = v.toArray();
        for (qsizetype i = 0; i < arr.size(); ++i) {
            if (!arr[i].isString())
                throw ProfileInvalid{key + QStringLiteral("[%1]").arg(i), QCoreApplication::translate("Profile", "must be a string")};
            out.push_back(arr[i].toString().toStdString());
        }
        return out;
    }

    // The model settings of the checkpoint named `name` in "checkpoints"
    // ([{"name": ..., "config": {config.json}}]), under the prefix of the
    // profile's config settings rule.
    void readCheckpoints(const QJsonObject &root)
    {
        const SettingsRule *rule = m_p.modelConfigRule();
        for (const auto &[obj, key] : objects(root, "checkpoints")) {
            if (!rule)
                throw ProfileInvalid{key, QCoreApplication::translate("Profile", "needs a settings rule with config_annotation")};
            const std::string name = str(obj, "name", key + ".name", true);
            if (name.empty() || m_p.checkpoints.count(name))
                throw ProfileInvalid{key + ".name", QCoreApplication::translate("Profile", "must be a name no other checkpoint has")};
            if (!obj.value(QLatin1String("config")).isObject())
                throw ProfileInvalid{key + ".config", QCoreApplication::translate("Profile", "must be an object (a model's config.json)")};
            m_p.checkpoints[name] = modelSettings(obj.value(QLatin1String("config")).toObject(), rule->prefix);
        }
    }

    const ModelSettings &checkpointSettings(const std::string &name, const QString &key) const
    {
        const auto it = m_p.checkpoints.find(name);
        if (it == m_p.checkpoints.end())
            throw ProfileInvalid{key, QCoreApplication::translate("Profile", "names no checkpoint of \"checkpoints\"")};
        return it->second;
    }

    // "prefix.name" with the prefix of one of the settings rules ("server.x").
    bool isSetting(const std::string &name) const
    {
        const size_t dot = name.find('.');
        return dot != std::string::npos && dot + 1 < name.size()
            && std::any_of(m_p.settings.begin(), m_p.settings.end(),
                           [&](const SettingsRule &r) { return r.prefix == name.substr(0, dot); });
    }

    // {"dimension": "value" | ["value", ...]}: dimensions of the profile with
    // values it knows (any value when a dimension lists none).
    std::map<std::string, std::set<std::string>> assignment(const QJsonObject &o, const char *name, const QString &key,
                                                            bool required, bool settingsToo = false) const
    {
        const QJsonValue v = o.value(QLatin1String(name));
        if (v.isUndefined() && !required)
            return {};
        if (!v.isObject() || v.toObject().isEmpty())
            throw ProfileInvalid{key, QCoreApplication::translate("Profile", "must be an object of dimension: value or [values]")};
        std::map<std::string, std::set<std::string>> out;
        const QJsonObject obj = v.toObject();
        for (auto it = obj.begin(); it != obj.end(); ++it) {
            const QString at = key + QLatin1Char('.') + it.key();
            const Dimension *d = m_p.dimension(it.key().toStdString());
            if (!d && settingsToo && isSetting(it.key().toStdString()) && it->isString()) {
                out[it.key().toStdString()] = {it->toString().toStdString()};
                continue;
            }
            if (!d)
                throw ProfileInvalid{at, QCoreApplication::translate("Profile", "is not a dimension of \"dimensions\"")};
            std::vector<std::string> values;
            if (it->isString())
                values = {it->toString().toStdString()};
            else
                values = strings(obj, it.key().toLatin1().constData(), at);
            if (values.empty())
                throw ProfileInvalid{at, QCoreApplication::translate("Profile", "needs a value")};
            for (const std::string &value : values) {
                if (!d->values.empty() && std::find(d->values.begin(), d->values.end(), value) == d->values.end()) {
                    QStringList known;
                    for (const std::string &k : d->values)
                        known << QString::fromStdString(k);
                    throw ProfileInvalid{at, QCoreApplication::translate("Profile", "unknown value '%1' (known: %2)")
                                                 .arg(QString::fromStdString(value), known.join(QStringLiteral(", ")))};
                }
                out[d->key].insert(value);
            }
        }
        return out;
    }

    static std::vector<std::pair<QJsonObject, QString>> objects(const QJsonObject &o, const char *name)
    {
        const QJsonValue v = o.value(QLatin1String(name));
        if (v.isUndefined())
            return {};
        if (!v.isArray())
            throw ProfileInvalid{name, QCoreApplication::translate("Profile", "must be a list of objects")};
        std::vector<std::pair<QJsonObject, QString>> out;
        const QJsonArray arr = v.toArray();
        for (qsizetype i = 0; i < arr.size(); ++i) {
            const QString key = QStringLiteral("%1[%2]").arg(QLatin1String(name)).arg(i);
            if (!arr[i].isObject())
                throw ProfileInvalid{key, QCoreApplication::translate("Profile", "must be an object")};
            out.emplace_back(arr[i].toObject(), key);
        }
        return out;
    }

    static ProfilePattern regex(const std::string &text, const QString &key)
    {
        ProfilePattern pattern(text);
        if (!pattern.isValid())
            throw ProfileInvalid{key, QCoreApplication::translate("Profile", "is not a valid regular expression: %1").arg(pattern.errorString())};
        return pattern;
    }

    Profile &m_p;
};

int lineOfOffset(const QByteArray &json, qsizetype offset)
{
    return 1 + static_cast<int>(json.left(offset).count('\n'));
}

// The line of a key path such as "repos[1].package_roots": each component's
// quoted name is searched after the previous one's position; list indexes
// skip that many opening braces.
int lineOfKey(const QByteArray &json, const QString &key)
{
    qsizetype pos = 0;
    for (const QString &part : key.split(QLatin1Char('.'))) {
        QString name = part;
        int index = -1;
        if (const qsizetype b = part.indexOf(QLatin1Char('[')); b >= 0) {
            name = part.left(b);
            index = part.mid(b + 1).chopped(1).toInt();
        }
        const qsizetype at = json.indexOf("\"" + name.toUtf8() + "\"", pos);
        if (at < 0)
            break;
        pos = at + name.size() + 2;
        for (int i = 0; i <= index; ++i) {
            const qsizetype brace = json.indexOf('{', pos);
            if (brace < 0)
                break;
            pos = brace + 1;
        }
    }
    return lineOfOffset(json, pos);
}

} // namespace

QString ProfileError::toString() const
{
    QString out = file + QLatin1Char(':') + QString::number(line) + QStringLiteral(": ");
    if (!key.isEmpty())
        out += key + QStringLiteral(": ");
    return out + message;
}

std::optional<Profile> parseProfile(const QByteArray &json, const QString &fileName, ProfileError *error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        if (error)
            *error = {fileName, lineOfOffset(json, parseError.offset), {},
                      doc.isObject() || parseError.error != QJsonParseError::NoError
                          ? QCoreApplication::translate("Profile", "invalid JSON: %1").arg(parseError.errorString())
                          : QCoreApplication::translate("Profile", "a profile must be a JSON object")};
        return std::nullopt;
    }
    Profile p;
    try {
        ProfileReader(p).read(doc.object());
    } catch (const ProfileInvalid &bad) {
        if (error)
            *error = {fileName, lineOfKey(json, bad.key), bad.key, bad.message};
        return std::nullopt;
    }
    p.sourceText = json.toStdString();
    return p;
}

std::optional<Profile> loadProfile(const QString &path, ProfileError *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = {path, 0, {}, QCoreApplication::translate("Profile", "cannot be read: %1").arg(file.errorString())};
        return std::nullopt;
    }
    return parseProfile(file.readAll(), path, error);
}

QStringList builtinProfileNames()
{
    ensureBuiltinResources();
    QStringList names;
    for (const QString &file : QDir(QStringLiteral(":/katlas/profiles")).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        names << file.chopped(5);
    names << QStringLiteral("demo");
    return names;
}

std::optional<Profile> loadBuiltinProfile(const QString &name, ProfileError *error)
{
    ensureBuiltinResources();
    const QString path = name == QLatin1String("demo") ? QStringLiteral(":/katlas/demo/profile.json")
                                                       : QStringLiteral(":/katlas/profiles/%1.json").arg(name);
    return loadProfile(path, error);
}

} // namespace katlas
