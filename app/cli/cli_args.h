// Command-line arguments of `katlas`: a command, its options (--key value,
// repeatable) and positional words, with clear errors for bad usage.
#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

namespace katlas::cli {

struct Args {
    QString command;
    QStringList positional;
    QMap<QString, QStringList> options; // "--db" -> ["a.db"]
    QStringList flags;                  // "--json"

    QString value(const QString &key, const QString &fallback = {}) const
    {
        const auto it = options.find(key);
        return it == options.end() || it->isEmpty() ? fallback : it->last();
    }
    QStringList values(const QString &key) const { return options.value(key); }
    bool has(const QString &flag) const { return flags.contains(flag) || options.contains(flag); }
};

// Options that take a value; everything else starting with -- is a flag.
Args parseArgs(const QStringList &argv, const QStringList &valueOptions, QString *error);

// Thrown by commands for usage errors (exit code 2) and failures (exit code 1).
struct UsageError {
    QString message;
};
struct CommandFailed {
    QString message;
};

} // namespace katlas::cli
