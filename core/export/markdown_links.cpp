// Markdown source links (see markdown_links.h).
#include "export/markdown_links.h"

namespace katlas {

MarkdownLinks::MarkdownLinks(const CallIndex &index, const QString &outputDir, const QString &linkBase)
    : m_index(index)
{
    const QDir out(outputDir.isEmpty() ? QDir::currentPath() : outputDir);
    for (const Repo &r : index.graph().repos) {
        const QString target = linkBase.isEmpty() ? QString::fromStdString(r.path)
                                                  : QDir(linkBase).absoluteFilePath(QString::fromStdString(r.name));
        QString rel = out.relativeFilePath(target);
        if (!rel.isEmpty() && !rel.endsWith(QLatin1Char('/')))
            rel += QLatin1Char('/');
        m_repoPrefix[r.id] = rel.toStdString();
    }
}

std::string MarkdownLinks::toLine(std::int64_t fileId, int line) const
{
    const SourceFile *f = m_index.file(fileId);
    if (!f)
        return {};
    const auto it = m_repoPrefix.find(f->repoId);
    return linkTarget((it == m_repoPrefix.end() ? std::string() : it->second) + f->path, "L" + std::to_string(line));
}

std::string MarkdownLinks::link(const std::string &text, std::int64_t fileId, int line) const
{
    return "[" + markdownText(text) + "](" + toLine(fileId, line) + ")";
}

std::string MarkdownLinks::siteLink(const std::string &text, std::int64_t siteId) const
{
    const CallSite &s = m_index.site(siteId);
    return link(text, s.fileId, s.line);
}

} // namespace katlas
