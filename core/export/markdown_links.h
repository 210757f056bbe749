// Links from a markdown report to source lines, relative to the report's
// folder: to each repo's checkout (default) or below a --link-base folder
// that holds the repos by name.
#pragma once

#include "export/markdown_escape.h"
#include "trace/call_index.h"

#include <QDir>
#include <QString>

#include <map>
#include <string>

namespace katlas {

class MarkdownLinks {
public:
    // `outputDir`: the report's folder; `linkBase`: empty for each repo's own path.
    MarkdownLinks(const CallIndex &index, const QString &outputDir, const QString &linkBase);

    // "../sglang/python/x.py#L12", percent-encoded (see markdown_escape.h)
    std::string toLine(std::int64_t fileId, int line) const;
    // "[text](target)"; `text` is plain text, escaped here.
    std::string link(const std::string &text, std::int64_t fileId, int line) const;
    std::string siteLink(const std::string &text, std::int64_t siteId) const;

private:
    const CallIndex &m_index;
    std::map<std::int64_t, std::string> m_repoPrefix; // repo id -> relative folder with a trailing '/'
};

} // namespace katlas
