// The flashinfer-bench Definition schema's rules, for the tests that write
// definitions (tst_definitions on fixtures, tst_real_checkout on real code).
#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QStringList>

// The Definition schema's rules (flashinfer-bench's definition.py): every
// field, its type, and the cross-references between them. Empty when valid.
inline QString schemaViolation(const QJsonObject &d)
{
    static const QStringList fields = {"name", "op_type", "tags", "description", "axes", "inputs", "outputs", "reference", "constraints"};
    static const QStringList dtypes = {"float32", "float16", "bfloat16", "float8_e4m3fn", "float8_e5m2", "float4_e2m1",
                                       "int64", "int32", "int16", "int8", "bool"};
    for (const QString &k : d.keys())
        if (!fields.contains(k))
            return "unknown field " + k;
    for (const char *k : {"name", "op_type", "reference"})
        if (!d.value(QLatin1String(k)).isString() || d.value(QLatin1String(k)).toString().isEmpty())
            return QStringLiteral("%1 must be a non-empty string").arg(QLatin1String(k));
    if (d.contains(QLatin1String("description")) && !d.value(QLatin1String("description")).isString())
        return "description must be a string";
    if (!d.value(QLatin1String("reference")).toString().contains(QLatin1String("\ndef run(")))
        return "reference has no top-level run";
    for (const char *k : {"tags", "constraints"}) {
        if (!d.value(QLatin1String(k)).isArray())
            return QStringLiteral("%1 must be a list").arg(QLatin1String(k));
        for (const QJsonValue &v : d.value(QLatin1String(k)).toArray())
            if (!v.isString() || v.toString().isEmpty())
                return QStringLiteral("%1 holds a non-string").arg(QLatin1String(k));
    }
    if (!d.value(QLatin1String("axes")).isObject() || d.value(QLatin1String("axes")).toObject().isEmpty())
        return "axes must be an object";
    const QJsonObject axes = d.value(QLatin1String("axes")).toObject();
    for (auto it = axes.begin(); it != axes.end(); ++it) {
        const QJsonObject a = it.value().toObject();
        const QString type = a.value(QLatin1String("type")).toString();
        if (type == QLatin1String("const")) {
            const QJsonValue v = a.value(QLatin1String("value"));
            if (!v.isDouble() || v.toDouble() != static_cast<double>(v.toInteger()) || v.toInteger() < 0)
                return "axis " + it.key() + ": a const value is a non-negative integer";
        } else if (type != QLatin1String("var") || a.contains(QLatin1String("value"))) {
            return "axis " + it.key() + ": type is const with a value, or var";
        }
    }
    for (const char *k : {"inputs", "outputs"}) {
        if (!d.value(QLatin1String(k)).isObject() || d.value(QLatin1String(k)).toObject().isEmpty())
            return QStringLiteral("%1 must be an object").arg(QLatin1String(k));
        const QJsonObject tensors = d.value(QLatin1String(k)).toObject();
        for (auto it = tensors.begin(); it != tensors.end(); ++it) {
            const QJsonObject t = it.value().toObject();
            if (!dtypes.contains(t.value(QLatin1String("dtype")).toString()))
                return it.key() + ": dtype " + t.value(QLatin1String("dtype")).toString();
            const QJsonValue shape = t.value(QLatin1String("shape"));
            if (!shape.isNull() && !shape.isArray())
                return it.key() + ": shape is a list or null";
            for (const QJsonValue &axis : shape.toArray())
                if (!axes.contains(axis.toString()))
                    return it.key() + ": shape names an undefined axis " + axis.toString();
        }
    }
    for (const QString &in : d.value(QLatin1String("inputs")).toObject().keys())
        if (d.value(QLatin1String("outputs")).toObject().contains(in))
            return "input and output named " + in;
    return {};
}
