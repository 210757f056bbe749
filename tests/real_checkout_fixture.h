// Shared by the tests that read real checkouts: sglang and flashinfer, named
// by KATLAS_SGLANG_DIR and KATLAS_FLASHINFER_DIR (the tests skip without them).
#pragma once

#include "index/indexer.h"
#include "profile/profile.h"

#include <QTest>

#include <vector>

namespace katlas::test {

inline constexpr const char *kRealCheckoutSkip =
    "set KATLAS_SGLANG_DIR and KATLAS_FLASHINFER_DIR to real checkouts to run this test";

// The two checkouts as the index names them; empty when either is not set.
inline std::vector<RepoInput> realCheckouts()
{
    const QString sglang = qEnvironmentVariable("KATLAS_SGLANG_DIR");
    const QString flashinfer = qEnvironmentVariable("KATLAS_FLASHINFER_DIR");
    if (sglang.isEmpty() || flashinfer.isEmpty())
        return {};
    return {{"sglang", sglang}, {"flashinfer", flashinfer}};
}

// The shipped sglang profile, or why it did not load.
inline std::optional<Profile> sglangProfile(QString *error)
{
    ProfileError perr;
    std::optional<Profile> profile = loadBuiltinProfile(QStringLiteral("sglang"), &perr);
    if (!profile)
        *error = perr.toString();
    return profile;
}

} // namespace katlas::test
