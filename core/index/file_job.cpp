// Reading, hashing and parsing one file (see file_job.h).
#include "index/file_job.h"

#include "parse/fact_extractor.h"
#include "parse/python_parser.h"

#include <QCoreApplication>
#include <QFile>

#include <cstdio>

namespace katlas {
namespace {

// Line of the first byte that is not valid UTF-8, or 0 when all are.
int firstInvalidUtf8Line(std::string_view s)
{
    int line = 1;
    for (size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c == '\n')
            ++line;
        size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
        if (len == 0 || i + len > s.size())
            return line;
        for (size_t k = 1; k < len; ++k)
            if ((static_cast<unsigned char>(s[i + k]) >> 6) != 0x2)
                return line;
        i += len;
    }
    return 0;
}

} // namespace

std::string contentHash(std::string_view bytes)
{
    std::uint64_t h = 1469598103934665603ULL;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

const FileStamp *PreviousFiles::stampOf(const SourceFileRef &ref) const
{
    const auto it = stamps.find(ref.repo + '/' + ref.relPath);
    return it == stamps.end() ? nullptr : &it->second;
}

bool PreviousFiles::unchanged(const SourceFileRef &ref) const
{
    const FileStamp *stamp = stampOf(ref);
    return stamp && stamp->size == ref.size && stamp->mtimeNs == ref.mtimeNs && ref.mtimeNs && ref.mtimeNs < trustTimesBeforeNs;
}

void runFileJob(FileJob &job, const PreviousFiles &previous)
{
    ModuleFacts &f = job.facts;
    f.repo = job.ref.repo;
    f.path = job.ref.relPath;
    bool isPackage = false;
    f.module = moduleNameFor(job.ref.relPath, job.rule ? job.rule->packageRoots : std::vector<std::string>{"."}, &isPackage);
    f.isPackage = isPackage;
    const FileStamp *stamp = previous.stampOf(job.ref);
    if (previous.unchanged(job.ref)) {
        f.hash = stamp->hash;
        f.size = stamp->size;
        job.reuse = true;
        return;
    }
    QFile file(job.ref.absPath);
    if (!file.open(QIODevice::ReadOnly)) {
        job.warning = QCoreApplication::translate("Indexer", "%1: cannot be read (%2); skipped").arg(job.ref.absPath, file.errorString());
        return;
    }
    const QByteArray bytes = file.readAll();
    const std::string_view src(bytes.constData(), static_cast<size_t>(bytes.size()));
    job.read = true;
    f.hash = contentHash(src);
    f.size = bytes.size();
    if (stamp && stamp->hash == f.hash) {
        job.reuse = true;
        return;
    }
    thread_local PythonParser parser;
    extractFacts(parser, src, f);
    // Grown by doubling, the facts' vectors hold about a fifth more than they
    // use, for as long as the index resolves; a copy holds what it uses
    // (53 MB less heap on sglang + flashinfer).
    ModuleFacts exact = f;
    f = std::move(exact);
    if (const int bad = firstInvalidUtf8Line(src))
        f.diagnostics.push_back({bad, "the file is not valid UTF-8; it was read as far as possible"});
}

} // namespace katlas
