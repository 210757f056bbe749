// Discovery of a repository's Python files (see source_walker.h).
#include "parse/source_walker.h"

#include "parse/glob_matcher.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <sys/stat.h>

#include <algorithm>
#include <set>

namespace katlas {
namespace {


const std::vector<std::string> kDefaultExcludes = {"**/test/**", "**/tests/**", "**/docs/**", "**/benchmark/**"};

class Walker {
public:
    Walker(const std::string &repo, const QString &root, const RepoRule *rule, qint64 maxSize)
        : m_repo(repo), m_root(QDir(root).absolutePath()), m_maxSize(maxSize)
    {
        if (rule) {
            m_include = rule->include;
            m_exclude = rule->exclude;
        } else {
            m_exclude = kDefaultExcludes;
        }
    }

    WalkResult run()
    {
        const QFileInfo info(m_root);
        if (!info.exists() || !info.isDir()) {
            m_result.rootMissing = true;
            m_result.issues.push_back({m_root, QCoreApplication::translate("SourceWalker", "the repository folder does not exist")});
            return std::move(m_result);
        }
        walk(m_root, {});
        std::sort(m_result.files.begin(), m_result.files.end(),
                  [](const SourceFileRef &a, const SourceFileRef &b) { return a.relPath < b.relPath; });
        return std::move(m_result);
    }

private:
    // Excluded folders are not entered at all.
    bool folderExcluded(const std::string &rel) const
    {
        const std::string probe = rel + "/x.py";
        return std::any_of(m_exclude.begin(), m_exclude.end(), [&](const std::string &g) { return globMatch(g, probe); });
    }

    void walk(const QString &dir, const std::string &rel)
    {
        const QString canonical = QFileInfo(dir).canonicalFilePath();
        if (!m_seen.insert(canonical).second) {
            m_result.issues.push_back({dir, QCoreApplication::translate("SourceWalker", "symlink loop or repeated folder; entered once only")});
            return;
        }
        QDir d(dir);
        if (!d.isReadable()) {
            m_result.issues.push_back({dir, QCoreApplication::translate("SourceWalker", "folder cannot be read; skipped")});
            return;
        }
        const QFileInfoList entries =
            d.entryInfoList(QDir::Dirs | QDir::Files | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDir::Name);
        for (const QFileInfo &e : entries) {
            const std::string name = e.fileName().toStdString();
            const std::string childRel = rel.empty() ? name : rel + "/" + name;
            if (e.isDir()) {
                if (name == ".git" || name == "__pycache__" || name == "node_modules" || folderExcluded(childRel))
                    continue;
                walk(e.filePath(), childRel);
            } else if (name.size() > 3 && name.compare(name.size() - 3, 3, ".py") == 0) {
                if (e.isSymLink() && !e.exists()) {
                    m_result.issues.push_back({e.filePath(), QCoreApplication::translate("SourceWalker", "broken symbolic link; skipped")});
                    continue;
                }
                if (globSelected(m_include, m_exclude, childRel))
                    addFile(e, childRel);
            }
        }
    }

    void addFile(const QFileInfo &e, const std::string &rel)
    {
        if (e.size() > m_maxSize) {
            m_result.issues.push_back({e.filePath(), QCoreApplication::translate("SourceWalker", "file is larger than %1 MB; skipped").arg(m_maxSize >> 20)});
            return;
        }
        QFile f(e.filePath());
        if (!f.open(QIODevice::ReadOnly)) {
            m_result.issues.push_back({e.filePath(), QCoreApplication::translate("SourceWalker", "file cannot be read (%1); skipped").arg(f.errorString())});
            return;
        }
        if (f.read(8192).contains('\0')) {
            m_result.issues.push_back({e.filePath(), QCoreApplication::translate("SourceWalker", "binary file, not Python source; skipped")});
            return;
        }
        struct stat st {};
        const qint64 mtimeNs = ::fstat(f.handle(), &st) == 0 ? qint64(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec : 0;
        m_result.files.push_back({m_repo, rel, e.filePath(), e.size(), mtimeNs});
    }

    std::string m_repo;
    QString m_root;
    qint64 m_maxSize;
    std::vector<std::string> m_include, m_exclude;
    std::set<QString> m_seen;
    WalkResult m_result;
};

} // namespace

WalkResult walkRepo(const std::string &repoName, const QString &root, const RepoRule *rule, qint64 maxFileSize)
{
    return Walker(repoName, root, rule, maxFileSize).run();
}

std::string moduleNameFor(const std::string &relPath, const std::vector<std::string> &packageRoots, bool *isPackage)
{
    std::string best;
    bool found = false;
    for (const std::string &r : packageRoots) {
        const std::string root = r == "." ? std::string() : r;
        const bool under = root.empty() || (relPath.size() > root.size() && relPath.compare(0, root.size(), root) == 0
                                            && relPath[root.size()] == '/');
        if (under && (!found || root.size() > best.size())) {
            best = root;
            found = true;
        }
    }
    std::string rest = found && !best.empty() ? relPath.substr(best.size() + 1) : relPath;
    if (rest.size() > 3 && rest.compare(rest.size() - 3, 3, ".py") == 0)
        rest.resize(rest.size() - 3);
    bool package = false;
    if (rest == "__init__" || (rest.size() > 9 && rest.compare(rest.size() - 9, 9, "/__init__") == 0)) {
        package = true;
        rest = rest == "__init__" ? std::string() : rest.substr(0, rest.size() - 9);
    }
    std::replace(rest.begin(), rest.end(), '/', '.');
    if (isPackage)
        *isPackage = package;
    return rest;
}

} // namespace katlas
