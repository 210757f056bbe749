// Discovery of a repository's Python files (see source_walker.h).
#include "parse/source_walker.h"

#include "parse/glob_matcher.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <dirent.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <set>
#include <string_view>

namespace katlas {
namespace {


const std::vector<std::string> kDefaultExcludes = {"**/test/**", "**/tests/**", "**/docs/**", "**/benchmark/**"};

// Nanoseconds since the epoch of a file's last modification.
qint64 mtimeOf(const struct stat &st)
{
    return qint64(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
}

// Length of the valid UTF-8 sequence at `s[i]`, or 0.
size_t utf8Sequence(std::string_view s, size_t i)
{
    const auto c = static_cast<unsigned char>(s[i]);
    const size_t n = c < 0x80           ? 1
        : (c >> 5) == 0x6 && c >= 0xC2  ? 2
        : (c >> 4) == 0xE               ? 3
        : (c >> 3) == 0x1E && c <= 0xF4 ? 4
                                        : 0;
    if (n == 0 || i + n > s.size())
        return 0;
    for (size_t k = 1; k < n; ++k)
        if ((static_cast<unsigned char>(s[i + k]) >> 6) != 0x2)
            return 0;
    const auto c1 = static_cast<unsigned char>(s[i + 1 < s.size() ? i + 1 : i]);
    if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 >= 0xA0) || (c == 0xF0 && c1 < 0x90) || (c == 0xF4 && c1 >= 0x90))
        return 0; // overlong, surrogate or beyond U+10FFFF
    return n;
}

bool validUtf8(std::string_view s)
{
    for (size_t i = 0; i < s.size();) {
        const size_t n = utf8Sequence(s, i);
        if (!n)
            return false;
        i += n;
    }
    return true;
}

// A path with the bytes that are not UTF-8 written as \xNN. Such a name
// cannot round-trip through QString (its bytes would become U+FFFD and the
// file "not exist"), so it is named this way and skipped.
QString shownPath(std::string_view path)
{
    QString shown;
    for (size_t i = 0; i < path.size();) {
        if (const size_t n = utf8Sequence(path, i)) {
            shown += QString::fromUtf8(path.data() + i, static_cast<qsizetype>(n));
            i += n;
        } else {
            shown += QStringLiteral("\\x")
                + QString::number(static_cast<unsigned char>(path[i]), 16)
                      .rightJustified(2, QLatin1Char('0'))
                      .toUpper();
            ++i;
        }
    }
    return shown;
}

// Walks with the POSIX calls: one readdir and one stat per entry, and
// folders told apart by device and inode (cheaper than canonical paths).
class Walker {
public:
    Walker(const std::string &repo, const QString &root, const RepoRule *rule, qint64 maxSize, const KnownFile &known,
           bool followOutsideLinks)
        : m_repo(repo), m_root(QDir(root).absolutePath()), m_maxSize(maxSize), m_known(known),
          m_followOutside(followOutsideLinks)
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
        if (char *real = ::realpath(QFile::encodeName(m_root).constData(), nullptr)) {
            m_realRoot = real;
            ::free(real);
        }
        walk(QFile::encodeName(m_root).toStdString(), {});
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

    // A script without the `.py` suffix whose first line runs Python
    // (`#!/usr/bin/env python3`): the program's entry, indexed as a module
    // named after the file. Only regular files are opened (a FIFO would block).
    static bool pythonScript(const std::string &path)
    {
        std::FILE *f = std::fopen(path.c_str(), "rb");
        if (!f)
            return false;
        char line[128] = {};
        const bool read = std::fgets(line, sizeof line, f) != nullptr;
        std::fclose(f);
        const std::string_view first(line);
        return read && first.starts_with("#!") && first.find("python") != std::string_view::npos;
    }

    static QString display(const std::string &path) { return QFile::decodeName(QByteArray::fromStdString(path)); }

    // Is `path` a symbolic link whose target lies outside the repository?
    bool leavesRoot(const std::string &path) const
    {
        struct stat link {};
        if (m_realRoot.empty() || ::lstat(path.c_str(), &link) != 0 || !S_ISLNK(link.st_mode))
            return false;
        char *real = ::realpath(path.c_str(), nullptr);
        if (!real)
            return false; // broken: reported as such below
        const std::string target = real;
        ::free(real);
        return !(target == m_realRoot
                 || (target.size() > m_realRoot.size() && target.compare(0, m_realRoot.size(), m_realRoot) == 0
                     && (m_realRoot.back() == '/' || target[m_realRoot.size()] == '/')));
    }

    void walk(const std::string &dir, const std::string &rel)
    {
        struct stat self {};
        if (::stat(dir.c_str(), &self) != 0 || !m_seen.insert({self.st_dev, self.st_ino}).second) {
            m_result.issues.push_back({display(dir), QCoreApplication::translate("SourceWalker", "symlink loop or repeated folder; entered once only")});
            return;
        }
        DIR *d = ::opendir(dir.c_str());
        if (!d) {
            m_result.issues.push_back({display(dir), QCoreApplication::translate("SourceWalker", "folder cannot be read; skipped")});
            return;
        }
        std::vector<std::string> names;
        while (const dirent *e = ::readdir(d)) {
            const std::string_view name = e->d_name;
            if (name != "." && name != "..")
                names.emplace_back(name);
        }
        ::closedir(d);
        std::sort(names.begin(), names.end());
        for (const std::string &name : names) {
            const std::string path = dir + '/' + name;
            const std::string childRel = rel.empty() ? name : rel + "/" + name;
            const bool python = name.size() > 3 && name.compare(name.size() - 3, 3, ".py") == 0;
            if (!validUtf8(name)) {
                struct stat st { };
                if (python || (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)))
                    m_result.issues.push_back({shownPath(path),
                        QCoreApplication::translate(
                            "SourceWalker", "name is not valid UTF-8; skipped (rename it to index it)")});
                continue;
            }
            if (!m_followOutside && leavesRoot(path)) {
                m_result.issues.push_back({display(path), QCoreApplication::translate("SourceWalker", "symbolic link leaves the repository; not followed (--follow-outside-links follows it)")});
                continue;
            }
            struct stat st {};
            const bool exists = ::stat(path.c_str(), &st) == 0;
            if (exists && S_ISDIR(st.st_mode)) {
                if (name == ".git" || name == "__pycache__" || name == "node_modules" || folderExcluded(childRel))
                    continue;
                walk(path, childRel);
            } else if (python || (exists && S_ISREG(st.st_mode) && name.find('.') == std::string::npos && pythonScript(path))) {
                if (!exists) {
                    m_result.issues.push_back({display(path), QCoreApplication::translate("SourceWalker", "broken symbolic link; skipped")});
                    continue;
                }
                if (S_ISREG(st.st_mode) && globSelected(m_include, m_exclude, childRel))
                    addFile(path, childRel, st);
            }
        }
    }

    void addFile(const std::string &path, const std::string &rel, const struct stat &st)
    {
        SourceFileRef ref{m_repo, rel, display(path), qint64(st.st_size), mtimeOf(st)};
        if (ref.size > m_maxSize) {
            m_result.issues.push_back({ref.absPath, QCoreApplication::translate("SourceWalker", "file is larger than %1 MB; skipped").arg(m_maxSize >> 20)});
            return;
        }
        if (m_known && m_known(ref)) { // read before, unchanged since: neither unreadable nor binary
            m_result.files.push_back(std::move(ref));
            return;
        }
        QFile f(ref.absPath);
        if (!f.open(QIODevice::ReadOnly)) {
            m_result.issues.push_back({ref.absPath, QCoreApplication::translate("SourceWalker", "file cannot be read (%1); skipped").arg(f.errorString())});
            return;
        }
        if (f.read(8192).contains('\0')) {
            m_result.issues.push_back({ref.absPath, QCoreApplication::translate("SourceWalker", "binary file, not Python source; skipped")});
            return;
        }
        m_result.files.push_back(std::move(ref));
    }

    std::string m_repo;
    QString m_root;
    qint64 m_maxSize;
    const KnownFile &m_known;
    bool m_followOutside;
    std::string m_realRoot; // the root with every link resolved
    std::vector<std::string> m_include, m_exclude;
    std::set<std::pair<dev_t, ino_t>> m_seen;
    WalkResult m_result;
};

} // namespace

WalkResult walkRepo(const std::string &repoName, const QString &root, const RepoRule *rule, qint64 maxFileSize,
                    const KnownFile &known, bool followOutsideLinks)
{
    return Walker(repoName, root, rule, maxFileSize, known, followOutsideLinks).run();
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
