// Named places the user keeps (Bookmarks menu, Ctrl+D). A bookmark names
// what it was made on by names, not by the index's numbers, so that it
// survives a re-index: the op's id, the kernel's and the function's
// qualified names, the source file as "repo/path" and its line. The list is
// saved with the index it was made on (AppSettings).
#pragma once

#include <QList>
#include <QString>
#include <QVariant>

namespace katlas {

struct Bookmark {
    QString name;
    QString op;       // the op's id, "" when none
    QString kernel;   // the kernel's qualified name, "" when none
    QString function; // the function's qualified name, "" when none
    QString file;     // "repo/path" of the source shown, "" when none
    int line = 0;

    bool operator==(const Bookmark &) const = default;
};

class Bookmarks {
public:
    const QList<Bookmark> &items() const { return m_items; }
    const Bookmark *find(const QString &name) const;
    // Adds `bookmark` at the end; one of the same name is replaced in place.
    void add(const Bookmark &bookmark);
    bool remove(const QString &name);

    QVariantList toVariant() const;
    static Bookmarks fromVariant(const QVariant &value);

private:
    QList<Bookmark> m_items;
};

} // namespace katlas
