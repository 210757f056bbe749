// The private `.NAME.tmp-PID` files an index is written into before it is
// renamed over NAME: removed when the process is ended by SIGINT, SIGTERM or
// SIGHUP, and, left by a run that was killed outright, by the next run.
#pragma once

#include <QString>

namespace katlas {

// ".NAME.tmp-PID" beside `target`, for this process.
QString tempPathFor(const QString &target);

// While registered, a fatal signal unlinks `path` before the process ends
// (the handler is installed only for signals nobody else handles or ignores).
void registerTempFile(const QString &path);
void unregisterTempFile(const QString &path);

// Removes `.NAME.tmp-PID` files beside `target` whose process is gone.
// Returns how many.
int removeStaleTempFiles(const QString &target);

} // namespace katlas
