// JSON forms of traces (formats.md §3): `ops --json`, `trace --json` and
// `export --format json`. Keys are stable for scripts.
#pragma once

#include "export/trace_report.h"

#include <QJsonArray>
#include <QJsonObject>

namespace katlas {

QJsonObject pathJson(const CallIndex &index, const KernelPath &path);
QJsonArray pathsJson(const CallIndex &index, const OpPaths &paths);
// {"model": ..., "ops": [{"op", "container", "label", "call_sites", "paths"}]}
QJsonObject opsJson(const TraceSession &session, const TraceReport &report);

} // namespace katlas
