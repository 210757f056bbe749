// What every `katlas` command needs: its inputs (database, repos, profile)
// taken from the arguments with clear errors, and the output streams.
#pragma once

#include "cli_args.h"
#include "index/indexer.h"
#include "store/database.h"

#include <QTextStream>

#include <memory>

namespace katlas::cli {

QTextStream &out();
QTextStream &err();

// --profile FILE or a built-in name ("sglang", "demo"); `fallback` when absent.
Profile profileFrom(const Args &args, const QString &fallback);
// Every --repo NAME=PATH; a missing path is a usage error naming it.
std::vector<RepoInput> reposFrom(const Args &args);
// --db FILE opened for reading; a clear failure when it is not an index.
std::unique_ptr<Database> openDatabase(const Args &args);
// The demo's database, indexed first if it does not exist yet.
QString demoDatabase();

} // namespace katlas::cli
