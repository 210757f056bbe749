// Registration of the core library's embedded data (see builtin_resources.h).
#include "profile/builtin_resources.h"

#include <QtGlobal>

#include <mutex>

static void registerKatlasData() { Q_INIT_RESOURCE(katlas_data); }

namespace katlas {

void ensureBuiltinResources()
{
    static std::once_flag once;
    std::call_once(once, registerKatlasData);
}

} // namespace katlas
