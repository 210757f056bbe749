// Installs the embedded translation matching the user's language (or the
// one chosen in Settings) into the running application, with Qt's own
// translation of its standard texts (OK, Cancel, the file dialog) when the
// system has it (Debian: qt6-translations-l10n).
#include "translations_anchor.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <memory>

static void registerTranslations() { Q_INIT_RESOURCE(katlas_translations); }

namespace katlas {
namespace {

// The installed translators, replaced as a whole on each change.
std::unique_ptr<QTranslator> &ours()
{
    static std::unique_ptr<QTranslator> t;
    return t;
}

std::unique_ptr<QTranslator> &qts()
{
    static std::unique_ptr<QTranslator> t;
    return t;
}

void uninstall(std::unique_ptr<QTranslator> &t)
{
    if (t)
        QCoreApplication::removeTranslator(t.get());
    t.reset();
}

} // namespace

bool installTranslation(const QString &language)
{
    registerTranslations();
    uninstall(ours());
    uninstall(qts());
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    // Data shown in the UI (profile labels) follows the same language.
    QLocale::setDefault(locale);
    if (locale.language() == QLocale::English)
        return true;
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt.get());
        qts() = std::move(qt);
    }
    auto t = std::make_unique<QTranslator>();
    if (!t->load(locale, QStringLiteral("kernel_atlas"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        return false;
    QCoreApplication::installTranslator(t.get());
    ours() = std::move(t);
    return true;
}

} // namespace katlas
