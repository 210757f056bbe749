// Named places the user keeps (see bookmarks.h).
#include "bookmarks.h"

#include <QVariantMap>

namespace katlas {

const Bookmark *Bookmarks::find(const QString &name) const
{
    for (const Bookmark &b : m_items)
        if (b.name == name)
            return &b;
    return nullptr;
}

void Bookmarks::add(const Bookmark &bookmark)
{
    for (Bookmark &b : m_items)
        if (b.name == bookmark.name) {
            b = bookmark;
            return;
        }
    m_items.append(bookmark);
}

bool Bookmarks::remove(const QString &name)
{
    return m_items.removeIf([&](const Bookmark &b) { return b.name == name; }) > 0;
}

QVariantList Bookmarks::toVariant() const
{
    QVariantList out;
    for (const Bookmark &b : m_items)
        out.append(QVariantMap{{QStringLiteral("name"), b.name},
                               {QStringLiteral("op"), b.op},
                               {QStringLiteral("kernel"), b.kernel},
                               {QStringLiteral("function"), b.function},
                               {QStringLiteral("file"), b.file},
                               {QStringLiteral("line"), b.line}});
    return out;
}

Bookmarks Bookmarks::fromVariant(const QVariant &value)
{
    Bookmarks out;
    for (const QVariant &v : value.toList()) {
        const QVariantMap m = v.toMap();
        Bookmark b;
        b.name = m.value(QStringLiteral("name")).toString();
        b.op = m.value(QStringLiteral("op")).toString();
        b.kernel = m.value(QStringLiteral("kernel")).toString();
        b.function = m.value(QStringLiteral("function")).toString();
        b.file = m.value(QStringLiteral("file")).toString();
        b.line = m.value(QStringLiteral("line")).toInt();
        if (!b.name.isEmpty())
            out.add(b);
    }
    return out;
}

} // namespace katlas
