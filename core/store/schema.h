// The index's SQLite schema, in one place, with its version. See docs/schema.md.
#pragma once

namespace katlas {

// Bumped whenever a table or an encoding changes. A database of another
// version is refused with a request to re-index (no migration).
constexpr int kSchemaVersion = 4;

// PRAGMA application_id of every index ("KAtl"): with the schema version it
// tells an index of ours from any other SQLite file, even a damaged one.
constexpr int kApplicationId = 0x4B41746C;

// CREATE TABLE statements, run on a new, empty database.
extern const char *const kSchemaTables;
// The indexes of the call sites and edges, made before they are inserted:
// the indexer inserts them on another core while it resolves, so keeping
// these up to date costs it nothing, where building them at the end would.
extern const char *const kCallIndexes;
// The symbols' indexes and full-text index, made once the definitions are in
// (the symbols the resolver adds come later, into the indexes).
extern const char *const kSymbolIndexes;
// The other indexes, built after the bulk insert.
extern const char *const kSchemaIndexes;

} // namespace katlas
