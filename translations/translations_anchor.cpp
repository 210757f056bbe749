// Installs the embedded translation matching the user's language (or the
// one chosen in Settings) into the running application.
#include "translations_anchor.h"

#include <QCoreApplication>
#include <QLocale>
#include <QTranslator>

static void registerTranslations() { Q_INIT_RESOURCE(katlas_translations); }

namespace katlas {

bool installTranslation(const QString &language)
{
    registerTranslations();
    static QTranslator *translator = nullptr;
    if (translator) {
        QCoreApplication::removeTranslator(translator);
        delete translator;
        translator = nullptr;
    }
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    // Data shown in the UI (profile labels) follows the same language.
    QLocale::setDefault(locale);
    if (locale.language() == QLocale::English)
        return true;
    auto *t = new QTranslator;
    if (!t->load(locale, QStringLiteral("kernel_atlas"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        delete t;
        return false;
    }
    QCoreApplication::installTranslator(t);
    translator = t;
    return true;
}

} // namespace katlas
