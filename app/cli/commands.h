// The `katlas` commands. Each returns the process exit code; usage errors
// throw UsageError (exit 2), failures CommandFailed (exit 1).
#pragma once

#include "cli_args.h"

namespace katlas::cli {

int runIndexCommand(const Args &args);
int runBenchCommand(const Args &args);
int runStatsCommand(const Args &args);
int runKernelsCommand(const Args &args);
int runCallersCommand(const Args &args, bool callers);
int runCallgraphCommand(const Args &args);

} // namespace katlas::cli
