// Checking a report's source links (see link_verifier.h).
#include "export/link_verifier.h"

#include "export/markdown_escape.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace katlas {
namespace {

// How far from the linked line the named function may be.
constexpr int kNameSlack = 2;

// The bytes of a file, or why they were not read. Opened without blocking
// and checked after opening, so a FIFO or a device put in a file's place
// (/dev/zero, a pipe nobody writes) is refused, never waited on or read forever.
QString readBounded(const QString &path, bool regularOnly, QByteArray *bytes)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return QCoreApplication::translate("Verify", "%1 cannot be read: %2")
            .arg(path, QString::fromLocal8Bit(std::strerror(errno)));
    struct stat st { };
    QString problem;
    if (::fstat(fd, &st) != 0)
        problem = QCoreApplication::translate("Verify", "%1 cannot be read: %2")
                      .arg(path, QString::fromLocal8Bit(std::strerror(errno)));
    else if (regularOnly && !S_ISREG(st.st_mode))
        problem = QCoreApplication::translate("Verify", "%1 is not a regular file; it was not read").arg(path);
    else if (S_ISREG(st.st_mode) && st.st_size > kMaxVerifiedFileBytes)
        problem = QCoreApplication::translate("Verify", "%1 is larger than %2 MiB; it was not read")
                      .arg(path)
                      .arg(kMaxVerifiedFileBytes >> 20);
    if (problem.isEmpty() && !S_ISREG(st.st_mode))
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK); // a pipe given as the report: read what it sends
    char buffer[65536];
    while (problem.isEmpty()) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            problem = QCoreApplication::translate("Verify", "%1 cannot be read: %2")
                          .arg(path, QString::fromLocal8Bit(std::strerror(errno)));
        if (n <= 0)
            break;
        bytes->append(buffer, n);
        if (bytes->size() > kMaxVerifiedFileBytes)
            problem = QCoreApplication::translate("Verify", "%1 is larger than %2 MiB; it was not read")
                          .arg(path)
                          .arg(kMaxVerifiedFileBytes >> 20);
    }
    ::close(fd);
    if (!problem.isEmpty())
        bytes->clear();
    return problem;
}

bool within(const QString &path, const QString &root)
{
    return path == root || path.startsWith(root.endsWith(QLatin1Char('/')) ? root : root + QLatin1Char('/'));
}

// A linked file: its lines, or why it is broken.
struct LinkedFile {
    QString problem;
    QStringList lines;
};

LinkedFile readLinked(const QString &path, const QString &confinedTo)
{
    const QFileInfo info(path);
    if (!info.exists()) // also a link pointing nowhere
        return {QCoreApplication::translate("Verify", "file %1 does not exist").arg(path), {}};
    // Links, `..` and absolute paths are resolved before the root is checked.
    const QString real = info.canonicalFilePath();
    if (!confinedTo.isEmpty() && !within(real, confinedTo)) {
        if (real == path)
            return {
                QCoreApplication::translate("Verify", "%1 leaves the root %2; it was not read").arg(path, confinedTo),
                {}};
        return {QCoreApplication::translate("Verify", "%1 leaves the root %2 (it is %3); it was not read")
                    .arg(path, confinedTo, real),
            {}};
    }
    QByteArray bytes;
    const QString problem = readBounded(real, true, &bytes);
    if (!problem.isEmpty())
        return {problem, {}};
    return {{}, QString::fromUtf8(bytes).split(QLatin1Char('\n'))};
}

} // namespace

VerifyResult verifyLinks(const QString &markdownPath, const QString &root)
{
    VerifyResult result;
    QByteArray report;
    if (const QString problem = readBounded(markdownPath, false, &report); !problem.isEmpty()) {
        result.error = problem;
        return result;
    }
    QString confinedTo;
    if (!root.isEmpty()) {
        confinedTo = QFileInfo(root).canonicalFilePath();
        if (confinedTo.isEmpty() || !QFileInfo(confinedTo).isDir()) {
            result.error = QCoreApplication::translate("Verify", "the root %1 is not a folder").arg(root);
            return result;
        }
    }
    const QDir base(root.isEmpty() ? QFileInfo(markdownPath).absolutePath() : confinedTo);
    // [text](target) with backslash escapes in the text, and a target either
    // <in angle brackets> (may hold spaces) or percent-encoded.
    static const QRegularExpression linkRe(
        QStringLiteral(R"(\[((?:\\.|[^\]\\])*)\]\((<(?:\\.|[^>\\\n])*>|[^)\s]+)\))"));
    QHash<QString, LinkedFile> cache;
    int lineNo = 0;
    for (const QString &line : QString::fromUtf8(report).split(QLatin1Char('\n'))) {
        ++lineNo;
        for (auto it = linkRe.globalMatch(line); it.hasNext();) {
            const auto m = it.next();
            const QString text = QString::fromStdString(unescapeMarkdown(m.captured(1).toStdString()));
            const QString target = m.captured(2);
            if (target.contains(QLatin1String("://")) || target.startsWith(QLatin1Char('#')))
                continue;
            ++result.links;
            const LinkTargetParts parts = parseLinkTarget(target.toStdString());
            const QString anchor = QString::fromStdString(parts.anchor);
            const QString path
                = QDir::cleanPath(base.absoluteFilePath(QFile::decodeName(QByteArray::fromStdString(parts.path))));
            if (!cache.contains(path))
                cache.insert(path, readLinked(path, confinedTo));
            const LinkedFile &file = cache[path];
            if (!file.problem.isEmpty()) {
                result.broken.push_back({lineNo, target, file.problem});
                continue;
            }
            const QStringList &lines = file.lines;
            if (!anchor.startsWith(QLatin1Char('L')))
                continue;
            const int n = anchor.mid(1).toInt();
            if (n < 1 || n > lines.size()) {
                result.broken.push_back({lineNo, target, QCoreApplication::translate("Verify", "line %1 is outside the file (%2 lines)").arg(n).arg(lines.size())});
                continue;
            }
            if (!text.endsWith(QLatin1String("()")))
                continue;
            // "cls.get_fn()()" and "kernel[]()" name get_fn and kernel.
            QString name = text;
            static const QRegularExpression subscript(QStringLiteral("\\[[^\\]]*\\]")); // "[]", "['a']"
            name.remove(QStringLiteral("()")).remove(subscript);
            name = name.mid(name.lastIndexOf(QLatin1Char('.')) + 1);
            // "obj.{name}()" (getattr(obj, name)) names the variable.
            if (name.startsWith(QLatin1Char('{')) && name.endsWith(QLatin1Char('}')))
                name = name.mid(1, name.size() - 2);
            bool found = false;
            for (int k = std::max(1, n - kNameSlack); k <= std::min<int>(static_cast<int>(lines.size()), n + kNameSlack) && !found; ++k)
                found = lines[k - 1].contains(name);
            if (!found)
                result.broken.push_back({lineNo, target, QCoreApplication::translate("Verify", "'%1' does not appear on or near line %2").arg(name).arg(n)});
        }
    }
    return result;
}

} // namespace katlas
