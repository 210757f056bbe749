// The schema's SQL text (see schema.h and docs/schema.md).
#include "store/schema.h"

namespace katlas {

const char *const kSchemaTables = R"sql(
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE repo (
    id        INTEGER PRIMARY KEY,
    name      TEXT NOT NULL UNIQUE,
    path      TEXT NOT NULL,
    commit_id TEXT NOT NULL
);
CREATE TABLE file (
    id         INTEGER PRIMARY KEY,
    repo_id    INTEGER NOT NULL REFERENCES repo(id),
    path       TEXT NOT NULL,
    module     TEXT NOT NULL,
    hash       TEXT NOT NULL,
    size       INTEGER NOT NULL,
    line_count INTEGER NOT NULL,
    mtime_ns   INTEGER NOT NULL,
    facts      BLOB NOT NULL,
    locals     BLOB NOT NULL,
    calls      BLOB NOT NULL,
    UNIQUE (repo_id, path)
);
CREATE TABLE symbol (
    id        INTEGER PRIMARY KEY,
    file_id   INTEGER REFERENCES file(id),
    qual_name TEXT NOT NULL,
    name      TEXT NOT NULL,
    kind      TEXT NOT NULL,
    line      INTEGER NOT NULL,
    end_line  INTEGER NOT NULL,
    parent_id INTEGER,
    origin_id INTEGER REFERENCES symbol(id),
    variant   TEXT NOT NULL DEFAULT ''
);
CREATE TABLE call_site (
    id        INTEGER PRIMARY KEY,
    file_id   INTEGER NOT NULL REFERENCES file(id),
    caller_id INTEGER NOT NULL REFERENCES symbol(id),
    callee    TEXT NOT NULL,
    line      INTEGER NOT NULL,
    guards    TEXT NOT NULL
);
CREATE TABLE edge (
    call_site_id INTEGER NOT NULL REFERENCES call_site(id),
    callee_id    INTEGER REFERENCES symbol(id),
    resolution   TEXT NOT NULL,
    conditions   TEXT NOT NULL
);
CREATE TABLE kernel (
    symbol_id INTEGER PRIMARY KEY REFERENCES symbol(id),
    source    TEXT NOT NULL,
    category  TEXT NOT NULL,
    aliases   TEXT NOT NULL
);
CREATE TABLE diagnostic (
    id      INTEGER PRIMARY KEY,
    file_id INTEGER REFERENCES file(id),
    path    TEXT NOT NULL,
    line    INTEGER NOT NULL,
    message TEXT NOT NULL
);
)sql";

const char *const kCallIndexes = R"sql(
CREATE INDEX call_site_caller ON call_site(caller_id);
CREATE INDEX call_site_file_line ON call_site(file_id, line);
CREATE INDEX edge_call_site ON edge(call_site_id);
CREATE INDEX edge_callee ON edge(callee_id);
)sql";

const char *const kSymbolIndexes = R"sql(
CREATE INDEX symbol_name ON symbol(name);
CREATE INDEX symbol_qual_name ON symbol(qual_name);
CREATE VIRTUAL TABLE symbol_fts USING fts5(name, qual_name, content='symbol', content_rowid='id');
INSERT INTO symbol_fts(symbol_fts) VALUES ('rebuild');
)sql";

const char *const kSchemaIndexes = R"sql(
CREATE INDEX kernel_source ON kernel(source);
)sql";

} // namespace katlas
