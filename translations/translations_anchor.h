// The UI language: the system's, or one chosen by the user ("zh_CN", "en").
#pragma once

#include <QString>

namespace katlas {

// Installs the translation for `language` (empty: the system locale).
// False when no translation exists for it (the UI stays in English).
bool installTranslation(const QString &language = {});

} // namespace katlas
