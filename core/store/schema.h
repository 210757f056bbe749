// The index's SQLite schema, in one place, with its version. See docs/schema.md.
#pragma once

namespace katlas {

// Bumped whenever a table or an encoding changes. A database of another
// version is refused with a request to re-index (no migration).
constexpr int kSchemaVersion = 2;

// CREATE TABLE statements, run on a new, empty database.
extern const char *const kSchemaTables;
// Indexes and the full-text index, built after the bulk insert.
extern const char *const kSchemaIndexes;

} // namespace katlas
