// `katlas verify`: every link of a markdown report points at an existing
// file and a line inside it, and a link that names a function `name()` finds
// that name on or near the line. Only regular files up to a bound are read;
// with a root, only files whose real path is inside it.
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

// Larger linked files are reported, not read.
constexpr qint64 kMaxVerifiedFileBytes = qint64(64) << 20;

// Relative links resolve against `root`, or the report's folder when empty.
// With a root, a link whose real path (after `..`, absolute paths and
// symbolic links) is outside it is reported as leaving it, and not read.
VerifyResult verifyLinks(const QString &markdownPath, const QString &root = {});

} // namespace katlas
