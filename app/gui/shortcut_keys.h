// The shortcuts of an action: the one the menu shows first, then the
// platform's own for the same command (which may be none, as for
// Preferences on Linux, or a keyboard's Back / Forward keys).
#pragma once

#include <QKeySequence>
#include <QList>

namespace katlas {

inline QList<QKeySequence> shortcutKeys(const QKeySequence &shown, QKeySequence::StandardKey standard)
{
    QList<QKeySequence> keys{shown};
    for (const QKeySequence &k : QKeySequence::keyBindings(standard))
        if (!keys.contains(k))
            keys << k;
    return keys;
}

} // namespace katlas
