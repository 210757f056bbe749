// libFuzzer target: opening an index file as `katlas ops` and the window do
// (checks, meta, stored profile, call graph). Each input is written to one
// file in a temporary folder and opened from there.
#include "trace/trace_session.h"
#include "fuzz_check.h"

#include <QFile>
#include <QTemporaryDir>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static QTemporaryDir dir;
    static const QString path = dir.filePath(QStringLiteral("fuzz.katlas"));
    {
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return 0;
        file.write(reinterpret_cast<const char *>(data), qint64(size));
    }
    QString error;
    const auto session = katlas::TraceSession::open(path, &error);
    katlas::fuzz::fuzzCheck(session || !error.isEmpty(), "an index refused without a message");
    return 0;
}
