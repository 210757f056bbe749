// Profile regular expressions (see profile_pattern.h).
#include "profile/profile_pattern.h"

namespace katlas {

ProfilePattern::ProfilePattern(const std::string &text)
    : m_search(QString::fromStdString(text)),
      m_whole(QRegularExpression::anchoredPattern(QString::fromStdString(text)))
{
    m_search.optimize();
    m_whole.optimize();
}

bool ProfilePattern::search(const std::string &text) const
{
    return m_search.match(QString::fromStdString(text)).hasMatch();
}

std::optional<std::string> ProfilePattern::substitute(const std::string &text, const std::string &format, bool whole) const
{
    const QRegularExpressionMatch m = (whole ? m_whole : m_search).match(QString::fromStdString(text));
    if (!m.hasMatch())
        return std::nullopt;
    std::string out;
    for (size_t i = 0; i < format.size(); ++i) {
        if (format[i] == '$' && i + 1 < format.size() && format[i + 1] >= '0' && format[i + 1] <= '9') {
            out += m.captured(format[i + 1] - '0').toStdString();
            ++i;
        } else {
            out += format[i];
        }
    }
    return out;
}

} // namespace katlas
