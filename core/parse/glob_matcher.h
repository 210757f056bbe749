// Glob patterns over '/'-separated relative paths: `**` crosses folders (and
// matches none), `*` and `?` stay within one folder name. Matching takes
// time linear in pattern x path and constant stack, whatever the pattern.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace katlas {

bool globMatch(std::string_view pattern, std::string_view path);

// A file passes when it matches some include (or there are none) and no exclude.
bool globSelected(const std::vector<std::string> &include, const std::vector<std::string> &exclude,
                  std::string_view path);

} // namespace katlas
