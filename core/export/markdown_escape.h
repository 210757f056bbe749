// What a markdown report writes of names it does not control (file names,
// op and kernel names, sources, categories, model labels, guard text): text
// that cannot open a link, a tag or a table column, and link targets that
// stay one valid CommonMark destination whatever the path holds.
#pragma once

#include <string>
#include <string_view>

namespace katlas {

// Markdown syntax characters backslash-escaped; newlines become spaces, so a
// table cell stays one row of its table.
std::string markdownText(std::string_view text);

// A relative link target: every byte but letters, digits and `-._~/`
// percent-encoded ("my repo/a b.py" -> "my%20repo/a%20b.py"). `anchor`
// ("L12") follows a '#' as it is.
std::string linkTarget(std::string_view path, std::string_view anchor = {});

// The file path and anchor a link target names: an angle-bracket
// destination unwrapped, percent-encoding decoded ("a%20b.py#L3" -> "a b.py", "L3").
struct LinkTargetParts {
    std::string path;
    std::string anchor;
};
LinkTargetParts parseLinkTarget(std::string_view target);

// Markdown text with its backslash escapes removed (the link text as read).
std::string unescapeMarkdown(std::string_view text);

} // namespace katlas
