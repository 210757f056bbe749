// `katlas verify`: every link of a markdown report points at an existing
// file and a line inside it, and a link that names a function `name()` finds
// that name on or near the line.
#pragma once

#include <QString>

#include <vector>

namespace katlas {

struct BrokenLink {
    int reportLine = 0;  // line in the markdown file
    QString link;        // the link as written
    QString problem;
};

struct VerifyResult {
    int links = 0;
    std::vector<BrokenLink> broken;
    QString error;       // the report itself could not be read
};

// Relative links resolve against `root`, or the report's folder when empty.
VerifyResult verifyLinks(const QString &markdownPath, const QString &root = {});

} // namespace katlas
