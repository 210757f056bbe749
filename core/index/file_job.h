// One file of an index run: read, hashed and parsed, unless the previous
// index holds it unchanged (same size and time: not even read; same bytes:
// not parsed).
#pragma once

#include "parse/source_walker.h"
#include "parse/syntax_facts.h"
#include "store/index_reader.h"

#include <QString>

#include <string>
#include <string_view>
#include <unordered_map>

namespace katlas {

struct FileJob {
    SourceFileRef ref;
    const RepoRule *rule = nullptr;
    ModuleFacts facts;
    bool reuse = false;  // the previous index has this file with the same bytes
    bool read = false;   // its bytes were read
    QString warning;
};

// What the previous index knows of its files.
struct PreviousFiles {
    std::unordered_map<std::string, FileStamp> stamps; // keyed "repo/path"
    // A file whose time is at or after this may have changed again within
    // the same clock tick as it was read: its bytes are checked.
    std::int64_t trustTimesBeforeNs = 0;

    // What the previous index has of this file (nullptr: nothing).
    const FileStamp *stampOf(const SourceFileRef &ref) const;
    // Same size and time as when the previous index read it.
    bool unchanged(const SourceFileRef &ref) const;
};

void runFileJob(FileJob &job, const PreviousFiles &previous);

// A content hash of a file's bytes (64-bit FNV-1a, hex): stable across runs.
std::string contentHash(std::string_view bytes);

} // namespace katlas
