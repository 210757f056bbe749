// libFuzzer target: the profile loader on arbitrary JSON text, as it reads a
// --profile file or the profile stored in an index.
#include "profile/profile.h"
#include "fuzz_check.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    katlas::ProfileError error;
    const QByteArray json = QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
    const auto profile = katlas::parseProfile(json, QStringLiteral("fuzz.json"), &error);
    katlas::fuzz::fuzzCheck(profile || !error.toString().isEmpty(), "a profile refused without a message");
    return 0;
}
