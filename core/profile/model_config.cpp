// Model configurations as settings (see model_config.h).
#include "profile/model_config.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <cmath>

namespace katlas {
namespace {

constexpr int kMaxDepth = 4;

std::optional<std::string> scalarText(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Bool:
        return std::string(v.toBool() ? "true" : "false");
    case QJsonValue::Null:
        return std::string("none");
    case QJsonValue::String:
        return v.toString().toStdString();
    case QJsonValue::Double: {
        const double d = v.toDouble();
        if (std::floor(d) == d && std::fabs(d) < 1e15)
            return std::to_string(static_cast<long long>(d));
        return QString::number(d, 'g', 12).toStdString();
    }
    default:
        return std::nullopt; // lists are not settings
    }
}

void flatten(const QJsonObject &o, const std::string &prefix, int depth, ModelSettings &out)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        const std::string key = prefix + "." + it.key().toStdString();
        if (it->isObject()) {
            if (depth < kMaxDepth)
                flatten(it->toObject(), key, depth + 1, out);
        } else if (std::optional<std::string> text = scalarText(*it)) {
            out[key] = *text;
        }
    }
}

int lineAt(const QByteArray &data, int offset)
{
    return 1 + static_cast<int>(std::count(data.begin(), data.begin() + std::min<qsizetype>(offset, data.size()), '\n'));
}

} // namespace

ModelSettings modelSettings(const QJsonObject &config, const std::string &prefix)
{
    ModelSettings out;
    flatten(config, prefix, 0, out);
    out[prefix + "." + kEveryOtherSetting] = kAbsentSetting;
    return out;
}

std::optional<QJsonObject> readModelConfig(const std::string &path, std::string *error)
{
    const QString file = QString::fromStdString(path);
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QCoreApplication::translate("ModelConfig", "%1: cannot read the model configuration (%2)")
                     .arg(file, f.errorString())
                     .toStdString();
        return std::nullopt;
    }
    const QByteArray data = f.readAll();
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(data, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = QCoreApplication::translate("ModelConfig", "%1:%2: not JSON: %3")
                     .arg(file)
                     .arg(lineAt(data, parseError.offset))
                     .arg(parseError.errorString())
                     .toStdString();
        return std::nullopt;
    }
    if (!doc.isObject()) {
        *error = QCoreApplication::translate("ModelConfig", "%1: a config.json holds one JSON object").arg(file).toStdString();
        return std::nullopt;
    }
    return doc.object();
}

std::optional<ModelSettings> readModelSettings(const std::string &path, const std::string &prefix, std::string *error)
{
    const std::optional<QJsonObject> config = readModelConfig(path, error);
    if (!config)
        return std::nullopt;
    return modelSettings(*config, prefix);
}

} // namespace katlas
