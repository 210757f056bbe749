// What every `katlas` command needs: its inputs (database, repos, profile)
// taken from the arguments with clear errors, and the output streams.
#pragma once

#include "cli_args.h"
#include "index/indexer.h"
#include "shapes/module_shape.h"
#include "store/database.h"
#include "trace/dimension_filter.h"

#include <QJsonObject>
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
// --config NAME (a preset of the profile) narrowed by --filter: on a dimension
// both set, the filter's values win. Unknown names and malformed filters are
// usage errors.
// A deployment that names no checkpoint (no model setting, no --config with
// one, no --hf-config) runs the model's default checkpoint; `--checkpoint
// NAME` names another of the profile's, `--checkpoint none` assumes none.
// `checkpoint` receives the one assumed or named, if any.
DimensionFilter filterFrom(const Args &args, const Profile &profile, std::string *checkpoint = nullptr);
// The filter with a config.json's values as model settings (profile settings rule
// with config_annotation), replacing those of a configuration's checkpoint.
DimensionFilter withModelConfig(DimensionFilter filter, const QString &path, const Profile &profile);
// The checkpoint's config.json: a usage error naming the file when it cannot be read.
QJsonObject readHfConfig(const QString &path);
// --tp, --ep, --page-size (whole numbers of at least 1; 1 when absent) and --dp-attention.
Deployment deploymentFrom(const Args &args);
// The same, with the config.json already read.
DimensionFilter withModelConfig(DimensionFilter filter, const QJsonObject &config, const Profile &profile);
// The effective filter (see trace/configuration.h); each contradiction is
// written to stderr as a warning.
DimensionFilter effectiveFrom(const DimensionFilter &filter, const Profile &profile);
void warnConflicts(const std::vector<std::string> &conflicts);
// Writes a command's output to -o FILE (or --output; "-" or none: standard
// output): never onto the index being read, atomically (export_file.h).
void writeOutput(const Args &args, const QByteArray &bytes);

} // namespace katlas::cli
