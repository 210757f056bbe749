// Checking a report's source links (see link_verifier.h).
#include "export/link_verifier.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>

namespace katlas {
namespace {


// How far from the linked line the named function may be.
constexpr int kNameSlack = 2;

} // namespace

VerifyResult verifyLinks(const QString &markdownPath, const QString &root)
{
    VerifyResult result;
    QFile md(markdownPath);
    if (!md.open(QIODevice::ReadOnly)) {
        result.error = QCoreApplication::translate("Verify", "%1: cannot be read: %2").arg(markdownPath, md.errorString());
        return result;
    }
    const QDir base(root.isEmpty() ? QFileInfo(markdownPath).absolutePath() : root);
    static const QRegularExpression linkRe(QStringLiteral(R"(\[([^\]]*)\]\(([^)\s]+)\))"));
    QHash<QString, QStringList> cache;
    int lineNo = 0;
    while (!md.atEnd()) {
        const QString line = QString::fromUtf8(md.readLine());
        ++lineNo;
        for (auto it = linkRe.globalMatch(line); it.hasNext();) {
            const auto m = it.next();
            const QString text = m.captured(1);
            const QString target = m.captured(2);
            if (target.contains(QLatin1String("://")) || target.startsWith(QLatin1Char('#')))
                continue;
            ++result.links;
            const QString filePart = target.section(QLatin1Char('#'), 0, 0);
            const QString anchor = target.section(QLatin1Char('#'), 1);
            const QString path = base.absoluteFilePath(filePart);
            if (!cache.contains(path)) {
                QFile f(path);
                cache.insert(path, f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'))
                                                               : QStringList());
                if (!QFileInfo(path).isFile())
                    cache[path] = QStringList{QStringLiteral("\x01missing")};
            }
            const QStringList &lines = cache[path];
            if (lines.size() == 1 && lines.front() == QLatin1String("\x01missing")) {
                result.broken.push_back({lineNo, target, QCoreApplication::translate("Verify", "file %1 does not exist").arg(path)});
                continue;
            }
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
