// Terminal progress bar (see progress_bar.h).
#include "progress_bar.h"

#include "cli_context.h"

#include <unistd.h>

namespace katlas::cli {

ProgressBar::ProgressBar() : m_tty(::isatty(STDERR_FILENO) && qEnvironmentVariable("TERM") != QLatin1String("dumb")) {}

void ProgressBar::update(const IndexProgress &p)
{
    if (!m_tty)
        return;
    const int percent = p.total > 0 ? 100 * p.done / p.total : 0;
    if (percent == m_lastPercent && p.phase == m_lastPhase)
        return;
    m_lastPercent = percent;
    m_lastPhase = p.phase;
    constexpr int width = 30;
    const int filled = width * percent / 100;
    err() << '\r' << phaseName(p.phase).leftJustified(10) << " [" << QString(filled, QLatin1Char('#'))
          << QString(width - filled, QLatin1Char(' ')) << "] " << QString::number(percent).rightJustified(3) << "% "
          << p.done << '/' << p.total << "   " << Qt::flush;
}

void ProgressBar::finish()
{
    if (m_tty && m_lastPercent >= 0)
        err() << '\r' << QString(70, QLatin1Char(' ')) << '\r' << Qt::flush;
}

} // namespace katlas::cli
