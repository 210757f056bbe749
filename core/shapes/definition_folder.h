// Writing Definitions as a flashinfer-trace folder, DIR/<op_type>/<name>.json,
// all or nothing: the files are written into a temporary folder beside DIR
// and moved into place only when every one is written. Against an existing
// definitions folder, a name already there with the same content is skipped
// and one with other content is a conflict, never overwritten.
#pragma once

#include "shapes/kernel_definition.h"

#include <QString>

#include <string>
#include <vector>

namespace katlas {

struct FolderWrite {
    std::vector<std::string> written;   // "rmsnorm/rmsnorm_h7168.json"
    std::vector<std::string> skipped;   // the same definition is in the existing folder
    std::vector<std::string> conflicts; // "rmsnorm_h7168: differs from <path>"
    std::string error;                  // nothing was written
};

// `existing` empty: no de-duplication.
FolderWrite writeDefinitionFolder(const std::vector<KernelDefinition> &definitions, const QString &dir,
                                  const QString &existing);

// A definition's file content: indented JSON, keys sorted.
QByteArray definitionJson(const KernelDefinition &definition);

} // namespace katlas
