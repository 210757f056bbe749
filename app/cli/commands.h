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
int runOpsCommand(const Args &args);
int runTraceCommand(const Args &args);
int runMatrixCommand(const Args &args);
int runExportCommand(const Args &args);
int runVerifyCommand(const Args &args);
int runConfigsCommand(const Args &args);
int runDefinitionsCommand(const Args &args);

} // namespace katlas::cli
