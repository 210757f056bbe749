// Parsing of `katlas` arguments (see cli_args.h).
#include "cli_args.h"

#include <QCoreApplication>

namespace katlas::cli {

Args parseArgs(const QStringList &argv, const QStringList &valueOptions, QString *error)
{
    Args a;
    for (int i = 0; i < argv.size(); ++i) {
        QString word = argv[i];
        if (word.startsWith(QLatin1String("--"))) {
            QString inlineValue;
            const qsizetype eq = word.indexOf(QLatin1Char('='));
            const bool hasInline = eq > 0 && valueOptions.contains(word.left(eq));
            if (hasInline) {
                inlineValue = word.mid(eq + 1);
                word = word.left(eq);
            }
            if (valueOptions.contains(word)) {
                if (!hasInline && i + 1 >= argv.size()) {
                    *error = QCoreApplication::translate("Cli", "option %1 needs a value").arg(word);
                    return a;
                }
                a.options[word] << (hasInline ? inlineValue : argv[++i]);
            } else {
                a.flags << word;
            }
        } else if (word == QLatin1String("-o") && i + 1 < argv.size()) {
            a.options[QStringLiteral("-o")] << argv[++i];
        } else if (a.command.isEmpty()) {
            a.command = word;
        } else {
            a.positional << word;
        }
    }
    return a;
}

} // namespace katlas::cli
