// libFuzzer target: the profile loader on arbitrary JSON text, as it reads a
// --profile file or the profile stored in an index.
#include "profile/profile.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    katlas::ProfileError error;
    const QByteArray json = QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
    if (!katlas::parseProfile(json, QStringLiteral("fuzz.json"), &error))
        error.toString();
    return 0;
}
