// The user's settings (see app_settings.h).
#include "app_settings.h"

#include <QApplication>
#include <QCoreApplication>
#include <QCryptographicHash>
#include <QFileInfo>
#include <QPalette>
#include <QSettings>
#include <QStyle>

namespace katlas {
namespace {

const QString kRepos = QStringLiteral("index/repos");
const QString kProfile = QStringLiteral("index/profile");
const QString kTheme = QStringLiteral("ui/theme");
const QString kLanguage = QStringLiteral("ui/language");

// One settings key per index, whatever characters its path holds.
// Settings kept per index: under `group`, by a hash of the index's path.
QString indexKey(const char *group, const QString &indexPath)
{
    const QByteArray path = QFileInfo(indexPath).absoluteFilePath().toUtf8();
    return QLatin1String(group) + QLatin1Char('/') + QString::fromLatin1(QCryptographicHash::hash(path, QCryptographicHash::Sha1).toHex());
}

QString bookmarksKey(const QString &indexPath) { return indexKey("bookmarks", indexPath); }

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2b, 0x2b), base(0x1f, 0x1f, 0x1f), text(0xe8, 0xe8, 0xe8), button(0x35, 0x35, 0x35);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, button);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x7a, 0xd6));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6a, 0xa8, 0xff));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
    return p;
}

} // namespace

std::vector<RepoInput> AppSettings::repos() const
{
    std::vector<RepoInput> out;
    for (const QString &spec : QSettings().value(kRepos).toStringList())
        out.push_back({spec.section(QLatin1Char('='), 0, 0).toStdString(), spec.section(QLatin1Char('='), 1)});
    return out;
}

void AppSettings::setRepos(const std::vector<RepoInput> &repos)
{
    QStringList specs;
    for (const RepoInput &r : repos)
        specs << QString::fromStdString(r.name) + QLatin1Char('=') + r.path;
    QSettings().setValue(kRepos, specs);
}

QString AppSettings::profile() const { return QSettings().value(kProfile, QStringLiteral("sglang")).toString(); }
void AppSettings::setProfile(const QString &profile) { QSettings().setValue(kProfile, profile); }

AppSettings::Theme AppSettings::theme() const
{
    const QString t = QSettings().value(kTheme).toString();
    return t == QLatin1String("light") ? Theme::Light : t == QLatin1String("dark") ? Theme::Dark : Theme::System;
}

void AppSettings::setTheme(Theme theme)
{
    QSettings().setValue(kTheme, theme == Theme::Light ? QStringLiteral("light") : theme == Theme::Dark ? QStringLiteral("dark") : QString());
}

QString AppSettings::language() const { return QSettings().value(kLanguage).toString(); }
void AppSettings::setLanguage(const QString &language) { QSettings().setValue(kLanguage, language); }

std::optional<Profile> AppSettings::loadProfileSetting(const QString &profile, QString *error)
{
    ProfileError perr;
    std::optional<Profile> p = QFileInfo::exists(profile) ? loadProfile(profile, &perr) : loadBuiltinProfile(profile, &perr);
    if (!p && error)
        *error = perr.toString();
    return p;
}

QString AppSettings::repoProblem(const RepoInput &repo)
{
    if (repo.name.empty())
        return QCoreApplication::translate("AppSettings", "a repository needs a name");
    if (repo.path.isEmpty() || !QFileInfo(repo.path).isDir())
        return QCoreApplication::translate("AppSettings", "repository '%1': folder %2 does not exist")
            .arg(QString::fromStdString(repo.name), repo.path);
    return {};
}

void AppSettings::applyTheme(Theme theme)
{
    // The platform's palette, as it was before any theme was applied.
    static const QPalette system = QApplication::palette();
    switch (theme) {
    case Theme::System:
        QApplication::setPalette(system);
        break;
    case Theme::Light:
        QApplication::setPalette(QApplication::style()->standardPalette());
        break;
    case Theme::Dark:
        QApplication::setPalette(darkPalette());
        break;
    }
}

Bookmarks AppSettings::bookmarks(const QString &indexPath) const
{
    return Bookmarks::fromVariant(QSettings().value(bookmarksKey(indexPath)));
}

void AppSettings::setBookmarks(const QString &indexPath, const Bookmarks &bookmarks)
{
    QSettings settings;
    if (bookmarks.items().isEmpty())
        settings.remove(bookmarksKey(indexPath));
    else
        settings.setValue(bookmarksKey(indexPath), bookmarks.toVariant());
}

ModelSetup AppSettings::modelSetup(const QString &indexPath) const
{
    const QVariantMap m = QSettings().value(indexKey("model", indexPath)).toMap();
    ModelSetup setup;
    setup.configPath = m.value(QStringLiteral("config")).toString();
    setup.tp = std::max(1, m.value(QStringLiteral("tp"), 1).toInt());
    setup.ep = std::max(1, m.value(QStringLiteral("ep"), 1).toInt());
    setup.pageSize = std::max(0, m.value(QStringLiteral("pageSize"), 0).toInt());
    setup.dpAttention = m.value(QStringLiteral("dpAttention")).toBool();
    return setup;
}

void AppSettings::setModelSetup(const QString &indexPath, const ModelSetup &setup)
{
    QSettings settings;
    if (setup == ModelSetup{}) {
        settings.remove(indexKey("model", indexPath));
        return;
    }
    settings.setValue(indexKey("model", indexPath),
                      QVariantMap{{QStringLiteral("config"), setup.configPath},
                                  {QStringLiteral("tp"), setup.tp},
                                  {QStringLiteral("ep"), setup.ep},
                                  {QStringLiteral("pageSize"), setup.pageSize},
                                  {QStringLiteral("dpAttention"), setup.dpAttention}});
}

} // namespace katlas
