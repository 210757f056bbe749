// A regular expression of the profile (guard, function and category rules),
// compiled once with PCRE2's JIT through QRegularExpression: the indexer
// tries every rule on every distinct guard, so std::regex was too slow.
#pragma once

#include <QRegularExpression>

#include <optional>
#include <string>

namespace katlas {

class ProfilePattern {
public:
    ProfilePattern() = default;
    explicit ProfilePattern(const std::string &text);

    bool isValid() const { return m_search.isValid(); }
    QString errorString() const { return m_search.errorString(); }

    // True when the pattern occurs anywhere in `text`.
    bool search(const std::string &text) const;
    // `format` with $0..$9 replaced by the groups of the first occurrence (or
    // of a whole-text match when `whole`), or nothing when there is none.
    std::optional<std::string> substitute(const std::string &text, const std::string &format, bool whole) const;

private:
    QRegularExpression m_search;
    QRegularExpression m_whole;
};

} // namespace katlas
