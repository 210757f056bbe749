// Temporary index files and their cleanup (see temp_files.h).
#include "store/temp_files.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>
#include <mutex>
#include <signal.h>
#include <unistd.h>

namespace katlas {
namespace {

// Fixed slots the signal handler reads without allocating or locking: a
// path is copied in before its slot is marked used.
constexpr int kSlots = 8;
char g_paths[kSlots][PATH_MAX];
std::atomic_bool g_used[kSlots];

std::mutex &slotsMutex()
{
    static std::mutex m;
    return m;
}

void onFatalSignal(int sig)
{
    for (int i = 0; i < kSlots; ++i)
        if (g_used[i].load())
            ::unlink(g_paths[i]); // async-signal-safe
    // Ended by the signal as before, so the parent sees why.
    ::signal(sig, SIG_DFL);
    ::raise(sig);
}

// Checked at each registration: a signal the program handles itself (the
// CLI's SIGINT sets a cancel flag, and the writer cleans up) or ignores
// (nohup) is left as it is.
void installHandlers()
{
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
        struct sigaction old { };
        if (::sigaction(sig, nullptr, &old) != 0 || (old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL)
            continue;
        struct sigaction sa { };
        sa.sa_handler = onFatalSignal;
        sigemptyset(&sa.sa_mask);
        ::sigaction(sig, &sa, nullptr);
    }
}

bool processGone(qint64 pid)
{
    return pid > 0 && pid <= INT_MAX && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
}

} // namespace

QString tempPathFor(const QString &target)
{
    const QFileInfo info(target);
    return info.absolutePath() + QStringLiteral("/.") + info.fileName()
        + QStringLiteral(".tmp-%1").arg(QCoreApplication::applicationPid());
}

void registerTempFile(const QString &path)
{
    const QByteArray bytes = QFile::encodeName(path);
    if (bytes.size() >= PATH_MAX)
        return;
    installHandlers();
    std::lock_guard lock(slotsMutex());
    for (int i = 0; i < kSlots; ++i) {
        if (g_used[i].load())
            continue;
        std::memcpy(g_paths[i], bytes.constData(), static_cast<size_t>(bytes.size()) + 1);
        g_used[i].store(true);
        return;
    }
}

void unregisterTempFile(const QString &path)
{
    const QByteArray bytes = QFile::encodeName(path);
    std::lock_guard lock(slotsMutex());
    for (int i = 0; i < kSlots; ++i)
        if (g_used[i].load() && bytes == g_paths[i])
            g_used[i].store(false);
}

int removeStaleTempFiles(const QString &target)
{
    const QFileInfo info(target);
    const QString prefix = QStringLiteral(".") + info.fileName() + QStringLiteral(".tmp-");
    int removed = 0;
    const QDir folder(info.absolutePath());
    for (const QString &name : folder.entryList(QDir::Files | QDir::Hidden | QDir::System)) {
        if (!name.startsWith(prefix))
            continue; // not a wildcard filter: the name may hold [ or *
        bool number = false;
        const qint64 pid = name.mid(prefix.size()).toLongLong(&number);
        if (number && pid != QCoreApplication::applicationPid() && processGone(pid)
            && QFile::remove(folder.filePath(name)))
            ++removed;
    }
    return removed;
}

} // namespace katlas
